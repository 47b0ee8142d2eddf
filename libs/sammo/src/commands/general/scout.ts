import { GameConst } from '../../world/constants';
import { withJosa } from '../../world/josa';
import { dissolveTroop } from '../../world/troops';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { phpRound } from '../../world/php-math';
import { relYear } from '../../world/queries';
import type { General, ScoutLetter, World } from '../../world/types';
import { argInt, argObject } from '../args';
import type { CommandContext, CommandDef, Constraint } from '../command';
import { notBeNeutral, occupiedCity, reqGeneralGold, suppliedCity } from '../constraints';
import { keepMaxBelong, increaseInheritancePoint } from '../../world/inheritance';
import { sendScoutLetter } from '../../world/scout-letters';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

export interface ScoutArg {
  destGeneralId: number;
}

const notOnlyRandom: Constraint<unknown> = (c) => (c.world.env.joinMode === 'onlyRandom' ? '랜덤 임관만 가능합니다' : null);
const target = (c: CommandContext, a: ScoutArg): General | undefined => c.world.generals.get(a.destGeneralId);

/** What the letter costs: round(develcost + (experience + dedication) / 1000) × 10 gold. */
const cost = (c: CommandContext, a: ScoutArg) => {
  const dest = target(c, a)!;
  return phpRound(c.world.env.develcost + (dest.experience + dest.dedication) / 1000) * 10;
};

/**
 * 등용 {destGeneralId} (legacy che_등용): a member sends a general of another nation (or none)
 * a scout letter, which its player may accept (등용수락) or decline. Costs round(develcost +
 * (its exp + ded) / 1000) × 10 gold; exp +100, ded +200, a point of leadership exp. Rulers
 * get no letters. The unique-item lottery follows it, as in the legacy.
 */
export const scout: CommandDef<ScoutArg> = {
  key: 'che_등용',
  name: '등용',
  id: 'scout',
  kind: 'general',
  // Legacy takes any other id here: the general may be gone by the turn (없는 장수입니다).
  readArg: (raw) => ({ destGeneralId: argInt(argObject(raw, 'scout'), 'destGeneralId', 'scout', 1, Number.MAX_SAFE_INTEGER) }),
  constraints: [
    notOnlyRandom,
    notBeNeutral,
    occupiedCity,
    suppliedCity,
    (c, a) => (target(c, a) ? null : '없는 장수입니다.'),
    (c, a) => (a.destGeneralId === c.general.id || target(c, a)!.nation === c.general.nation ? '같은 국가의 장수입니다.' : null),
    reqGeneralGold(cost),
    (c, a) => (target(c, a)!.officerLevel === 12 ? '군주에게는 등용장을 보낼 수 없습니다.' : null),
  ],
  run(ctx, arg) {
    const { world, general } = ctx;
    const dest = target(ctx, arg)!;
    const gold = cost(ctx, arg);
    sendScoutLetter(world, general, dest);
    generalLog(world, general.id, `${dest.name}에게 등용 권유 서신을 보냈습니다.`);
    for (const line of addExperience(general, 100)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 200)) generalLog(world, general.id, line);
    general.leadershipExp += 1;
    general.gold = Math.max(general.gold - gold, 0);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};

/** The acceptance's argument: the letter's sender and nation (legacy `destGeneralID`, `destNationID`). */
export interface AcceptScoutArg {
  letter: ScoutLetter;
}

const destNation = (c: CommandContext, a: AcceptScoutArg) => c.world.nations.get(a.letter.fromNation);

/**
 * 등용수락 (legacy che_등용수락): never reserved; run at once when the receiver accepts a scout
 * letter (legacy runs it without a stream). Only a general of no nation may accept: it joins
 * the letter's nation in its capital as a plain officer; it and the sender gain exp and ded
 * +100; a player's killturn is reset.
 */
export const acceptScout: CommandDef<AcceptScoutArg> = {
  key: 'che_등용수락',
  name: '등용 수락',
  id: 'acceptScout',
  kind: 'general',
  readArg: () => {
    throw new Error('등용수락 is run by accepting a scout letter, never from a queue');
  },
  constraints: [
    notOnlyRandom,
    (c, a) => (destNation(c, a) ? null : '멸망한 국가입니다.'),
    (c) => (c.general.nation !== 0 ? '재야가 아닙니다.' : null),
    // AllowJoinDestNation as legacy has it (the opening limit and a closed door).
    (c, a) => (relYear(c.world) < GameConst.openingPartYear && destNation(c, a)!.gennum >= GameConst.initialNationGenLimit ? '임관이 제한되고 있습니다.' : null),
    (c, a) => (destNation(c, a)!.scout === 1 ? '임관이 금지되어 있습니다.' : null),
    (c, a) => (destNation(c, a)!.level > 0 ? null : '방랑군에는 임관할 수 없습니다.'),
    (c, a) => (a.letter.fromNation === c.general.nation ? '이미 같은 국가입니다.' : null),
    (c) => (c.general.officerLevel === 12 ? '군주는 등용장을 수락할 수 없습니다' : null),
  ],
  run(ctx, arg) {
    const { world, general } = ctx;
    const nation = destNation(ctx, arg)!;
    const sender = world.generals.get(arg.letter.fromGeneral);
    if (sender) {
      for (const line of addExperience(sender, 100)) generalLog(world, sender.id, line);
      for (const line of addDedication(sender, 100)) generalLog(world, sender.id, line);
    }
    for (const line of addExperience(general, 100)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 100)) generalLog(world, general.id, line);
    if (general.npc < 2) general.killturn = world.env.killturn;
    nation.gennum += 1;
    if (general.troop === general.id) dissolveTroop(world, general.id);
    keepMaxBelong(general);
    general.belong = 1;
    general.officerLevel = 1;
    general.officerCity = 0;
    delete general.permission;
    general.nation = nation.id;
    general.city = nation.capital;
    general.troop = 0;
    increaseInheritancePoint(world, general, 'active_action', 1);
    generalLog(world, general.id, `${withJosa(nation.name, '으로')} 망명하여 수도로 이동합니다.`);
    if (sender) generalLog(world, sender.id, `${general.name} 등용에 성공했습니다.`);
    chronicle(world, `${withJosa(general.name, '이')} ${withJosa(nation.name, '으로')} 망명하였습니다.`);
    return true;
  },
};

/**
 * After an acceptance legacy also voids the scout letters in the *sender's* mailbox
 * (`ScoutMessage::invalidateAll($src->generalID)`), not the receiver's; this follows it.
 */
export function settleScoutLetter(world: World, letter: ScoutLetter, accepted: boolean): void {
  world.scoutLetters = world.scoutLetters.filter((l) => l !== letter && !(accepted && l.toGeneral === letter.fromGeneral));
  if (accepted) return;
  const receiver = world.generals.get(letter.toGeneral);
  const nation = world.nations.get(letter.fromNation);
  generalLog(world, letter.toGeneral, `${withJosa(nation?.name ?? '', '으로')} 망명을 거부했습니다.`);
  generalLog(world, letter.fromGeneral, `${withJosa(receiver?.name ?? '', '이')} 등용을 거부했습니다.`);
}

import { Diplo } from '../../world/constants';
import { generalLog, nationLog } from '../../world/logbook';
import type { DiplomacyLetter, World } from '../../world/types';
import { argInt, argNation, argObject } from '../args';
import type { CommandContext, CommandDef, Constraint } from '../command';
import { beChief, notBeNeutral, occupiedCity, suppliedCity } from '../constraints';
import { chiefInOwnSuppliedCity } from './grant-arg';
import { disallowDiplomacy, readDestNation, type DestNationArg } from './declare-war';
import { josa, withJosa } from '../../world/josa';

/** `year * 12 + month − 1`: months since year 0 (legacy `joinYearMonth`-style comparisons). */
const monthIndex = (year: number, month: number) => year * 12 + month - 1;

const existsDestNation: Constraint<DestNationArg> = (c, a) => (c.world.nations.has(a.destNationId) ? null : '멸망한 국가입니다.');
const differentDestNation: Constraint<DestNationArg> = (c, a) => (a.destNationId === c.general.nation ? '이미 같은 국가입니다.' : null);

/** AllowDiplomacyBetweenStatus: the row towards the destination is in one of the states. */
function allowDiplomacy(states: readonly number[], reason: string): Constraint<DestNationArg> {
  return (c, a) => (states.includes(c.world.diplomacy.get(`${c.general.nation}:${a.destNationId}`)?.state ?? -1) ? null : reason);
}

/**
 * Sends the letter: valid for max(30, 3 × turnterm) minutes from the chief's turn (legacy).
 * The receiving nation reads `detail` (the pact's end, for a 불가침 제의); the sender's log the title,
 * with the particle fitted to `particleOf` (legacy 불가침제의 fits it to the sender's own name).
 */
function send(ctx: CommandContext, kind: DiplomacyLetter['kind'], destNationId: number, until: DiplomacyLetter['until'], title: string, detail = title, particleOf?: string): void {
  const { world, general } = ctx;
  const letter: DiplomacyLetter = {
    id: world.env.nextLetterId++, kind, fromNation: general.nation, toNation: destNationId, fromGeneral: general.id, until,
    validUntil: general.turntime + Math.max(30, world.env.turnterm * 3) * 60_000,
  };
  world.letters.push(letter);
  const dest = world.nations.get(destNationId)!;
  generalLog(world, general.id, `${dest.name}${josa(particleOf ?? dest.name, '으로')} ${title} 서신을 보냈습니다.`);
  nationLog(world, destNationId, `${ctx.nation!.name}의 ${detail} 서신이 도착했습니다.`);
}

export interface NonAggressionArg extends DestNationArg {
  year: number;
  month: number;
}

/** 불가침제의 {destNationId, year, month}: a pact until that month, at least six months away. */
export const proposeNonAggression: CommandDef<NonAggressionArg> = {
  key: 'che_불가침제의',
  name: '불가침 제의',
  id: 'proposeNonAggression',
  kind: 'nation',
  readArg(raw, world) {
    const o = argObject(raw, 'proposeNonAggression');
    return {
      destNationId: argNation(o, 'destNationId', 'proposeNonAggression', world),
      year: argInt(o, 'year', 'proposeNonAggression', world.env.startyear, 9999),
      month: argInt(o, 'month', 'proposeNonAggression', 1, 12),
    };
  },
  constraints: [
    (c, a) => (monthIndex(a.year, a.month) < monthIndex(c.year, c.month) + 6 ? '기한은 6개월 이상이어야 합니다.' : null),
    beChief,
    notBeNeutral,
    existsDestNation,
    differentDestNation,
    disallowDiplomacy({ [Diplo.war]: '아국과 이미 교전중입니다.', [Diplo.declared]: '아국과 이미 선포중입니다.' }),
  ],
  run(ctx, arg) {
    send(ctx, 'nonAggression', arg.destNationId, { year: arg.year, month: arg.month }, '불가침 제의', `${arg.year}년 ${arg.month}월까지 불가침 제의`, ctx.nation!.name);
    return true;
  },
};

/** 종전제의 {destNationId}: to a nation the chief's is at war with or has declared on. */
export const proposePeace: CommandDef<DestNationArg> = {
  key: 'che_종전제의',
  name: '종전 제의',
  id: 'proposePeace',
  kind: 'nation',
  readArg: readDestNation('proposePeace'),
  constraints: [...chiefInOwnSuppliedCity, existsDestNation, allowDiplomacy([Diplo.war, Diplo.declared], '선포, 전쟁중인 상대국에게만 가능합니다.')],
  run(ctx, arg) {
    send(ctx, 'peace', arg.destNationId, null, '종전 제의');
    return true;
  },
};

/** 불가침파기제의 {destNationId}: to a non-aggression partner. */
export const proposeBreakNonAggression: CommandDef<DestNationArg> = {
  key: 'che_불가침파기제의',
  name: '불가침 파기 제의',
  id: 'proposeBreakNonAggression',
  kind: 'nation',
  readArg: readDestNation('proposeBreakNonAggression'),
  constraints: [...chiefInOwnSuppliedCity, existsDestNation, allowDiplomacy([Diplo.nap], '불가침 중인 상대국에게만 가능합니다.')],
  run(ctx, arg) {
    send(ctx, 'breakNonAggression', arg.destNationId, null, '불가침 파기 제의');
    return true;
  },
};

/**
 * The answers (legacy che_불가침수락, che_종전수락, che_불가침파기수락): commands no queue may hold,
 * run at once when a chief of the receiving nation accepts the letter. The argument is the
 * letter; the proposer must still serve the proposing nation.
 */
export interface LetterArg {
  letter: DiplomacyLetter;
}

const proposerStillServes: Constraint<LetterArg> = (c, a) =>
  c.world.generals.get(a.letter.fromGeneral)?.nation === a.letter.fromNation ? null : '제의 장수가 국가 소속이 아닙니다';
const senderExists: Constraint<LetterArg> = (c, a) => (c.world.nations.has(a.letter.fromNation) ? null : '멸망한 국가입니다.');
const towards = (a: LetterArg): DestNationArg => ({ destNationId: a.letter.fromNation });

/** Both rows of the pair to one state and term. */
function setBoth(world: World, a: number, b: number, state: number, term: number): void {
  for (const key of [`${a}:${b}`, `${b}:${a}`]) {
    const row = world.diplomacy.get(key);
    if (row) {
      row.state = state;
      row.term = term;
    }
  }
}

function answerCommand(key: string, name: string, constraints: readonly Constraint<LetterArg>[], effect: (ctx: CommandContext, letter: DiplomacyLetter) => string): CommandDef<LetterArg> {
  return {
    key, name, id: key, kind: 'nation',
    readArg: () => {
      throw new Error(`${name} is run by answering a letter, never from a queue`);
    },
    constraints,
    run(ctx, arg) {
      const line = effect(ctx, arg.letter);
      generalLog(ctx.world, ctx.general.id, line);
      generalLog(ctx.world, arg.letter.fromGeneral, line);
      return true;
    },
  };
}

export const acceptNonAggression = answerCommand('che_불가침수락', '불가침수락', [
  (c, a) => (monthIndex(a.letter.until!.year, a.letter.until!.month) + 1 <= monthIndex(c.year, c.month) ? '이미 기한이 지났습니다.' : null),
  beChief, notBeNeutral, occupiedCity, suppliedCity, senderExists, proposerStillServes,
  (c, a) => disallowDiplomacy({ [Diplo.war]: '아국과 이미 교전중입니다.', [Diplo.declared]: '아국과 이미 선포중입니다.' })(c, towards(a)),
], (ctx, letter) => {
  const { year, month } = letter.until!;
  // Legacy: term = (year × 12 + month) − (current year × 12 + month − 1).
  setBoth(ctx.world, ctx.general.nation, letter.fromNation, Diplo.nap, year * 12 + month - monthIndex(ctx.year, ctx.month));
  // The proposer's aid from the accepting nation counts as answered up to now (legacy `resp_assist`).
  const proposer = ctx.world.nations.get(letter.fromNation)!;
  const received = proposer.aidReceived?.find(([giver]) => giver === ctx.general.nation)?.[1] ?? 0;
  proposer.aidAnswered = { ...proposer.aidAnswered, [ctx.general.nation]: received };
  return `${withJosa(ctx.world.nations.get(letter.fromNation)!.name, '과')} ${year}년 ${month}월까지 불가침에 성공했습니다.`;
});

export const acceptPeace = answerCommand('che_종전수락', '종전수락', [
  beChief, notBeNeutral, senderExists, proposerStillServes,
  (c, a) => allowDiplomacy([Diplo.war, Diplo.declared], '선포, 전쟁중인 상대국에게만 가능합니다.')(c, towards(a)),
], (ctx, letter) => {
  setBoth(ctx.world, ctx.general.nation, letter.fromNation, Diplo.normal, 0);
  return `${withJosa(ctx.world.nations.get(letter.fromNation)!.name, '과')} 종전에 합의했습니다.`;
});

export const acceptBreakNonAggression = answerCommand('che_불가침파기수락', '불가침파기수락', [
  beChief, notBeNeutral, senderExists, proposerStillServes,
  (c, a) => allowDiplomacy([Diplo.nap], '불가침 중인 상대국에게만 가능합니다.')(c, towards(a)),
], (ctx, letter) => {
  setBoth(ctx.world, ctx.general.nation, letter.fromNation, Diplo.normal, 0);
  return `${withJosa(ctx.world.nations.get(letter.fromNation)!.name, '과')} 불가침을 파기했습니다.`;
});

/** The answer command for each kind of letter. */
export const LETTER_ANSWERS: Readonly<Record<DiplomacyLetter['kind'], CommandDef<LetterArg>>> = {
  nonAggression: acceptNonAggression,
  peace: acceptPeace,
  breakNonAggression: acceptBreakNonAggression,
};

/** Letters whose time ran out are dropped (legacy messages expire at `validUntil`). */
export function dropExpiredLetters(world: World): void {
  world.letters = world.letters.filter((l) => l.validUntil >= world.env.turntime);
  // Scout letters never expire; one whose receiver is gone can never be answered.
  world.scoutLetters = world.scoutLetters.filter((l) => world.generals.has(l.toGeneral));
}

import { relYear } from '../../world/queries';
import { generalLog } from '../../world/logbook';
import { GameConst } from '../../world/constants';
import { processWar } from '../../war/process-war';
import { distancesToDest, firstHopCandidates, passableNations } from '../../war/route';
import { addDex, crewTypeOf } from '../../stats/crew-types';
import type { CommandContext, CommandDef, Constraint } from '../command';
import { notBeNeutral, notSameDestCity, occupiedCity, reqGeneralCrew, reqGeneralRice } from '../constraints';
import { towardsCity, readDestCity, type DestCityArg } from './move';
import { phpRound } from '../../world/php-math';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

const notOpeningPart: Constraint<DestCityArg> = (c) => (relYear(c.world) < GameConst.openingPartYear ? '초반 제한 중에는 불가능합니다.' : null);
const allowWar: Constraint<DestCityArg> = (c) => (c.nation !== undefined && c.nation.war !== 0 ? '현재 전쟁 금지입니다.' : null);

/** HasRouteWithEnemy: the target is the wilderness, the own nation or one at war, and a route reaches it. */
const hasRouteWithEnemy: Constraint<DestCityArg> = (c, a) => {
  const allowed = passableNations(c.world, c.general.nation);
  if (!allowed.has(c.world.cities[a.destCityId]!.nation)) return '교전중인 국가가 아닙니다.';
  return distancesToDest(c.world, c.general.city, a.destCityId, allowed).size === 0 ? '경로에 도달할 방법이 없습니다.' : null;
};

/** The own city `run` drew when no enemy lay on the way, for the 이동 that replaces the turn. */
const ownHop = new WeakMap<CommandContext, number>();

/**
 * 출병 {destCityId} (§7.1): march towards the target; the first hop is drawn among the nearest
 * non-own neighbours on the way (only own ones: the turn becomes 이동 there). Dex grows by
 * crew/100, the city goes on alert (state 43, term 3), then the battle on its own stream.
 */
export const attack: CommandDef<DestCityArg> = {
  key: 'che_출병',
  name: '출병',
  id: 'attack',
  kind: 'general',
  readArg: readDestCity('attack'),
  failTarget: towardsCity,
  constraints: [
    notOpeningPart,
    notSameDestCity((a: DestCityArg) => a.destCityId),
    notBeNeutral,
    occupiedCity,
    reqGeneralCrew,
    reqGeneralRice((c) => phpRound(c.general.crew / 100)),
    allowWar,
    hasRouteWithEnemy,
  ],
  run(ctx, arg) {
    const { world, general, rng } = ctx;
    const distances = distancesToDest(world, general.city, arg.destCityId, passableNations(world, general.nation));
    const targetId = rng.choice(firstHopCandidates(distances, general.nation));
    const target = world.cities[targetId]!;
    if (target.nation === general.nation) {
      generalLog(world, general.id, targetId === arg.destCityId
        ? `본국입니다. ${withJosa(target.name, '으로')} 이동합니다.`
        : `가까운 경로에 적군 도시가 없습니다. ${withJosa(target.name, '으로')} 이동합니다.`);
      ownHop.set(ctx, targetId);
      return false;
    }
    if (targetId !== arg.destCityId) {
      // Legacy words a stop on the shortest way apart from one a step longer.
      const onShortest = distances.get([...distances.keys()][0]!)!.some(([city]) => city === targetId);
      const dest = withJosa(world.cities[arg.destCityId]!.name, '으로');
      generalLog(world, general.id, onShortest
        ? `${dest} 가기 위해 ${withJosa(target.name, '을')} 거쳐야 합니다.`
        : `${dest} 가는 도중 ${withJosa(target.name, '을')} 거치기로 합니다.`);
    }
    target.state = 43;
    target.term = 3;
    addDex(general, crewTypeOf(general.crewtype)!.armType, general.crew / 100, false);
    // A real sortie (over 500 soldiers, trained and spirited past 70 × 70) counts as an active action.
    if (general.crew > 500 && general.train * general.atmos > 70 * 70) increaseInheritancePoint(world, general, 'active_action', 1);
    if (!ctx.random) throw new Error('출병 needs the run streams (war, ConquerCity)');
    processWar(world, ctx.random, general, target);
    tryUniqueItemLottery(ctx);
    return true;
  },
  alternative(ctx) {
    const destCityId = ownHop.get(ctx);
    return destCityId === undefined ? null : { key: 'che_이동', arg: { destCityId } };
  },
};

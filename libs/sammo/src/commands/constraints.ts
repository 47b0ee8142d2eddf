import { GameConst } from '../world/constants';
import { withJosa } from '../world/josa';
import { relYear } from '../world/queries';
import type { World } from '../world/types';
import type { CommandContext, Constraint } from './command';

/**
 * The constraint kinds of §4 the implemented commands use. Each returns the message the
 * player reads in the command log when it fails, in the game's language.
 */
export const notBeNeutral: Constraint<unknown> = (c) => (c.general.nation === 0 ? '재야입니다.' : null);
export const beNeutral: Constraint<unknown> = (c) => (c.general.nation !== 0 ? '재야가 아닙니다.' : null);
export const notWanderingNation: Constraint<unknown> = (c) => (c.nation !== undefined && c.nation.level === 0 ? '방랑군은 불가능합니다.' : null);
export const occupiedCity: Constraint<unknown> = (c) => (c.city.nation !== c.general.nation ? '아국이 아닙니다.' : null);
export const suppliedCity: Constraint<unknown> = (c) => (c.city.supply === 0 ? '고립된 도시입니다.' : null);
export const beLord: Constraint<unknown> = (c) => (c.general.officerLevel !== 12 ? '군주가 아닙니다.' : null);
export const wanderingNation: Constraint<unknown> = (c) => (c.nation === undefined || c.nation.level !== 0 ? '방랑군이어야 합니다' : null);
export const beChief: Constraint<unknown> = (c) => (c.general.officerLevel < 5 ? '수뇌가 아닙니다.' : null);
export const notLord: Constraint<unknown> = (c) => (c.general.officerLevel === 12 ? '군주입니다.' : null);
/** Legacy BeOpeningPart(relYear + 1), as 거병 and 건국 ask it: the opening's last year already counts as past. */
export const beOpeningPartNextYear: Constraint<unknown> = (c) => (relYear(c.world) + 1 < GameConst.openingPartYear ? null : '초반이 지났습니다.');
/** A nation with a capital (not a wandering band). */
export const hasCapital: Constraint<unknown> = (c) => (c.nation!.capital === 0 ? '방랑상태에서는 불가능합니다.' : null);
/** What 증축 and 감축 ask first, in legacy's order: a chief of a settled nation, in an own supplied city. */
export const chiefInOwnSuppliedCity: readonly Constraint<unknown>[] = [notBeNeutral, hasCapital, occupiedCity, beChief, suppliedCity];
export const notOpeningPart: Constraint<unknown> = (c) => (relYear(c.world) < GameConst.openingPartYear ? '초반 제한 중에는 불가능합니다.' : null);

export function reqGeneralGold<A>(amount: (c: CommandContext, a: A) => number): Constraint<A> {
  return (c, a) => (c.general.gold < amount(c, a) ? '자금이 모자랍니다.' : null);
}

export function reqGeneralRice<A>(amount: (c: CommandContext, a: A) => number): Constraint<A> {
  return (c, a) => (c.general.rice < amount(c, a) ? '군량이 모자랍니다.' : null);
}

export const reqGeneralCrew: Constraint<unknown> = (c) => (c.general.crew <= 0 ? '병사가 모자랍니다.' : null);

/** Legacy ReqGeneralTrainMargin: training below the commands' maximum less `margin`. */
export const reqTrainMargin = (margin: number): Constraint<unknown> => (c) =>
  c.general.train >= GameConst.maxTrainByCommand - margin ? '병사들은 이미 정예병사들입니다.' : null;

/** Legacy ReqGeneralAtmosMargin: morale below the commands' maximum less `margin`. */
export const reqAtmosMargin = (margin: number): Constraint<unknown> => (c) =>
  c.general.atmos >= GameConst.maxAtmosByCommand - margin ? '이미 사기는 하늘을 찌를듯 합니다.' : null;

type CityStat = 'agri' | 'comm' | 'secu' | 'def' | 'wall' | 'pop';

/** RemainCityCapacity: the stat is not at its maximum yet. */
/** RemainCityCapacity(key, actionName): refused, in the command's name, once the city is at its maximum. */
export function remainCityCapacity(stat: CityStat, commandName: string): Constraint<unknown> {
  const max = `${stat}Max` as `${CityStat}Max`;
  return (c) => (c.city[stat] >= c.city[max] ? `${withJosa(commandName, '은')} 충분합니다.` : null);
}

export const remainCityTrust: Constraint<unknown> = (c) => (c.city.trust >= 100 ? '주민 선정은 충분합니다.' : null);

export function reqCityTrust(min: number): Constraint<unknown> {
  return (c) => (c.city.trust < min ? '민심이 낮아 주민들이 도망갑니다.' : null);
}

/** NearCity(d): the destination is within d steps of the general's city (the legacy words it by d). */
export function nearCity<A>(dest: (a: A) => number, distance: number): Constraint<A> {
  const reason = distance === 1 ? '인접도시가 아닙니다.' : '거리가 너무 멉니다.';
  return (c, a) => (cityDistance(c.world, c.city.id, dest(a), distance) > distance ? reason : null);
}

export function notSameDestCity<A>(dest: (a: A) => number): Constraint<A> {
  return (c, a) => (dest(a) === c.city.id ? '같은 도시입니다.' : null);
}

export function occupiedDestCity<A>(dest: (a: A) => number): Constraint<A> {
  return (c, a) => (c.world.cities[dest(a)]!.nation !== c.general.nation ? '대상 도시가 아국이 아닙니다.' : null);
}

export function suppliedDestCity<A>(dest: (a: A) => number): Constraint<A> {
  return (c, a) => (c.world.cities[dest(a)]!.supply === 0 ? '고립된 도시입니다.' : null);
}

/**
 * The chief's hold on both ends of a city-to-city nation command (천도, 초토화): the city the
 * chief stands in and the target are the nation's own and supplied, checked in the legacy's order.
 */
export function chiefOverOwnDestCity<A extends { destCityId: number }>(): Constraint<A>[] {
  const dest = (a: A) => a.destCityId;
  return [occupiedCity, occupiedDestCity(dest), beChief, suppliedCity, suppliedDestCity(dest)];
}

export function friendlyDestGeneral<A>(dest: (a: A) => number): Constraint<A> {
  return (c, a) => (c.world.generals.get(dest(a))?.nation !== c.general.nation ? '아국 장수가 아닙니다.' : null);
}

/** 포상, 몰수, 발령 to oneself: legacy replaces every condition with AlwaysFail('본인입니다'). */
export function notSelfDestGeneral<A>(dest: (a: A) => number): Constraint<A> {
  return (c, a) => (dest(a) === c.general.id ? '본인입니다' : null);
}

/** 증여, 선양, 장수대상임관 to oneself: legacy's argTest refuses the argument. */
export function notSelfArgument<A>(dest: (a: A) => number): Constraint<A> {
  return (c, a) => (dest(a) === c.general.id ? '인자가 올바르지 않습니다.' : null);
}

/** AllowJoinAction: the general may join a nation again (makelimit spent). */
export const allowJoinAction: Constraint<unknown> = (c) =>
  // Legacy names the full wait (joinActionLimit), not the turns left.
  c.general.makelimit > 0 ? `재야가 된지 ${GameConst.joinActionLimit}턴이 지나야 합니다.` : null;

/**
 * AllowJoinDestNation, in the legacy order: full in the early years, scout closed, joined
 * before (aux `joinedNations`).
 */
export function allowJoinDestNation<A>(dest: (c: CommandContext, a: A) => number): Constraint<A> {
  return (c, a) => {
    const nation = c.world.nations.get(dest(c, a));
    if (!nation) return '멸망한 국가입니다.';
    if (relYear(c.world) < GameConst.openingPartYear && nation.gennum >= GameConst.initialNationGenLimit) return '현재는 임관이 제한되어 있습니다.';
    if (nation.scout !== 0) return '임관이 금지되어 있습니다.';
    if (c.general.aux.joinedNations?.includes(nation.id)) return '이미 임관했었던 국가입니다.';
    return null;
  };
}

/** BFS distance between two cities over the whole map; `limit + 1` when farther than `limit`. */
export function cityDistance(world: World, from: number, to: number, limit: number): number {
  if (from === to) return 0;
  let layer = [from];
  const seen = new Set<number>(layer);
  for (let d = 1; d <= limit; d++) {
    const next: number[] = [];
    for (const id of layer) {
      for (const n of world.cities[id]!.neighbours) {
        if (n === to) return d;
        if (!seen.has(n)) {
          seen.add(n);
          next.push(n);
        }
      }
    }
    layer = next;
  }
  return limit + 1;
}

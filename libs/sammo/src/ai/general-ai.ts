import type { Json } from '@chronicle/engine';
import { CREW_TYPES, crewTypeOf } from '../commands/crew-types';
import { GENERAL_COMMANDS } from '../commands/registry';
import { joinableNations } from '../commands/general/join';
import type { RandUtil } from '../rng/rand-util';
import { Diplo, REST_KEY } from '../world/constants';
import { REST_SLOT } from '../world/queries';
import type { City, General, TurnSlot, World } from '../world/types';
import { contextFor, feasible } from './feasible';

const slot = (action: string, arg: Json = null): TurnSlot => ({ action, arg });

/** AI thresholds (§8 values). */
const reqNationGold = 10000;
const minWarCrew = 1500;
const properWarTrainAtmos = 90;
const minNpcRecruitCityPopulation = 50000;

/**
 * GeneralAI (§8) over the implemented commands, drawing only from the general's
 * `GeneralAI` stream. Priorities: a valid reserved command, rest when hurt, a wanderer's
 * joining, NPC사망대비 (an NPC about to die hands its gold to the nation), 귀환, 금쌀구매,
 * NPC헌납, 징병 and 전투준비 while the nation is at war,
 * 일반내정 by weight, 내정워프; else 휴식. War moves (출병, 전방워프) are not implemented.
 */
export function chooseGeneralTurn(world: World, general: General, reserved: TurnSlot, rng: RandUtil): TurnSlot {
  const ctx = contextFor(world, general, rng);
  if (reserved.action !== REST_KEY) {
    const command = GENERAL_COMMANDS.get(reserved.action);
    if (command && feasible(ctx, command, reserved.arg)) return reserved;
  }
  if (general.npc === 5 || general.injury > 10) return REST_SLOT;
  const try_ = (action: string, arg: Json = null): TurnSlot | null => (feasible(ctx, GENERAL_COMMANDS.get(action)!, arg) ? slot(action, arg) : null);

  if (general.nation === 0) {
    if (joinableNations(ctx).length > 0 && rng.nextBool(0.2)) return try_('che_랜덤임관') ?? REST_SLOT;
    return REST_SLOT;
  }
  const nation = ctx.nation!;
  const city = ctx.city;
  if (general.npc >= 2 && general.killturn <= 5 && general.gold >= 100) {
    const farewell = try_('che_헌납', { isGold: true, amount: Math.min(10000, Math.floor(general.gold / 100) * 100) });
    if (farewell) return farewell;
  }
  if (city.nation !== general.nation) return try_('che_귀환') ?? REST_SLOT;

  const develGold = world.env.develcost * 30;
  if (general.rice < 500 && general.gold >= develGold + 1000) {
    const buy = try_('che_군량매매', { buyRice: true, amount: Math.min(10000, Math.floor((general.gold - develGold) / 200) * 100) });
    if (buy) return buy;
  }
  if (nation.gold < reqNationGold && general.gold > develGold * 3) {
    const gift = try_('che_헌납', { isGold: true, amount: Math.min(10000, Math.floor((general.gold - develGold) / 100) * 100) });
    if (gift) return gift;
  }

  if (atWar(world, general.nation) && general.leadership >= 40) {
    if (general.crew < Math.min((general.leadership - 2) * 100, minWarCrew) && city.pop >= minNpcRecruitCityPopulation) {
      const recruit = try_('che_징병', { crewType: crewTypeOf(general.crewtype) ? general.crewtype : CREW_TYPES[0]!.id, amount: general.leadership * 100 });
      if (recruit) return recruit;
    }
    if (general.crew > 0 && (general.train < properWarTrainAtmos || general.atmos < properWarTrainAtmos)) {
      const options: [TurnSlot, number][] = [];
      const drill = try_('che_훈련');
      if (drill) options.push([drill, 100 / Math.max(general.train, 1)]);
      const rally = general.atmos < properWarTrainAtmos ? try_('che_사기진작') : null;
      if (rally) options.push([rally, 100 / Math.max(general.atmos, 1)]);
      if (options.length > 0) return rng.choiceUsingWeight(options);
    }
  }

  const domestic = domesticWeights(world, general, city, rng).filter(([s]) => feasible(ctx, GENERAL_COMMANDS.get(s.action)!, s.arg));
  if (domestic.length > 0) return rng.choiceUsingWeight(domestic);

  const warp = city.neighbours.filter((id) => {
    const c = world.cities[id]!;
    return c.nation === general.nation && c.supply === 1 && developmentRate(c) < 0.95;
  });
  if (warp.length > 0) return try_('che_이동', { destCityId: rng.choice(warp) }) ?? REST_SLOT;
  return REST_SLOT;
}

/** 일반내정 weights (§8) by the general's type: 통솔장, 무장, 지장. */
function domesticWeights(world: World, general: General, city: City, rng: RandUtil): [TurnSlot, number][] {
  const out: [TurnSlot, number][] = [];
  const { leadership: l, strength: s, intel: i } = general;
  const warrior = s >= i || (s >= i * 0.8 && rng.nextBool(0.5));
  const scholar = i > s || (i >= s * 0.8 && rng.nextBool(0.5));
  if (l >= 40) {
    const trust = city.trust / 100;
    if (trust < 0.98) out.push([slot('che_주민선정'), (l / Math.max(trust / 2 - 0.2, 0.001)) * 2]);
    const pop = city.pop / city.popMax;
    if (pop < 0.8) out.push([slot('che_정착장려'), l / Math.max(pop, 0.001)]);
    else if (pop < 0.99) out.push([slot('che_정착장려'), l / (pop * 4)]);
  }
  if (warrior) {
    const def = city.def / city.defMax;
    const wall = city.wall / city.wallMax;
    const secu = city.secu / city.secuMax;
    if (def < 1) out.push([slot('che_수비강화'), s / Math.max(def, 0.001)]);
    if (wall < 1) out.push([slot('che_성벽보수'), s / Math.max(wall, 0.001)]);
    if (secu < 0.9) out.push([slot('che_치안강화'), s / Math.max(secu / 0.8, 0.001)]);
    else if (secu < 1) out.push([slot('che_치안강화'), s / 2 / secu]);
  }
  if (scholar) {
    const nation = world.nations.get(general.nation)!;
    const techLevel = Math.min(12, Math.floor(nation.tech / 1000));
    const allowed = Math.min(12, Math.max(1, Math.floor((world.env.year - world.env.startyear) / 5) + 1));
    if (techLevel < allowed) out.push([slot('che_기술연구'), i / (((nation.tech % 1000) + 1) / 2000)]);
    const agri = city.agri / city.agriMax;
    const comm = city.comm / city.commMax;
    const early = world.env.month <= 6;
    if (agri < 1) out.push([slot('che_농지개간'), ((early ? 1.2 : 0.8) * i) / Math.max(agri, 0.001)]);
    if (comm < 1) out.push([slot('che_상업투자'), ((early ? 0.8 : 1.2) * i) / Math.max(comm, 0.001)]);
  }
  return out;
}

export function developmentRate(city: City): number {
  return (city.agri / city.agriMax + city.comm / city.commMax + city.secu / city.secuMax + city.def / city.defMax + city.wall / city.wallMax) / 5;
}

function atWar(world: World, nationId: number): boolean {
  for (const [key, d] of world.diplomacy) {
    if ((d.state === Diplo.war || d.state === Diplo.declared) && key.startsWith(`${nationId}:`)) return true;
  }
  return false;
}

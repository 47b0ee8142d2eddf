import type { Json } from '@chronicle/engine';
import { CREW_TYPES, crewTypeOf } from '../commands/crew-types';
import { GENERAL_COMMANDS } from '../commands/registry';
import { joinableNations } from '../commands/general/join-random';
import type { RandUtil } from '../rng/rand-util';
import type { AiSession } from './ai-session';
import { Diplo, GameConst, REST_KEY } from '../world/constants';
import { REST_SLOT } from '../world/queries';
import type { City, General, Nation, TurnSlot, World } from '../world/types';
import { contextFor, feasible } from '../commands/feasible';

const slot = (action: string, arg: Json = null): TurnSlot => ({ action, arg });

/** AI thresholds (§8 values). */
const reqNationGold = 10000;
const minWarCrew = 1500;
const properWarTrainAtmos = 90;
const minNpcRecruitCityPopulation = 50000;

/** What a priority sees: the general's context, its stream, and a feasibility-checked slot maker. */
interface AiTurn {
  world: World;
  general: General;
  nation: Nation;
  city: City;
  rng: RandUtil;
  ai: AiSession;
  /** The slot when the command's argument reads and its full condition holds, else null. */
  attempt(action: string, arg?: Json): TurnSlot | null;
}

type Priority = (t: AiTurn) => TurnSlot | null;

const develGold = (t: AiTurn) => t.world.env.develcost * 30;

/**
 * The general priorities of §8 that the implemented commands can serve, in the
 * reference's order (출병, 긴급내정, 전방워프, 후방워프, 전쟁내정 and 소집해제 are not implemented).
 */
const PRIORITIES: readonly (readonly [string, Priority])[] = [
  ['NPC사망대비', (t) =>
    t.general.npc >= 2 && t.general.killturn <= 5 && t.general.gold >= 100
      ? t.attempt('che_헌납', { isGold: true, amount: Math.min(10000, Math.floor(t.general.gold / 100) * 100) })
      : null],
  ['귀환', (t) => (t.city.nation !== t.general.nation ? (t.attempt('che_귀환') ?? REST_SLOT) : null)],
  ['금쌀구매', (t) =>
    t.general.rice < 500 && t.general.gold >= develGold(t) + 1000
      ? t.attempt('che_군량매매', { buyRice: true, amount: Math.min(10000, Math.floor((t.general.gold - develGold(t)) / 200) * 100) })
      : null],
  ['전투준비', (t) => {
    const g = t.general;
    if (!atWar(t.world, g.nation) || g.crew <= 0 || (g.train >= properWarTrainAtmos && g.atmos >= properWarTrainAtmos)) return null;
    const options: [TurnSlot, number][] = [];
    const drill = t.attempt('che_훈련');
    if (drill) options.push([drill, 100 / Math.max(g.train, 1)]);
    const rally = g.atmos < properWarTrainAtmos ? t.attempt('che_사기진작') : null;
    if (rally) options.push([rally, 100 / Math.max(g.atmos, 1)]);
    return options.length > 0 ? t.rng.choiceUsingWeight(options) : null;
  }],
  ['NPC헌납', (t) =>
    t.general.npc >= 2 && t.nation.gold < reqNationGold && t.general.gold > develGold(t) * 3
      ? t.attempt('che_헌납', { isGold: true, amount: Math.min(10000, Math.floor((t.general.gold - develGold(t)) / 100) * 100) })
      : null],
  ['징병', (t) => {
    const g = t.general;
    if (!atWar(t.world, g.nation) || g.leadership < GameConst.minNPCWarLeadership) return null;
    if (g.crew >= Math.min((g.leadership - 2) * 100, minWarCrew) || t.city.pop < minNpcRecruitCityPopulation) return null;
    return t.attempt('che_징병', { crewType: crewTypeOf(g.crewtype) ? g.crewtype : CREW_TYPES[0]!.id, amount: g.leadership * 100 });
  }],
  ['일반내정', (t) => {
    const weighted = domesticWeights(t.world, t.general, t.city, t.ai).filter(([s]) => t.attempt(s.action, s.arg) !== null);
    return weighted.length > 0 ? t.rng.choiceUsingWeight(weighted) : null;
  }],
  ['내정워프', (t) => {
    const targets = t.city.neighbours.filter((id) => {
      const c = t.world.cities[id]!;
      return c.nation === t.general.nation && c.supply === 1 && developmentRate(c) < 0.95;
    });
    return targets.length > 0 ? t.attempt('che_이동', { destCityId: t.rng.choice(targets) }) : null;
  }],
];

/**
 * GeneralAI (§8) over the implemented commands, drawing only from the general's
 * `GeneralAI` stream. Before the priorities: a valid reserved command, rest when hurt or
 * a troop dummy, and a wanderer's occasional joining; after them, 휴식.
 */
export function chooseGeneralTurn(world: World, general: General, reserved: TurnSlot, ai: AiSession): TurnSlot {
  const rng = ai.rng;
  const ctx = contextFor(world, general, rng);
  if (reserved.action !== REST_KEY) {
    const command = GENERAL_COMMANDS.get(reserved.action);
    if (command && feasible(ctx, command, reserved.arg)) return reserved;
  }
  if (general.npc === 5 || general.injury > 10) return REST_SLOT;
  const attempt = (action: string, arg: Json = null): TurnSlot | null => (feasible(ctx, GENERAL_COMMANDS.get(action)!, arg) ? slot(action, arg) : null);
  if (general.nation === 0) {
    return joinableNations(ctx).length > 0 && rng.nextBool(0.2) ? (attempt('che_랜덤임관') ?? REST_SLOT) : REST_SLOT;
  }
  const turn: AiTurn = { world, general, nation: ctx.nation!, city: ctx.city, rng, ai, attempt };
  for (const [, priority] of PRIORITIES) {
    const chosen = priority(turn);
    if (chosen) return chosen;
  }
  return REST_SLOT;
}

/** 일반내정 weights (§8) by the general's type: 통솔장, 무장, 지장. */
function domesticWeights(world: World, general: General, city: City, ai: AiSession): [TurnSlot, number][] {
  const out: [TurnSlot, number][] = [];
  const { leadership: l, strength: s, intel: i } = general;
  const { warrior, scholar } = ai;
  if (ai.commander) {
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

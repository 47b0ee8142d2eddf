import type { Json } from '@chronicle/engine';
import { NATION_COMMANDS } from '../commands/registry';
import type { RandUtil } from '../rng/rand-util';
import { REST_KEY } from '../world/constants';
import { nationLog } from '../world/logbook';
import { citiesOfNation, generalsOfNation, lowestChiefLevel, REST_SLOT } from '../world/queries';
import type { General, Nation, TurnSlot, World } from '../world/types';
import { contextFor, feasible } from '../commands/feasible';
import { developmentRate } from './general-ai';

/** What a nation priority sees. */
interface ChiefTurn {
  world: World;
  nation: Nation;
  chief: General;
  members: General[];
  rng: RandUtil;
  attempt(key: string, arg: Json): TurnSlot | null;
}

const isUser = (g: General) => g.npc < 2;

/** 긴급포상: the poorest member short of ten develcosts of gold gets 1000, users before NPCs. */
function urgentReward(t: ChiefTurn, users: boolean): TurnSlot | null {
  if (t.nation.gold <= 5000) return null;
  const needy = t.members
    .filter((g) => isUser(g) === users && g.gold < t.world.env.develcost * 10)
    .sort((a, b) => a.gold - b.gold || a.id - b.id)[0];
  return needy ? t.attempt('che_포상', { isGold: true, amount: 1000, destGeneralId: needy.id }) : null;
}

/** 내정발령: a member idling in a developed city goes to the least developed supplied one. */
function domesticAssignment(t: ChiefTurn, users: boolean): TurnSlot | null {
  const target = citiesOfNation(t.world, t.nation.id)
    .filter((c) => c.supply === 1)
    .sort((a, b) => developmentRate(a) - developmentRate(b) || a.id - b.id)[0];
  if (!target || developmentRate(target) >= 0.9) return null;
  const idle = t.members.filter((g) => {
    const c = t.world.cities[g.city]!;
    return isUser(g) === users && c.nation === t.nation.id && c.id !== target.id && developmentRate(c) >= 0.95;
  });
  return idle.length > 0 ? t.attempt('che_발령', { destGeneralId: t.rng.choice(idle).id, destCityId: target.id }) : null;
}

/** NPC몰수: an empty treasury takes 2000 gold from the richest NPC. */
function confiscation(t: ChiefTurn): TurnSlot | null {
  if (t.nation.gold >= 2000) return null;
  const rich = t.members.filter((g) => !isUser(g) && g.gold > 10000).sort((a, b) => b.gold - a.gold || a.id - b.id)[0];
  return rich ? t.attempt('che_몰수', { isGold: true, amount: 2000, destGeneralId: rich.id }) : null;
}

/** The nation priorities of §8 the implemented commands serve, in the reference's order. */
const PRIORITIES: readonly (readonly [string, (t: ChiefTurn) => TurnSlot | null])[] = [
  ['유저장긴급포상', (t) => urgentReward(t, true)],
  ['NPC긴급포상', (t) => urgentReward(t, false)],
  ['유저장내정발령', (t) => domesticAssignment(t, true)],
  ['NPC내정발령', (t) => domesticAssignment(t, false)],
  ['NPC몰수', confiscation],
];

/**
 * A basic nation AI for chiefs (§8): an NPC ruler first makes the quarterly promotions and
 * sets the tax from the nation's development; then the priorities above; else 휴식. Diplomacy,
 * capital moves and war assignments are not implemented.
 */
export function chooseNationTurn(world: World, chief: General, nation: Nation, reserved: TurnSlot, rng: RandUtil): TurnSlot {
  const ctx = contextFor(world, chief, rng);
  if (reserved.action !== REST_KEY) {
    const command = NATION_COMMANDS.get(reserved.action);
    if (command && feasible(ctx, command, reserved.arg)) return reserved;
  }
  if (world.env.month % 3 === 1 && chief.officerLevel === 12 && chief.npc >= 2) {
    promoteChiefs(world, nation);
    setTax(nation, citiesOfNation(world, nation.id));
  }
  const turn: ChiefTurn = {
    world, nation, chief, rng,
    members: generalsOfNation(world, nation.id).filter((g) => g.id !== chief.id && g.npc !== 5),
    attempt: (key, arg) => (feasible(ctx, NATION_COMMANDS.get(key)!, arg) ? { action: key, arg } : null),
  };
  for (const [, priority] of PRIORITIES) {
    const chosen = priority(turn);
    if (chosen) return chosen;
  }
  return REST_SLOT;
}

/**
 * Quarterly promotions: each vacant chief seat the nation's level allows (11 down to the
 * lowest) goes to the ablest ordinary member (stat total, then id), unless the seat was
 * already filled this quarter (`chief_set`, cleared by ResetOfficerLock). The legacy
 * per-seat stat preferences are not modelled.
 */
export function promoteChiefs(world: World, nation: Nation): void {
  const taken = new Set<number>();
  const members = generalsOfNation(world, nation.id);
  for (const g of members) taken.add(g.officerLevel);
  const candidates = members
    .filter((g) => g.officerLevel === 1 && g.npc !== 5)
    .sort((a, b) => b.leadership + b.strength + b.intel - (a.leadership + a.strength + a.intel) || a.id - b.id);
  for (let level = 11; level >= lowestChiefLevel(nation.level); level--) {
    if (taken.has(level) || (nation.chiefSet & (1 << level)) !== 0) continue;
    const pick = candidates.shift();
    if (!pick) return;
    pick.officerLevel = level;
    pick.officerCity = 0;
    nation.chiefSet |= 1 << level;
    nationLog(world, nation.id, `${pick.name}을(를) 수뇌(${level})로 임명했습니다.`);
  }
}

/** NPC tax from mean(pop ratio, development ratio): > 0.95 → 25, > 0.7 → 20, > 0.5 → 15, else 10. */
function setTax(nation: Nation, cities: ReturnType<typeof citiesOfNation>): void {
  if (cities.length === 0) return;
  let pop = 0;
  let popMax = 0;
  let dev = 0;
  for (const c of cities) {
    pop += c.pop;
    popMax += c.popMax;
    dev += developmentRate(c);
  }
  const ratio = (pop / popMax + dev / cities.length) / 2;
  nation.rate = ratio > 0.95 ? 25 : ratio > 0.7 ? 20 : ratio > 0.5 ? 15 : 10;
}

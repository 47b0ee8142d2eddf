import { areNeighbours } from '../commands/nation/declare-war';
import { relYear } from '../world/queries';
import { Diplo, GameConst } from '../world/constants';
import { techLimited } from '../world/tech';
import type { City, TurnSlot } from '../world/types';
import { developedRate } from './developed-rate';
import { DipState } from './diplomacy-state';
import type { AiTurn, ChiefTurn } from './turns';
import { fullLeadership, npcWarStock } from './nation-policy';
import { teleport } from './warp-ai';


/**
 * Legacy do출병: at war with an attackable front, trained and in spirits (90), with a real
 * army (min((L−2)×100, 1500)), from a front city that is not only near a declaration; a
 * neighbour held by a nation at war (the wilderness when there is none) is drawn. A poor
 * NPC nation (rice below the base) holds back with p 0.7.
 */
export function attackPriority(t: AiTurn): TurnSlot | null {
  if (!t.dip.attackable || t.dip.dipState !== DipState.war) return null;
  const g = t.general;
  if (t.nation.rice < GameConst.baserice && g.npc >= 2 && t.rng.nextBool(0.7)) return null;
  const { properWarTrainAtmos, minWarCrew } = t.policy;
  if (g.train < Math.min(100, properWarTrainAtmos) || g.atmos < Math.min(100, properWarTrainAtmos)) return null;
  if (g.crew < Math.min((fullLeadership(g, t.nation, relYear(t.world)) - 2) * 100, minWarCrew)) return null;
  if (t.city.front === 0 || t.city.front === 1) return null;
  const targets = new Set<number>();
  for (const [nation, state] of t.dip.warTargets) if (state !== 1) targets.add(nation);
  if (targets.size === 0) targets.add(0);
  const cities = t.city.neighbours.filter((id) => targets.has(t.world.cities[id]!.nation)).sort((a, b) => a - b);
  if (cities.length === 0) return null;
  return t.attempt('che_출병', { destCityId: t.rng.choice(cities) });
}

/** Legacy do전방워프: a commander with an army away from the front appears in a supplied front city. */
export function frontWarpPriority(t: AiTurn): TurnSlot | null {
  if (!t.dip.attackable || t.dip.dipState === DipState.peace || t.dip.dipState === DipState.declared) return null;
  if (!t.ai.commander || t.general.crew < t.policy.minWarCrew || t.city.front !== 0) return null;
  const fronts: [number, number][] = [];
  for (let id = 1; id < t.world.cities.length; id++) {
    const c = t.world.cities[id]!;
    if (c.nation === t.nation.id && c.front !== 0 && c.supply === 1) fronts.push([id, 1]);
  }
  if (fronts.length === 0) return null;
  return teleport(t, t.rng.choiceUsingWeight(fronts));
}

/** Legacy do소집해제: in peace with no front, an army is sent home with p 0.25. */
export function dischargePriority(t: AiTurn): TurnSlot | null {
  if (t.dip.attackable || t.dip.dipState !== DipState.peace || t.general.crew === 0) return null;
  if (t.rng.nextBool(0.75)) return null;
  return t.attempt('che_소집해제');
}


/**
 * Legacy do선전포고: a ruler at peace with no front at all (no empty or hostile neighbour),
 * whose tech is within a level of the limit, tries with p = ((gold/war reserve + rice/war
 * reserve + development)/4)⁶ — gold and rice averaged over the members (users count half)
 * with the treasury — to declare on a neighbour, the weaker more likely (1/√(power+1)),
 * preferring nations not already fighting someone.
 */
export function declareWarPriority(t: ChiefTurn): TurnSlot | null {
  const { world, nation } = t;
  // Not one of legacy's `availableInstantTurn` actions: a player's ruler declares himself.
  if (t.chief.npc < 2) return null;
  if (t.chief.officerLevel < 12 || t.dip.dipState !== DipState.peace || t.dip.attackable || nation.capital === 0) return null;
  const own: City[] = [];
  for (let id = 1; id < world.cities.length; id++) if (world.cities[id]!.nation === nation.id) own.push(world.cities[id]!);
  if (own.some((c) => c.front !== 0)) return null;
  if (!techLimited(world.env.startyear, world.env.year, nation.tech + 1000)) return null;
  if (t.members.length === 0) return null;
  let gold = nation.gold;
  let rice = nation.rice;
  for (const g of t.members) {
    const share = g.npc >= 2 ? 1 : 0.5;
    gold += g.gold * share;
    rice += g.rice * share;
  }
  gold /= t.members.length;
  rice /= t.members.length;
  let p = gold / Math.max(npcWarStock(t.policy, 'gold', nation.tech) * 1.5, 2000) + rice / Math.max(npcWarStock(t.policy, 'rice', nation.tech) * 1.5, 2000);
  const dev = developedRate(own.filter((c) => c.supply === 1));
  p += (dev.pop + dev.all) / 2;
  p = (p / 4) ** 6;
  if (!t.rng.nextBool(p)) return null;

  const fighting = new Set<number>();
  for (const [key, row] of world.diplomacy) {
    const me = Number(key.split(':')[0]);
    if (me !== nation.id && (row.state === Diplo.war || row.state === Diplo.declared)) fighting.add(me);
  }
  let calm: [number, number][] = [];
  const busy: [number, number][] = [];
  for (const other of [...world.nations.values()].sort((a, b) => a.id - b.id)) {
    if (other.level === 0 || other.id === nation.id || !areNeighbours(world, nation.id, other.id)) continue;
    (fighting.has(other.id) ? busy : calm).push([other.id, 1 / Math.sqrt(other.power + 1)]);
  }
  if (calm.length === 0) {
    if (busy.length === 0 || fighting.size === 0 || t.rng.nextBool(1 / fighting.size)) return null;
    calm = busy;
  }
  return t.attempt('che_선전포고', { destNationId: t.rng.choiceUsingWeight(calm) });
}

import type { Json } from '@chronicle/engine';
import {
  AiSession, calcDiplomacyState, chooseGeneralTurn, chooseNationTurn, DEFAULT_MAP, DEFAULT_NATION_PRIORITY, GENERAL_COMMANDS, NATION_COLORS, NATION_COMMANDS, nationTypes,
  setNationFronts, streamFromSeed, type RandUtil,
} from '@chronicle/sammo/rules';
import type { TurnSlot, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import { fixtureWorld, legacyArg, MAP, randomCity, randomGeneral, type Fixture, type FixtureCity, type FixtureDiplomacy, type FixtureGeneral, type FixtureNation, type Row } from './fixtures';

/** An AI case: the rows of a small world on the che map and the table seed; the first general's turn is the one chosen. */
export interface AiCase extends Fixture { tableSeed: string; turnterm: number }
export interface AiChoice { command: string; arg: Row | null }

const NATION_NAMES = ['위', '촉', '오', '원', '공'];
const DIPLOMACY_STATES = [0, 0, 1, 2, 2, 2, 7];

/** A nation's land: a connected cluster of free cities grown from a drawn one (next to `near` when it can). */
function claim(rng: RandUtil, owner: Map<number, number>, nation: number, size: number, near: number[] = []): number[] {
  const free = DEFAULT_MAP.cities.map((c) => c.id).filter((id) => !owner.has(id));
  const beside = [...new Set(near.flatMap((id) => MAP.get(id)!.neighbors))].filter((id) => !owner.has(id)).sort((a, b) => a - b);
  const land = [pick(rng, beside.length > 0 ? beside : free)];
  owner.set(land[0]!, nation);
  while (land.length < size) {
    const border = [...new Set(land.flatMap((id) => MAP.get(id)!.neighbors))].filter((id) => !owner.has(id)).sort((a, b) => a - b);
    if (border.length === 0) break;
    const next = pick(rng, border);
    owner.set(next, nation);
    land.push(next);
  }
  return land;
}

function aiGeneral(rng: RandUtil, id: number, nation: number, city: number, officerLevel: number, officerCity: number): FixtureGeneral {
  const g = randomGeneral(rng, id, nation, city, officerLevel, officerCity);
  // Gold-heavy, rice-heavy, empty and (mostly) even purses: 금쌀구매 buys and sells, the
  // donations weigh both, and even purses reach the priorities after them.
  const purse = rng.nextInt(9);
  if (purse === 0) { g.gold = rng.nextRangeInt(5000, 40000); g.rice = rng.nextInt(2000); }
  else if (purse === 1) { g.rice = rng.nextRangeInt(5000, 40000); g.gold = rng.nextInt(2000); }
  else if (purse === 2) { g.gold = 0; g.rice = 0; }
  else g.rice = Math.round(g.gold * rng.nextRange(0.8, 1.6));
  return {
    ...g,
    injury: rng.nextBool(0.08) ? rng.nextRangeInt(11, 60) : rng.nextInt(10),
    killturn: rng.nextBool(0.08) ? rng.nextInt(5) : rng.nextRangeInt(6, 80),
    affinity: rng.nextBool(0.1) ? 999 : rng.nextRangeInt(1, 150),
    age: rng.nextRangeInt(16, 70),
    makelimit: rng.nextBool(0.8) ? 0 : rng.nextInt(12),
    rank: { killcrew: rng.nextInt(20000), deathcrew: rng.nextInt(20000) },
  };
}

/**
 * A chief's case: a muster on the nation's land, so that the war assignments find their
 * candidates — some cities drained below half their people, then 1–6 members: war generals
 * ready for the front (an army in spirits), others short of one, and troops (a dummy or a
 * member with 집합 next, now and then stranded abroad) with up to two riders at home, mostly
 * users with 징병 reserved; each with a full purse and a turn some seconds into the hour.
 */
function muster(rng: RandUtil, c: AiCase, land: number[], firstId: number): void {
  if (land.length === 0 || !rng.nextBool(0.75)) return;
  const rows = new Map(c.cities.map((row) => [row.id, row]));
  for (const id of land) if (rng.nextBool(0.3)) rows.get(id)!.pop = Math.floor(MAP.get(id)!.max.population * rng.nextRange(0.1, 0.5));
  const fronts = land.filter((id) => rows.get(id)!.front !== 0);
  const rear = land.filter((id) => rows.get(id)!.front === 0);
  const place = () => pick(rng, fronts.length > 0 && (rear.length === 0 || rng.nextBool()) ? fronts : rear);
  let id = firstId;
  const member = (city: number, npcs: number[]) => {
    const g = aiGeneral(rng, id++, 1, city, 1, 0);
    // Purses above the reward reserves, so that the assignments after 포상 get their turn.
    Object.assign(g, { npc: pick(rng, npcs), killturn: rng.nextRangeInt(6, 80), turntime: rng.nextInt(3600), gold: rng.nextRangeInt(20000, 40000), rice: rng.nextRangeInt(20000, 40000) });
    c.generals.push(g);
    return g;
  };
  const count = rng.nextRangeInt(1, 6);
  for (let i = 0; i < count; i++) {
    const role = pick(rng, ['front', 'front', 'draft', 'draft', 'troop']);
    if (role === 'front') {
      const g = member(place(), [0, 1, 2, 2, 3]);
      g.crew = 100 * rng.nextRangeInt(15, 60);
      if (rng.nextBool()) g.train = rng.nextRangeInt(90, 110);
      else g.atmos = rng.nextRangeInt(90, 110);
    } else if (role === 'draft') {
      member(place(), [0, 1, 2, 2, 3]).crew = 100 * rng.nextInt(14);
    } else {
      const abroad = rng.nextBool(0.3);
      const leader = member(abroad ? rng.nextRangeInt(1, DEFAULT_MAP.cities.length) : place(), [5, 5, 0, 2]);
      leader.troop = leader.id;
      if (leader.npc !== 5) leader.reserved = { action: 'che_집합', arg: null };
      // A stranded troop rides alone: riders abroad would make every case a 유저장구출발령.
      const riders = abroad ? 0 : rng.nextInt(2);
      for (let r = 0; r < riders; r++) {
        const rider = member(rng.nextBool(0.8) ? leader.city : place(), [0, 0, 1, 2]);
        rider.troop = leader.id;
        rider.crew = 100 * rng.nextInt(20);
        if (rng.nextBool(0.7)) rider.reserved = { action: 'che_징병', arg: { crewType: 1100, amount: 100 * rng.nextRangeInt(10, 50) } };
      }
    }
  }
}

/**
 * After the opening, aid the chief's nation received (now and then from a nation since
 * destroyed), partly answered by pacts, and pacts it offered lately, for do불가침제의. Drawn
 * from a stream of its own, so that the rest of the case is what it was without it.
 */
function aidLedger(rng: RandUtil, c: AiCase): void {
  const nation = c.nations[0]!;
  const now = c.year * 12 + c.month - 1;
  // In the opening legacy's do불가침제의 reads war targets it never set and throws (see the README).
  if (now <= (c.startyear + 2) * 12 + 4 || !rng.nextBool(0.5)) return;
  const givers = [...c.nations.slice(1).map((n) => n.id), c.nations.length + 1].filter((id, i, all) => i < all.length - 1 || rng.nextBool(0.15));
  const received: [number, number][] = [];
  const answered: [number, number][] = [];
  const offered: [number, number][] = [];
  for (const giver of rng.shuffle(givers)) {
    if (!rng.nextBool(0.8)) continue;
    const amount = rng.nextRangeInt(100, 60000);
    received.push([giver, amount]);
    if (rng.nextBool(0.3)) answered.push([giver, Math.round(amount * pick(rng, [0.5, 1, 1.2]))]);
    if (rng.nextBool(0.3)) offered.push([giver, now - rng.nextInt(14)]);
  }
  if (received.length > 0) nation.aidReceived = received;
  if (answered.length > 0) nation.aidAnswered = answered;
  if (offered.length > 0) nation.pactOffered = offered;
}

/**
 * For the domestic assignments (내정발령), in a third of a chief's cases: the nation's land
 * mostly built up — some cities past 95 % of their five developments, where an idle member
 * is sent from, the others a little behind (or, now and then, all finished) — with the
 * members at home in them, purses beyond every reward's reach. Drawn from a stream of its
 * own, so that the rest of the case is what it was without it.
 */
function builtUpLand(rng: RandUtil, c: AiCase, land: number[]): void {
  if (land.length < 2 || !rng.nextBool(1 / 3)) return;
  const finished = rng.nextBool(0.1);
  for (const row of c.cities) {
    if (row.nation !== 1) continue;
    const m = MAP.get(row.id)!.max;
    const share = finished ? 1 : rng.nextBool(0.5) ? rng.nextRange(0.95, 1) : rng.nextRange(0.6, 0.97);
    Object.assign(row, {
      agri: Math.floor(m.agriculture * share), comm: Math.floor(m.commerce * share), secu: Math.floor(m.security * share),
      def: Math.floor(m.defence * share), wall: Math.floor(m.wall * share),
    });
  }
  for (const g of c.generals) {
    if (g.nation !== 1 || g.id === c.generals[0]!.id) continue;
    if (rng.nextBool(0.8)) g.city = pick(rng, land);
    g.gold = rng.nextRangeInt(20000, 40000);
    g.rice = rng.nextRangeInt(20000, 40000);
  }
}

/** A policy value drawn within the bounds the ruler may set (amounts in hundreds; 0 = the legacy's derived default). */
const POLICY_VALUES: Record<string, (rng: RandUtil) => number> = {
  reqNationGold: (rng) => 100 * rng.nextInt(400), reqNationRice: (rng) => 100 * rng.nextInt(400),
  reqHumanWarUrgentGold: (rng) => 100 * rng.nextInt(300), reqHumanWarUrgentRice: (rng) => 100 * rng.nextInt(300),
  reqHumanWarRecommandGold: (rng) => 100 * rng.nextInt(500), reqHumanWarRecommandRice: (rng) => 100 * rng.nextInt(500),
  reqHumanDevelGold: (rng) => 100 * rng.nextInt(300), reqHumanDevelRice: (rng) => 100 * rng.nextInt(300),
  reqNPCWarGold: (rng) => 100 * rng.nextInt(300), reqNPCWarRice: (rng) => 100 * rng.nextInt(300),
  reqNPCDevelGold: (rng) => 100 * rng.nextInt(200), reqNPCDevelRice: (rng) => 100 * rng.nextInt(200),
  minimumResourceActionAmount: (rng) => 100 * rng.nextRangeInt(1, 50), maximumResourceActionAmount: (rng) => 100 * rng.nextRangeInt(1, 200),
  minNPCWarLeadership: (rng) => rng.nextRangeInt(20, 90), minWarCrew: (rng) => 50 * rng.nextInt(100),
  minNPCRecruitCityPopulation: (rng) => 100 * rng.nextInt(2000), safeRecruitCityPopulationRatio: (rng) => rng.nextInt(200) / 200,
  properWarTrainAtmos: (rng) => rng.nextRangeInt(20, 100), cureThreshold: (rng) => rng.nextRangeInt(10, 100),
};

/**
 * A ruler's AI policy for the chief's nation in 40 % of its cases: some values, now and then
 * the priority reordered or cut, and its troops as forces — one to three more troop-leader
 * dummies (mostly off the front, now and then abroad; some assigned before), each leader a
 * CombatForce (with a route the legacy walks without throwing: from one of its supplied cities
 * toward a war target's city next to its land, a route that is lost, or one already taken), a
 * SupportForce or neither. Drawn from a stream of its own, so that the rest of the case is
 * what it was without it.
 */
/** For a general's turn, in 30 % of the cases with a nation: some values of its policy, which the general AI reads. */
function policyValues(rng: RandUtil, nation: FixtureNation): void {
  if (!rng.nextBool(0.3)) return;
  const policy: Row = {};
  for (const [key, draw] of Object.entries(POLICY_VALUES)) if (rng.nextBool(0.3)) policy[key] = draw(rng);
  nation.policy = policy;
}

function nationPolicy(rng: RandUtil, c: AiCase, land: number[], firstId: number): void {
  if (land.length === 0 || !rng.nextBool(0.4)) return;
  const policy: Row = {};
  for (const [key, draw] of Object.entries(POLICY_VALUES)) if (rng.nextBool(0.25)) policy[key] = draw(rng);
  if (rng.nextBool(0.25)) policy.priority = rng.shuffle([...DEFAULT_NATION_PRIORITY]).filter(() => rng.nextBool(0.8));
  let id = firstId;
  const rear = land.filter((city) => c.cities.find((row) => row.id === city)!.front === 0);
  for (let i = rng.nextRangeInt(1, 3); i > 0; i--) {
    const home = rear.length > 0 && rng.nextBool(0.7) ? pick(rng, rear) : pick(rng, land);
    const leader = aiGeneral(rng, id++, 1, rng.nextBool(0.2) ? rng.nextRangeInt(1, DEFAULT_MAP.cities.length) : home, 1, 0);
    Object.assign(leader, { npc: 5, troop: leader.id, killturn: rng.nextRangeInt(6, 80), turntime: rng.nextInt(3600) });
    c.generals.push(leader);
  }
  const rows = new Map(c.cities.map((row) => [row.id, row]));
  for (const id of land) if (rng.nextBool(0.3)) rows.get(id)!.pop = Math.floor(MAP.get(id)!.max.population * rng.nextRange(0.1, 0.5));
  const world = fixtureWorld(c);
  const targets = calcDiplomacyState(world, 1).warTargets;
  const own = land.filter((id) => rows.get(id)!.supply === 1);
  const combat: Record<number, [number, number]> = {};
  const support: number[] = [];
  for (const g of c.generals) {
    if (g.nation !== 1 || g.troop !== g.id || g.id === c.generals[0]!.id) continue;
    if (rng.nextBool(0.2)) g.aux = { ...g.aux, last발령: c.year * 12 + c.month - 1 };
    const role = rng.nextInt(5);
    if (role < 2) {
      // Toward a war target's city next to the land, from any supplied city: the way crosses a front city of the land.
      const border = [...new Set(land.flatMap((city) => MAP.get(city)!.neighbors))].filter((to) => targets.has(world.cities[to]!.nation) && world.cities[to]!.nation !== 1);
      const toward = border.length > 0 ? own.map((from) => [from, pick(rng, border)] as [number, number]) : [];
      const taken = own.length > 0 ? [pick(rng, own), pick(rng, own)] as [number, number] : undefined;
      const far = DEFAULT_MAP.cities.map((m) => m.id).filter((id) => !targets.has(world.cities[id]!.nation) && world.cities[id]!.nation !== 1);
      const lost = far.length > 0 ? [pick(rng, far), pick(rng, far)] as [number, number] : undefined;
      const route = toward.length > 0 && rng.nextBool(0.6) ? pick(rng, toward) : rng.nextBool() ? taken : lost;
      if (route) combat[g.id] = route;
    } else if (role < 4) {
      support.push(g.id);
    }
  }
  if (Object.keys(combat).length > 0 || rng.nextBool(0.2)) policy.CombatForce = combat;
  if (support.length > 0 || rng.nextBool(0.2)) policy.SupportForce = support;
  c.nations[0]!.policy = policy;
}

/**
 * A random world around one NPC: 0–3 nations (one of them, rarely, a band still wandering)
 * holding clusters of cities with fronts as SetNationFront sets them, diplomacy between every
 * pair, 0–5 other members each, and the NPC — a member (an officer at a post among them) or
 * a wanderer.
 */
export function generateAiCase(rng: RandUtil, chief = false): AiCase {
  const startyear = pick(rng, [180, 184, 190]);
  const year = startyear + pick(rng, [0, 1, 2, 3, 4, 5, 8, 10, 15, 20, 30]);
  const owner = new Map<number, number>();
  const nationCount = chief || rng.nextBool(0.9) ? rng.nextRangeInt(1, 3) : 0;
  const nations: FixtureNation[] = [];
  const cities: FixtureCity[] = [];
  const lands: number[][] = [];
  for (let id = 1; id <= nationCount; id++) {
    const wandering = rng.nextBool(0.1);
    // A chief's neighbours mostly border it, so that its wars have fronts.
    const near = chief && id > 1 && rng.nextBool(0.7) ? lands[0] : undefined;
    const land = wandering ? [] : claim(rng, owner, id, rng.nextRangeInt(1, 8), near);
    lands.push(land);
    for (const city of land) {
      const row = randomCity(rng, city, id);
      row.trust = rng.nextRangeInt(30, 100);
      row.trade = rng.nextBool(0.8) ? rng.nextRangeInt(95, 105) : null;
      // The capital is always supplied (the supply search starts there): a nation with a
      // capital and no supplied city cannot exist, and the legacy AI divides by their count.
      if (city === land[0]) row.supply = 1;
      cities.push(row);
    }
    nations.push({
      id, name: NATION_NAMES[id - 1]!, capital: land[0] ?? 0, level: wandering ? 0 : rng.nextRangeInt(1, 7), tech: rng.nextInt(12000),
      gold: rng.nextBool(0.3) ? rng.nextInt(10000) : rng.nextInt(80000), rice: rng.nextBool(0.3) ? rng.nextInt(12000) : rng.nextInt(80000),
      type: pick(rng, nationTypes.map((t) => t.key)), gennum: 0, rate: rng.nextRangeInt(5, 30), bill: pick(rng, [20, 50, 100, 150, 200]),
      prevIncomeGold: rng.nextInt(30000), prevIncomeRice: rng.nextInt(30000),
    });
  }
  const diplomacy: FixtureDiplomacy[] = [];
  for (const a of nations) {
    for (const b of nations) {
      if (a.id >= b.id) continue;
      const drawn = pick(rng, DIPLOMACY_STATES);
      const drawnTerm = drawn === 1 ? rng.nextInt(24) : drawn === 7 ? rng.nextRangeInt(1, 24) : 0;
      // No nation is at war with, or declared on, a band still wandering: a declaration needs the
      // target's cities next to one's own (legacy NearNation), and a nation without cities falls.
      const band = a.level === 0 || b.level === 0;
      const [state, term] = band && (drawn === 0 || drawn === 1) ? [2, 0] : [drawn, drawnTerm];
      diplomacy.push({ me: a.id, you: b.id, state, term }, { me: b.id, you: a.id, state, term });
    }
  }
  const anyCity = () => rng.nextRangeInt(1, DEFAULT_MAP.cities.length);
  const nationOf = chief ? 1 : nations.length > 0 && rng.nextBool(0.85) ? rng.nextRangeInt(1, nations.length) : 0;
  const home = (nation: number) => {
    const land = lands[nation - 1] ?? [];
    return land.length > 0 && rng.nextBool(0.93) ? pick(rng, land) : anyCity();
  };
  const generals: FixtureGeneral[] = [];
  const level = nationOf === 0 ? 0 : chief ? pick(rng, [5, 6, 7, 8, 9, 10, 11, 12, 12, 12]) : pick(rng, [1, 1, 1, 2, 3, 4, 12]);
  const city = nationOf === 0 ? anyCity() : home(nationOf);
  const post = level >= 2 && level <= 4 ? (rng.nextBool(0.5) ? city : pick(rng, lands[nationOf - 1]!.length > 0 ? lands[nationOf - 1]! : [city])) : 0;
  const npc = aiGeneral(rng, 1, nationOf, city, level, post);
  // Troop dummies (npc 5) too, but never as a chief or a ruler (legacy's dummies hold no seat).
  npc.npc = chief || level === 12 ? pick(rng, [2, 2, 3, 4]) : pick(rng, [2, 2, 3, 4, 5]);
  npc.belong = nationOf === 0 ? 0 : npc.belong;
  generals.push(npc);
  let id = 2;
  for (const n of nations) {
    const count = rng.nextInt(5) + (n.id === nationOf ? 0 : 1);
    for (let i = 0; i < count; i++) {
      const officer = i === 0 && !(n.id === nationOf && level === 12) ? 12 : pick(rng, [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      if (officer >= 5 && generals.some((g) => g.nation === n.id && g.officerLevel === officer)) continue;
      const at = home(n.id);
      generals.push(aiGeneral(rng, id++, n.id, at, officer, officer >= 2 && officer <= 4 ? at : 0));
    }
  }
  const c: AiCase = { tableSeed: hex(rng, 64), year, month: rng.nextRangeInt(1, 12), startyear, turnterm: pick(rng, [30, 60, 120]), cities, nations, diplomacy, generals };
  // A chief's nation is at war with all its neighbours in half the cases.
  const bands = new Set(nations.filter((n) => n.level === 0).map((n) => n.id));
  if (chief && rng.nextBool(0.5)) {
    for (const d of diplomacy) if ((d.me === 1 || d.you === 1) && !bands.has(d.me) && !bands.has(d.you)) Object.assign(d, { state: 0, term: 0 });
  }
  if (chief) aidLedger(streamFromSeed(c.tableSeed, 'aidLedger'), c);
  // Last battles from a stream of their own, so that the cases drawn before they were added stay as they were.
  const warRng = streamFromSeed(c.tableSeed, 'fixture recent_war');
  for (const g of generals) {
    if (g.nation === 0 || warRng.nextBool(0.4)) continue;
    // 0–30 turns ago, at any second of the turn and with the phase digits; now and then after the turn time.
    const ms = (warRng.nextInt(31) * 60 * c.turnterm + warRng.nextInt(60 * c.turnterm)) * 1000 + warRng.nextInt(10) / 1000;
    g.recentWar = warRng.nextBool(0.1) ? ms : -ms;
  }
  // Fronts as the legacy's SetNationFront leaves them: both sides then read the same rows.
  const world = fixtureWorld(c);
  setNationFronts(world);
  for (const row of cities) row.front = world.cities[row.id]!.front;
  if (chief) muster(rng, c, lands[0] ?? [], id);
  if (chief) builtUpLand(streamFromSeed(c.tableSeed, 'builtUpLand'), c, lands[0] ?? []);
  if (chief) nationPolicy(streamFromSeed(c.tableSeed, 'nationPolicy'), c, lands[0] ?? [], Math.max(...c.generals.map((g) => g.id)) + 1);
  else if (nationOf !== 0) policyValues(streamFromSeed(c.tableSeed, 'nationPolicy'), c.nations[nationOf - 1]!);
  for (const n of nations) n.gennum = generals.filter((g) => g.nation === n.id).length;
  return c;
}

/**
 * The chosen slot as legacy's `getArg()` reports it: the argument as the command reads it
 * (argTest's normal form) in the legacy's spelling — 건국's colour as its index in
 * GetNationColors, NPC능동 with its only option, 순간이동.
 */
export function legacyChoice(world: World, slot: TurnSlot, commands: typeof GENERAL_COMMANDS): AiChoice {
  const read = slot.arg === null ? null : (commands.get(slot.action)?.readArg(slot.arg, world) as Json | undefined) ?? null;
  const arg = read === null || typeof read !== 'object' || Array.isArray(read) || Object.keys(read).length === 0 ? null : legacyArg(read);
  if (arg === null) return { command: slot.action, arg };
  if (slot.action === 'che_NPC능동') return { command: slot.action, arg: { optionText: '순간이동', ...arg } };
  if (slot.action === 'che_건국') {
    const { color, ...rest } = arg;
    return { command: slot.action, arg: { ...rest, colorType: (NATION_COLORS as readonly string[]).indexOf(color as string) } };
  }
  return { command: slot.action, arg };
}

export const generalAiArea: Area<AiCase, AiChoice> = {
  name: 'general-ai',
  about: "GeneralAI::chooseGeneralTurn for an NPC's resting turn (its GeneralAI stream) on MariaDB with the legacy schema: the chosen command and argument",
  generate: (rng, count) => Array.from({ length: count }, () => generateAiCase(rng)),
  sammo: (c) => {
    const world = fixtureWorld(c);
    const general = world.generals.get(c.generals[0]!.id)!;
    const ai = new AiSession(streamFromSeed(c.tableSeed, 'GeneralAI', c.year, c.month, general.id), general, world.nations.get(general.nation), world.env.year - world.env.startyear);
    return legacyChoice(world, chooseGeneralTurn(world, general, general.queue[0]!, ai), GENERAL_COMMANDS);
  },
};

export interface NationAiChoice extends AiChoice {
  /** [id, officer_level, officer_city, permission] of every general after the AI's promotions. */
  offices: [number, number, number, string][];
  nation: { chief_set: number; rate: number; bill: number };
}

export const nationAiArea: Area<AiCase, NationAiChoice> = {
  name: 'nation-ai',
  about: "GeneralAI::chooseNationTurn for an NPC chief's resting nation turn (the GeneralAI stream) on MariaDB with the legacy schema: the chosen command and argument, the promotions (offices and 외교권자), the tax and salary rates",
  generate: (rng, count) => Array.from({ length: count }, () => generateAiCase(rng, true)),
  sammo: (c) => {
    const world = fixtureWorld(c);
    const chief = world.generals.get(c.generals[0]!.id)!;
    const nation = world.nations.get(chief.nation)!;
    const ai = new AiSession(streamFromSeed(c.tableSeed, 'GeneralAI', c.year, c.month, chief.id), chief, nation, world.env.year - world.env.startyear);
    const slot = chooseNationTurn(world, chief, nation, nation.chiefQueues[chief.officerLevel]?.[0] ?? { action: '휴식', arg: null }, ai.rng);
    return {
      ...legacyChoice(world, slot, NATION_COMMANDS),
      offices: [...world.generals.values()].sort((a, b) => a.id - b.id).map((g) => [g.id, g.officerLevel, g.officerCity, g.permission ?? 'normal']),
      nation: { chief_set: nation.chiefSet, rate: nation.rate, bill: nation.bill },
    };
  },
};

import { IllegalMove, type Json } from '@chronicle/engine';
import type { World } from '@chronicle/sammo';
import { appointmentAnswer, type RandUtil } from '@chronicle/sammo/rules';
import type { AppointMove } from '@chronicle/sammo';
import type { Area } from './areas';
import { caseTable, hex, pick } from './case-helpers';
import { MAP, fixtureWorld, randomCity, randomGeneral, type Fixture, type FixtureGeneral, type FixtureNation } from './fixtures';

interface OfficersGeneral extends FixtureGeneral { permission?: 'ambassador' | 'auditor' }
/** The page's POST fields (hwe/j_myBossInfo.php): 임명 with a level, a general (0: nobody) and a city (0: none); 추방 with a general. */
type Call =
  | ['임명', { officerLevel: number; destGeneralID: number; destCityID: number }]
  | ['추방', { destGeneralID: number }];
export interface OfficersCase extends Fixture {
  generals: OfficersGeneral[];
  troops: [leader: number, nation: number, name: string][];
  /** The table seed, the legacy's hiddenSeed (an expelled NPC's parting words draw from it). */
  tableSeed: string;
  /** The general whose session calls. */
  mover: number;
  call: Call;
}
/**
 * True, or the refusal's words; every general's [id, nation, officer level, officer city,
 * gold, rice, belong, makelimit, betray, experience, dedication, explevel, dedlevel, troop,
 * injury, permission]; each nation's [id, chief_set, gennum, gold, rice]; the officer_set of
 * the cases' cities; the troops' leaders; the public action lines (장수동향) and every general's
 * action lines the call wrote, [general, text], each in order, markup left out; the public messages [from, nation, text].
 */
interface OfficersResult {
  answer: true | string;
  generals: (number | string)[][];
  nations: number[][];
  cities: number[][];
  troops: number[];
  logs: { world: string[]; general: [number, string][] };
  messages: [number, number, string][];
}

const CITY_IDS = [...MAP.keys()];

function generateCase(rng: RandUtil): OfficersCase {
  const free = CITY_IDS.slice();
  rng.shuffle(free);
  const cities = [];
  const nations: FixtureNation[] = [];
  const generals: OfficersGeneral[] = [];
  const troops: OfficersCase['troops'] = [];
  let id = 1;
  for (let n = 1, count = rng.nextRangeInt(1, 2); n <= count; n++) {
    const held = free.splice(0, rng.nextRangeInt(1, 3));
    for (const city of held) {
      const row = randomCity(rng, city, n);
      // Offices filled this year (bits 2–4), now and then.
      if (rng.nextBool(0.3)) row.officerSet = pick(rng, [4, 8, 16, 12, 28]);
      cities.push(row);
    }
    const chiefBits = [5, 6, 7, 8, 9, 10, 11, 12].filter(() => rng.nextBool(0.15)).reduce((set, level) => set | (1 << level), 0);
    const nation: FixtureNation = {
      id: n, name: `국가${n}`, capital: held[0]!, level: rng.nextRangeInt(0, 7), tech: 0, gold: rng.nextInt(20000), rice: rng.nextInt(20000), type: 'che_중립', gennum: 0,
      chiefSet: chiefBits,
    };
    nations.push(nation);
    // The ruler, chiefs, city officers and plain members, some able (65+) and some not.
    for (const level of [12, ...Array.from({ length: rng.nextRangeInt(2, 7) }, () => pick(rng, [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))]) {
      const g: OfficersGeneral = {
        ...randomGeneral(rng, id, n, pick(rng, held), level, level >= 2 && level <= 4 ? pick(rng, held) : 0),
        betray: rng.nextInt(4), makelimit: rng.nextInt(13),
      };
      if (rng.nextBool(0.15)) g.permission = pick(rng, ['ambassador', 'auditor'] as const);
      generals.push(g);
      id += 1;
    }
    const members = generals.filter((g) => g.nation === n);
    nation.gennum = members.length;
    for (const leader of members.filter(() => rng.nextBool(0.25))) {
      troops.push([leader.id, n, `부대${leader.id}`]);
      leader.troop = leader.id;
      for (const member of members) if (member.troop === undefined && rng.nextBool(0.3)) member.troop = leader.id;
    }
  }
  for (const g of generals) if (!cities.some((c) => c.id === g.city)) cities.push(randomCity(rng, g.city, 0));
  const chiefs = generals.filter((g) => g.officerLevel >= 5);
  const mover = rng.nextBool(0.85) ? pick(rng, chiefs) : pick(rng, generals);
  const own = generals.filter((g) => g.nation === mover.nation);
  const dest = (): number => {
    const roll = rng.nextInt(20);
    if (roll === 0) return 0;
    if (roll === 1) return 999;
    if (roll === 2) return pick(rng, generals).id;
    return pick(rng, own).id;
  };
  const call: Call = rng.nextBool(0.65)
    ? ['임명', {
      officerLevel: pick(rng, [2, 3, 4, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 5, 6, 7, 8, 9, 10, 11, 1, 12, 13]),
      destGeneralID: dest(),
      destCityID: rng.nextBool(0.1) ? 0 : rng.nextBool(0.1) ? pick(rng, CITY_IDS) : pick(rng, cities.filter((c) => c.nation === mover.nation)).id,
    }]
    : ['추방', { destGeneralID: dest() }];
  const startyear = 190;
  return {
    year: startyear + pick(rng, [0, 0, 1, 2, 3, 4, 8]), month: rng.nextRangeInt(1, 12), startyear, cities, nations, generals, diplomacy: [], troops,
    tableSeed: hex(rng, 64), mover: mover.id, call,
  };
}

/** The case's world in libs/sammo: the fixture's, with the permissions and troops. */
function caseWorld(c: OfficersCase): World {
  const world = fixtureWorld(c);
  for (const g of c.generals) if (g.permission) world.generals.get(g.id)!.permission = g.permission;
  for (const [leader, nation, name] of c.troops) world.troops.set(leader, { leader, nation, name });
  return world;
}

function refusalAfterWrite(world: World, move: AppointMove): string | null {
  try {
    return appointmentAnswer(world, move);
  } catch (error) {
    if (!(error instanceof IllegalMove)) throw error;
    return null;
  }
}

/** libs/sammo's move for the page's call, checked and applied as a table applies it; the refusal's legacy words when it is refused. */
function sammoOfficers(c: OfficersCase): OfficersResult {
  const world = caseWorld(c);
  const seat = `mover-${c.mover}`;
  world.generals.get(c.mover)!.owner = seat;
  const [action, args] = c.call;
  const payload: Json = action === '임명'
    ? { type: 'appoint', generalId: c.mover, officerLevel: args.officerLevel, destGeneralId: args.destGeneralID, destCityId: args.destCityID }
    : { type: 'expel', generalId: c.mover, destGeneralId: args.destGeneralID };
  // The page's answer to an appointment that empties the seat and then finds the appointee unfit
  // is its refusal (a refusal that writes nothing refuses the move: the table says it).
  const words = action === '임명' ? refusalAfterWrite(world, payload as unknown as AppointMove) : null;
  const played = caseTable(world, [seat], c.tableSeed).play(seat, payload);
  const answer = played === true && words !== null ? words : played;
  const generals = [...world.generals.values()].sort((a, b) => a.id - b.id).map((g) => [
    g.id, g.nation, g.officerLevel, g.officerCity, g.gold, g.rice, g.belong, g.makelimit, g.betray, g.experience, g.dedication, g.explevel, g.dedlevel,
    g.troop, g.injury, g.permission ?? 'normal',
  ]);
  const nations = [...world.nations.values()].sort((a, b) => a.id - b.id).map((n) => [n.id, n.chiefSet, n.gennum, n.gold, n.rice]);
  const cityIds = [...new Set(c.cities.map((city) => city.id))].sort((a, b) => a - b);
  const cities = cityIds.map((id) => [id, world.cities[id]!.officerSet]);
  const troops = [...world.troops.keys()].sort((a, b) => a - b);
  const logs = {
    world: world.logs.filter((l) => l.scope === 'world').map((l) => l.text),
    general: world.logs.filter((l) => l.scope === 'general').map((l): [number, string] => [l.subject, l.text]),
  };
  const messages = (world.messages ?? []).filter((m) => m.kind === 'public').map((m): [number, number, string] => [m.from, m.fromNation, m.text]);
  return { answer, generals, nations, cities, troops, logs, messages };
}

export const officersArea: Area<OfficersCase, OfficersResult> = {
  name: 'officers',
  about: 'the chiefs’ personnel page hwe/j_myBossInfo.php (임명 to chief seats and city offices, emptying them, 추방) in the mover’s session beside libs/sammo’s appoint and expel moves',
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: sammoOfficers,
};

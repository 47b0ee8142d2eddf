import { IllegalMove } from '@chronicle/engine';
import { checkCreateGeneral, makeGeneral, personalities, streamFromSeed, type RandUtil } from '@chronicle/sammo/rules';
import type { Area } from './areas';
import type { GoldenCase } from './golden';
import { hex, legacyWords, pick } from './case-helpers';
import { MAP, fixtureWorld, randomCity, randomGeneral, type Fixture, type FixtureGeneral, type FixtureNation } from './fixtures';

export interface JoinCase extends Fixture {
  tableSeed: string;
  /** The joining player's account (legacy member `no`); the seat is `user-<id>`, as the fixture's players' are. */
  userID: number;
  scenario: number;
  maxgeneral: number;
  /** game_env `genius`: the geniuses left. */
  genius: number;
  /** game_env `turntime` (the world's turn time), far before or after the legacy's clock, so its one comparison with the clock is decided. */
  turntime: string;
  /** General/Join's arguments as its validator lets them through (stats 15–80, a personality or Random). */
  join: { name: string; leadership: number; strength: number; intel: number; character: string };
}

/** General/Join's answer (true, or its refusal) and, on success, what it wrote. */
interface JoinResult {
  /** The second the legacy read its clock at (its stream's seed), echoed. */
  now: string;
  answer: true | string;
  general?: Record<string, number | string>;
  queue?: string[];
  logs?: string[];
  world?: string[];
  history?: string[];
  genius?: number;
}

const CITY_IDS = [...MAP.keys()];
const BIRTH_CITIES = CITY_IDS.filter((id) => MAP.get(id)!.level >= 5 && MAP.get(id)!.level <= 6);
const NAMES = ['조운', '마초', '장수1', '장수2', ' 황충 ', '유-비', "it's", 'a&b', '<b>위연</b>', 'say "hi"', '---', '&amp;', '가나다라마바사아자', '가나다라마바사아&', 'ⓝ관우ⓜ', '손\u0001권', 'abcdefghijklmnopqr', '&&&&', 'Lü Bu', '\u3000주유\u3000'];
const TURNTIMES = ['2001-03-04 05:06:07.123000', '2100-01-01 01:00:00.000000'];

function generateCase(rng: RandUtil): JoinCase {
  const free = CITY_IDS.slice();
  rng.shuffle(free);
  const cities = [];
  const nations: FixtureNation[] = [];
  const generals: FixtureGeneral[] = [];
  // Now and then every city of level 5–6 is held: the legacy then draws among them all.
  const allHeld = rng.nextBool(0.15);
  let id = 1;
  for (let n = 1, count = rng.nextRangeInt(1, 3); n <= count; n++) {
    const held = free.splice(0, rng.nextRangeInt(1, 4));
    if (allHeld && n === 1) held.push(...BIRTH_CITIES.filter((c) => !free.includes(c) ? false : (free.splice(free.indexOf(c), 1), true)));
    for (const city of held) cities.push(randomCity(rng, city, n));
    nations.push({ id: n, name: `국가${n}`, capital: held[0]!, level: rng.nextRangeInt(0, 7), tech: 0, gold: 1000, rice: 1000, type: 'che_중립', gennum: 0 });
    for (let i = rng.nextRangeInt(0, 4); i >= 0; i--) generals.push(randomGeneral(rng, id++, n, pick(rng, held), i === 0 ? 12 : 1, 0));
    nations.at(-1)!.gennum = generals.filter((g) => g.nation === n).length;
  }
  for (let i = rng.nextInt(3); i > 0; i--) generals.push(randomGeneral(rng, id++, 0, pick(rng, CITY_IDS), 0, 0));
  for (const g of generals) if (!cities.some((c) => c.id === g.city)) cities.push(randomCity(rng, g.city, 0));
  const players = generals.filter((g) => g.npc < 2);
  const stats = (): [number, number, number] => {
    for (;;) {
      const s: [number, number, number] = [rng.nextRangeInt(15, 80), rng.nextRangeInt(15, 80), rng.nextRangeInt(15, 80)];
      const total = s[0] + s[1] + s[2];
      if (total >= 120 && total <= 170) return s;
    }
  };
  const [leadership, strength, intel] = stats();
  const startyear = 190;
  // From the fourth year the legacy ranks the nations' generals (npc < 4) by experience; with
  // fewer than 3 of them its query fails (LIMIT -1): such worlds join in the first years only.
  const ranked = generals.filter((g) => g.nation !== 0 && g.npc < 4).length;
  return {
    year: startyear + rng.nextInt(ranked >= 3 ? 6 : 2), month: rng.nextRangeInt(1, 12), startyear, cities, nations, generals, diplomacy: [],
    tableSeed: hex(rng, 64),
    userID: players.length > 0 && rng.nextBool(0.08) ? pick(rng, players).id : 100 + rng.nextInt(900),
    scenario: pick(rng, [0, 0, 0, 1010]),
    maxgeneral: Math.max(0, players.length + pick(rng, [-1, 0, 1, 5, 100, 100, 100, 100, 100, 100])),
    genius: pick(rng, [0, 1, 5, 5]),
    turntime: pick(rng, TURNTIMES),
    join: { name: rng.nextBool(0.5) ? `신인${rng.nextInt(999)}` : pick(rng, NAMES), leadership, strength, intel, character: pick(rng, ['Random', 'Random', ...personalities.map((p) => p.key).filter((k) => k !== 'che_은둔' && k !== 'None')]) },
  };
}

/** A time as the legacy's DATETIME(6) reads, to the ms (the world keeps ms). */
const legacyTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
const utcMs = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

/** libs/sammo's createGeneral as a table checks and applies it, on the legacy's stream (its seed's clock second from the recorded answer). */
function sammoJoin(c: JoinCase, legacy?: GoldenCase['legacy']): JoinResult {
  const now = legacy !== undefined && 'ok' in legacy ? (legacy.ok as JoinResult).now : '';
  const world = fixtureWorld(c);
  Object.assign(world.env, { scenarioId: c.scenario, maxgeneral: c.maxgeneral, genius: c.genius, turntime: utcMs(c.turntime) });
  const seat = `user-${c.userID}`;
  let move;
  try {
    const { character, ...rest } = c.join;
    move = checkCreateGeneral(world, seat, { ...rest, personality: character });
  } catch (error) {
    if (!(error instanceof IllegalMove)) throw error;
    return { now, answer: legacyWords(error) };
  }
  const g = makeGeneral(world, seat, move, streamFromSeed(c.tableSeed, 'MakeGeneral', c.userID, now), utcMs(now));
  return {
    now,
    answer: true,
    general: {
      id: g.id, name: g.name, npc: g.npc, nation: g.nation, city: g.city, leadership: g.leadership, strength: g.strength, intel: g.intel,
      experience: g.experience, explevel: g.explevel, dedication: g.dedication, dedlevel: g.dedlevel, gold: g.gold, rice: g.rice, crew: g.crew,
      crewtype: g.crewtype, train: g.train, atmos: g.atmos, officerLevel: g.officerLevel, belong: g.belong, betray: g.betray, makelimit: g.makelimit,
      age: g.age, bornyear: g.bornyear, deadyear: g.deadyear, affinity: g.affinity, killturn: g.killturn,
      personal: g.personal ?? 'None', special: g.special ?? 'None', specage: g.specage, special2: g.special2 ?? 'None', specage2: g.specage2,
      turntime: legacyTime(g.turntime),
    },
    queue: g.queue.map((t) => t.action),
    logs: world.logs.filter((l) => l.scope === 'general' && l.subject === g.id).map((l) => l.text),
    world: world.logs.filter((l) => l.scope === 'world').map((l) => l.text),
    history: world.history.map((l) => l.text),
    genius: world.env.genius!,
  };
}

export const joinArea: Area<JoinCase, JoinResult> = {
  name: 'join',
  about: 'a player joins: General/Join in the player’s session on the case’s rows beside libs/sammo’s createGeneral (check, then the general on the legacy’s MakeGeneral stream), the row, its logs and the geniuses left',
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: sammoJoin,
};

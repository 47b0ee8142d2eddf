import { DEFAULT_MAP, ITEMS, preprocess, streamFromSeed, warSpecials, type RandUtil } from '@chronicle/sammo/rules';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import { fixtureWorld, generalRow, randomCity, randomGeneral, randomItems, type Fixture, type FixtureGeneral, type Row } from './fixtures';

/** The pre-turn triggers of general 1 on the `preprocess` stream the legacy's turn seeds for it. */
export interface PreTurnCase extends Fixture {
  tableSeed: string;
}

const ACTOR = 1;
/** The tools with a pre-turn trigger: the 의술 books (city healing) and 환약 (treatment). */
const HEALING_TOOLS = ITEMS.filter((i) => i.preTurn !== undefined).map((i) => i.key);
const CITY_IDS = DEFAULT_MAP.cities.map((c) => c.id);

function generateCase(rng: RandUtil): PreTurnCase {
  const startyear = pick(rng, [180, 184, 190]);
  const [home, away] = rng.shuffle(CITY_IDS).slice(0, 2) as [number, number];
  const nations = [1, 2].map((id) => ({
    id, name: `국가${id}`, capital: id === 1 ? home : away, level: rng.nextRangeInt(1, 7), tech: 0, gold: 10000, rice: 10000, type: 'che_중립', gennum: 0,
  }));
  const generals: FixtureGeneral[] = [];
  // The actor, often a healer; the others in its city and one elsewhere, of either nation or none, wounded or not.
  for (let id = 1; id <= rng.nextRangeInt(2, 9); id++) {
    const nation = id === ACTOR ? 1 : pick(rng, [0, 1, 1, 2]);
    const g = randomGeneral(rng, id, nation, id === ACTOR || rng.nextBool(0.85) ? home : away, nation === 0 ? 0 : 1, 0);
    g.npc = pick(rng, [0, 2, 2, 3]);
    g.injury = pick(rng, [0, 0, 5, 10, 11, rng.nextInt(80)]);
    if (id === ACTOR) {
      g.special = null;
      g.specialWar = rng.nextBool(0.7) ? 'che_의술' : pick(rng, [null, ...warSpecials.map((s) => s.key)]);
      // Half the actors hold a healing tool (환약 with 1–3 treatments left, or none noted), a
      // tenth of them with 요양 next; the rest the general-command cases' items.
      if (rng.nextBool(0.5)) {
        g.items = { item: pick(rng, HEALING_TOOLS) };
        if (rng.nextBool(0.7)) g.aux = { remain환약: rng.nextRangeInt(1, 3) };
        if (rng.nextBool(0.1)) g.reserved = { action: 'che_요양', arg: null };
      } else {
        randomItems(rng, g);
      }
    }
    generals.push(g);
  }
  for (const n of nations) n.gennum = generals.filter((g) => g.nation === n.id).length;
  return {
    tableSeed: hex(rng, 64), startyear, year: startyear + rng.nextRangeInt(0, 20), month: rng.nextRangeInt(1, 12),
    cities: [randomCity(rng, home, 1), randomCity(rng, away, 2)], nations, generals, diplomacy: [],
  };
}

/** 의술's city healing (`che_도시치료`) with the injury relief and the crew's rations around it. */
export const preTurnArea: Area<PreTurnCase, { generals: Row[]; pop: number }> = {
  name: 'pre-turn',
  about:
    "a general's pre-turn triggers — legacy TurnExecutionHelper::preprocessCommand on the `preprocess` stream (year, month, general): 환약's che_아이템치료 (three treatments, none before 요양), che_부상경감, che_도시치료 of the war speciality 의술 or a 의술 book (the healer and, with p ½ each, the wounded past 10 in its city of any nation), che_병력군량소모 — for a healer, a holder of a healing tool or another war speciality among 1–8 generals of two nations or none, wounded, fed or starving; compared: every general's row, its tool and 환약's count, and the city's population",
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: (c) => {
    const world = fixtureWorld(c);
    const general = world.generals.get(ACTOR)!;
    preprocess(world, general, () => streamFromSeed(c.tableSeed, 'preprocess', c.year, c.month, ACTOR));
    return {
      generals: [...world.generals.values()].sort((a, b) => a.id - b.id).map((g) => ({ ...generalRow(g), item: g.items?.item ?? 'None', remain: g.aux.remain환약 ?? null })),
      pop: world.cities[general.city]!.pop,
    };
  },
};

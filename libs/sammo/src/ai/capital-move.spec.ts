import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { newCity } from '../state/factory';
import { REST_SLOT } from '../world/queries';
import type { World } from '../world/types';
import { chooseNationTurn } from './nation-ai';

// Legacy do천도's numbers (the differential's nation-ai area checks the same rule on random
// worlds). Cities of equal people and development unless a test says otherwise; nation 1
// holds 1–5, nation 2 holds 6 behind 5. Score = people × (largest distance sum) / (own
// distance sum) × √(built-up share).
function world(roads: Record<number, number[]>, capital = 1) {
  const w = smallWorld();
  const base = w.cities[1]!;
  for (let id = 1; id <= 6; id++) {
    w.cities[id] = newCity({ ...base, id, name: `성${id}`, neighbours: roads[id] ?? [] });
    w.cities[id]!.nation = id === 6 ? 2 : 1;
  }
  w.nations.get(1)!.capital = capital;
  w.nations.get(2)!.capital = 6;
  // An NPC chief of seat 11 in the capital: no promotions in January, no war to declare.
  const chief = addGeneral(w, { id: 1, npc: 2, officerLevel: 11, city: capital });
  return { w, chief, nation: w.nations.get(1)! };
}
const LINE = { 1: [2], 2: [1, 3], 3: [2, 4], 4: [3, 5], 5: [4, 6], 6: [5] };
// 1 → 2 or 3 → 4 → 5: two shortest roads from 1 to 5.
const DIAMOND = { 1: [2, 3], 2: [1, 4], 3: [1, 4], 4: [2, 3, 5], 5: [4, 6], 6: [5] };
const choose = (w: World, chief: ReturnType<typeof addGeneral>, seed = TEST_SEED) =>
  chooseNationTurn(w, chief, w.nations.get(1)!, REST_SLOT, streamFromSeed(seed, 'GeneralAI', 190, 1, chief.id));

describe('legacy do천도', () => {
  it('moves the capital one step towards the best-placed city when the capital ranks below the first ⌈n/4⌉ + 1', () => {
    // Distance sums 10, 7, 6, 7, 10: city 3 scores 10/6, cities 2 and 4 10/7, city 1 1 — the
    // capital is fourth of five (the first 3 stay), the best is two steps away: via 2.
    const { w, chief, nation } = world(LINE);
    expect(choose(w, chief)).toEqual({ action: 'che_천도', arg: { destCityId: 2 } });
    expect(nation.capitalMoveTrial).toEqual({ level: 11, turntime: chief.turntime });
  });

  it('keeps a capital that ranks within the first ⌈n/4⌉ + 1', () => {
    const { w, chief } = world(LINE, 2); // second of five
    expect(choose(w, chief).action).not.toBe('che_천도');
  });

  it('weighs people and the built-up share (without people) under a square root', () => {
    // Capital 3 ranks first with equal cities; four times the people in city 5 make it the
    // best (400000 × 10/10 against 100000 × 10/6), but 3 is still second: it stays.
    const { w, chief } = world(LINE, 3);
    w.cities[5]!.pop = 400000;
    expect(choose(w, chief).action).not.toBe('che_천도');
    // From 1 with city 3 unbuilt (score 0): 2 and 4 lead, then 1 and 5 tie — the capital
    // comes first on the tie (breadth-first from it) and is third: it stays.
    const bare = world(LINE, 1);
    Object.assign(bare.w.cities[3]!, { agri: 0, comm: 0, secu: 0, def: 0, wall: 0 });
    expect(choose(bare.w, bare.chief).action).not.toBe('che_천도');
    // Cities 2 and 4 at 60 % of the developments: 10/7 × √0.6 = 1.107 still beats the
    // capital's 1 (linearly it would be 0.857 and the capital third), so it moves.
    const thin = world(LINE, 1);
    for (const id of [2, 4]) Object.assign(thin.w.cities[id]!, { agri: 600, comm: 600, secu: 600, def: 1200, wall: 1200 });
    expect(choose(thin.w, thin.chief)).toEqual({ action: 'che_천도', arg: { destCityId: 2 } });
  });

  it('draws the first step among the capital’s neighbours on a shortest road', () => {
    // Sums 7, 6, 6, 5, 8 (max 8); city 5 with 400000 people scores 400000, 4 160000, 2 and 3
    // 133333, 1 114286: the capital is last, the best is three steps away through 2 or 3.
    const seen = new Set<unknown>();
    for (const seed of ['01', '02', '03', '04', '05', '06', '07', '08'].map((s) => s.repeat(32))) {
      const { w, chief } = world(DIAMOND);
      w.cities[5]!.pop = 400000;
      const slot = choose(w, chief, seed);
      expect(slot.action).toBe('che_천도');
      seen.add((slot.arg as { destCityId: number }).destCityId);
    }
    expect([...seen].sort()).toEqual([2, 3]);
  });

  it('continues a move under way, and leaves another seat’s fresh one alone for half a turn', () => {
    const { w, chief, nation } = world(LINE);
    nation.lastTurn[11] = { command: '천도', arg: { destCityId: 4 }, term: 2 };
    expect(choose(w, chief)).toEqual({ action: 'che_천도', arg: { destCityId: 4 } });

    delete nation.lastTurn[11];
    // The ruler's trial 29 minutes ago in a 60-minute turn (under 30): seat 11 waits.
    nation.capitalMoveTrial = { level: 12, turntime: chief.turntime - 29 * 60_000 };
    expect(choose(w, chief).action).not.toBe('che_천도');
    nation.capitalMoveTrial = { level: 12, turntime: chief.turntime - 30 * 60_000 };
    expect(choose(w, chief)).toEqual({ action: 'che_천도', arg: { destCityId: 2 } });
    // Its own seat's trial never holds it back.
    nation.capitalMoveTrial = { level: 11, turntime: chief.turntime };
    expect(choose(w, chief)).toEqual({ action: 'che_천도', arg: { destCityId: 2 } });
  });

  it('is not chosen for a player’s chief, nor with a single city connected to the capital', () => {
    const user = world(LINE);
    user.chief.npc = 0;
    expect(choose(user.w, user.chief).action).not.toBe('che_천도');
    // City 1 cut off from the rest by nation 2's city 2.
    const cut = world(LINE);
    cut.w.cities[2]!.nation = 2;
    expect(choose(cut.w, cut.chief).action).not.toBe('che_천도');
  });
});

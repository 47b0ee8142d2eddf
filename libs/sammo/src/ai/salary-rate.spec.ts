import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { REST_SLOT } from '../world/queries';
import { chooseNationTurn } from './nation-ai';
import { chooseSalaryRate, expectedIncome } from './salary-rate';

// Legacy chooseGoldBillRate / chooseRiceBillRate on the small world: nation 1 (level 2,
// 중립) holds cities 1 (capital) and 2, each 100000 of 400000 people, agriculture and commerce
// 1000 of 10000, security 1000 of 10000, defence and wall 2000 of 8000, trust 50.
function world() {
  const w = smallWorld();
  const ruler = addGeneral(w, { id: 1, npc: 2, officerLevel: 12, dedication: 100000 });
  // Two members of dedication 0: 400 each at 100 % (the ruler's own pay is left out).
  addGeneral(w, { id: 2, npc: 2 });
  addGeneral(w, { id: 3, npc: 2 });
  const nation = w.nations.get(1)!;
  nation.rate = 10;
  return { w, ruler, nation };
}

describe('legacy chooseGoldBillRate / chooseRiceBillRate', () => {
  it('reads the month’s income at the current tax: cities (and walls for rice) × rate/20', () => {
    const { w, nation } = world();
    // Gold: 100000 × 0.1 × 0.75 / 30 × 1.01 = 252.5 → 253; the capital × 7/6 → 295; (295 + 253) × 0.5.
    expect(expectedIncome(w, nation, 'gold')).toBe(274);
    // Rice: the same 274, and walls 2000 × 0.25 / 3 × 1.01 → 168, 196 at the capital: (196 + 168) × 0.5 = 182.
    expect(expectedIncome(w, nation, 'rice')).toBe(456);
  });

  it('pays 90 % of the income over the payroll, more from a treasury above twice the reserve, within 20–200', () => {
    const { w, ruler, nation } = world();
    chooseSalaryRate(w, ruler, nation, 'gold');
    expect(nation.bill).toBe(30); // trunc(274 / 800 × 90)
    chooseSalaryRate(w, ruler, nation, 'rice');
    expect(nation.bill).toBe(51); // trunc(456 / 800 × 90)
    nation.gold = 21000; // 21000 + 274 − 800 > 20000: (1274 / 800 × 80 + 30) / 2 = 78.7
    chooseSalaryRate(w, ruler, nation, 'gold');
    expect(nation.bill).toBe(78);
    nation.gold = 50000;
    chooseSalaryRate(w, ruler, nation, 'gold');
    expect(nation.bill).toBe(200);
    nation.gold = 0;
    nation.rate = 1; // 27.4 / 800 × 90 = 3.08: at least 20
    chooseSalaryRate(w, ruler, nation, 'gold');
    expect(nation.bill).toBe(20);
  });

  it('leaves the rate without supplied cities', () => {
    const { w, ruler, nation } = world();
    nation.bill = 77;
    w.cities[1]!.supply = 0;
    w.cities[2]!.supply = 0;
    chooseSalaryRate(w, ruler, nation, 'gold');
    expect(nation.bill).toBe(77);
  });

  it('is set by an NPC ruler after the tax: gold in December, rice in June', () => {
    for (const [month, bill] of [[12, 30], [6, 51]] as const) {
      const { w, ruler, nation } = world();
      w.env.month = month;
      chooseNationTurn(w, ruler, nation, REST_SLOT, streamFromSeed(TEST_SEED, 'GeneralAI', 190, month, ruler.id));
      expect(nation.rate).toBe(10); // (0.25 + 0.175) / 2 ≤ 0.5
      expect(nation.bill).toBe(bill);
    }
  });
});

import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { REST_SLOT } from '../world/queries';
import { chooseNationTurn } from './nation-ai';
import { maxResourceActionAmount } from './nation-policy';

// Numbers as legacy GeneralAI computes them (the legacy differential's nation-ai area checks
// the same rules on random worlds). The small world: nation 1 holds 10000 gold and rice at tech
// 1000 in 190, its opening year; a chief of seat 11 (no promotions in month 1, no war to declare).
function world() {
  const w = smallWorld();
  const chief = addGeneral(w, { id: 1, npc: 2, officerLevel: 11 });
  return { w, chief, nation: w.nations.get(1)! };
}
const choose = (w: ReturnType<typeof smallWorld>, chief: ReturnType<typeof addGeneral>) =>
  chooseNationTurn(w, chief, w.nations.get(1)!, REST_SLOT, streamFromSeed(TEST_SEED, 'GeneralAI', 190, 1, chief.id));

describe('legacy maxResourceActionAmount', () => {
  it('is the largest of 1000, a tenth of the incomes, a fifth of the treasury and 1000 a year after the third, to hundreds, at most 10000', () => {
    const { w, nation } = world();
    expect(maxResourceActionAmount(w, nation)).toBe(2000); // 10000 / 5
    nation.prevIncomeGold = 23449;
    expect(maxResourceActionAmount(w, nation)).toBe(2300); // 2344.9 to hundreds
    w.env.year = 197;
    expect(maxResourceActionAmount(w, nation)).toBe(4000); // (197 − 190 − 3) × 1000
    nation.gold = 90000;
    expect(maxResourceActionAmount(w, nation)).toBe(10000);
  });
});

describe('legacy do유저장긴급포상', () => {
  it('pays a user short of the urgent stock the geometric mean, capped by what it lacks and by maxResourceActionAmount, in hundreds', () => {
    const { w, chief } = world();
    // Stock: six 80-leadership drafts of 보병 = 4968 → 5000. The user's need: 3 × 1.1 drafts of
    // its 50 leadership, 517.5 × 3.3 = 1707.75, enough 1878.5; √(1878.5 × 10000) is larger → 1878.5 → 1900.
    const user = addGeneral(w, { id: 2 });
    user.gold = 0;
    user.rice = 5000;
    expect(choose(w, chief)).toEqual({ action: 'che_포상', arg: { destGeneralId: 2, isGold: true, amount: 1900 } });
    // Five turns or fewer to live: a civil NPC to the legacy, not a user in need.
    user.killturn = 5;
    expect(choose(w, chief)).not.toMatchObject({ arg: { destGeneralId: 2 } });
  });
});

describe('war and civil users (legacy categorizeNationGeneral by calcRecentWarTurn)', () => {
  /** A member that joined five years ago, without gold, whose last battle was `turnsAgo` turns before its turn. */
  function user(w: ReturnType<typeof smallWorld>, id: number, turnsAgo: number | null) {
    const g = addGeneral(w, { id });
    Object.assign(g, { gold: 0, rice: 5000, belong: 5, turntime: 1_767_229_200_000 });
    // Legacy's distance is in whole seconds: a battle 30 s into the turn still counts the turn.
    g.recentWar = turnsAgo === null ? null : g.turntime - turnsAgo * 60 * w.env.turnterm * 1000 + 30_000;
    return g;
  }

  it('at peace, a user more than 12 turns behind the nation\'s latest battle is a civil general: no urgent war money, the development stock', () => {
    const { w, chief } = world();
    user(w, 2, 1);
    user(w, 3, 20);
    // Only the war user is short of the urgent stock: 1900 as above.
    expect(choose(w, chief)).toEqual({ action: 'che_포상', arg: { destGeneralId: 2, isGold: true, amount: 1900 } });
    w.generals.get(2)!.gold = 10000;
    w.generals.get(2)!.rice = 10000;
    w.generals.get(3)!.gold = 5000;
    // 유저장포상 then offers the civil user gold up to 1.2 × the 10000 development stock:
    // valueFit(√(7000 × 10000), 10000 − 10000, 7000) = 7000, capped by maxResourceActionAmount
    // (10000 / 5). As a war user it would hold enough: 1.2 × 6.6 drafts of its 50 leadership = 4098.6.
    expect(choose(w, chief)).toEqual({ action: 'che_포상', arg: { destGeneralId: 3, isGold: true, amount: 2000 } });
    w.generals.get(3)!.recentWar = w.generals.get(3)!.turntime;
    expect(choose(w, chief)).not.toEqual(expect.objectContaining({ arg: expect.objectContaining({ destGeneralId: 3 }) }));
  });

  it('within 12 turns of the latest battle, or never having fought while nobody has, a user is a war general', () => {
    const { w, chief } = world();
    user(w, 2, 8);
    user(w, 3, 20);
    w.generals.get(2)!.gold = 10000;
    // 20 turns is within 12 of 8: both are war users, and the poorer in gold gets the urgent money.
    expect(choose(w, chief)).toEqual({ action: 'che_포상', arg: { destGeneralId: 3, isGold: true, amount: 1900 } });
    // Battles before joining do not count (20 ≥ (belong 1 − 1) × 12): none is recent, everyone fights.
    const { w: w2, chief: chief2 } = world();
    const veteran = user(w2, 3, 20);
    veteran.belong = 1;
    user(w2, 2, null).gold = 10000;
    expect(choose(w2, chief2)).toEqual({ action: 'che_포상', arg: { destGeneralId: 3, isGold: true, amount: 1900 } });
  });
});

describe('legacy doNPC몰수', () => {
  it('takes from a civil NPC what it holds above 1.2 × its domestic stock, up to maxResourceActionAmount', () => {
    const { w, chief } = world();
    w.env.year = 194; // 몰수 waits for the opening to end; the cap stays a fifth of the treasury, 2000
    // Leadership 30: civil. Gold 5000 > 1.5 × 600 → 5000 − 720, capped at 2000; rice 1000 − 600 < 1000: nothing.
    const npc = addGeneral(w, { id: 3, npc: 2, leadership: 30 });
    npc.gold = 5000;
    npc.rice = 1000;
    expect(choose(w, chief)).toEqual({ action: 'che_몰수', arg: { destGeneralId: 3, isGold: true, amount: 2000 } });
  });
});

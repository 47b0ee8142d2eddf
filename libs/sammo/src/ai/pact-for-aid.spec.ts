import { acceptNonAggression } from '../commands/nation/diplomacy-letters';
import { contextFor } from '../commands/feasible';
import { NATION_COMMANDS } from '../commands/registry';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { nationHolder } from '../turn/general-turn';
import { processCommand } from '../turn/process-command';
import { Diplo } from '../world/constants';
import { REST_SLOT } from '../world/queries';
import type { World } from '../world/types';
import { chooseNationTurn } from './nation-ai';

// Legacy do불가침제의 on the small world in January 193 (after the opening): nation 1 holds
// cities 1 (capital) and 2. Its month at tax 15: gold (295 + 253) × 0.75 = 411, rice the same,
// walls (196 + 168) × 0.75 = 273: 1095 in all.
function world() {
  const w = smallWorld();
  w.env.year = 193;
  const ruler = addGeneral(w, { id: 1, npc: 2, officerLevel: 12 });
  return { w, ruler, nation: w.nations.get(1)! };
}
const choose = (w: World, ruler: ReturnType<typeof addGeneral>) =>
  chooseNationTurn(w, ruler, w.nations.get(1)!, REST_SLOT, streamFromSeed(TEST_SEED, 'GeneralAI', w.env.year, w.env.month, ruler.id));

describe('legacy do불가침제의', () => {
  it('offers the giver of aid a pact of 24 × aid / income months once the aid is a quarter of the income', () => {
    const { w, ruler, nation } = world();
    nation.aidReceived = [[2, 300]];
    // 1200 ≥ 1095: 24 × 300 / 1095 = 6.58 months from 193-01 (2316) → 2322 = 193-07.
    expect(choose(w, ruler)).toEqual({ action: 'che_불가침제의', arg: { destNationId: 2, year: 193, month: 7 } });
    expect(nation.pactOffered).toEqual({ 2: 2316 });
    // The most unanswered aid wins: 1000 from nation 3 → 21.9 months → 2337 = 194-10 (the
    // command then finds no nation 3 and nothing is offered; nation 2's 300 is not tried).
    nation.aidReceived = [[2, 300], [3, 1000]];
    expect(choose(w, ruler).action).not.toBe('che_불가침제의');
    nation.aidReceived = [[2, 1000]];
    nation.pactOffered = {};
    expect(choose(w, ruler)).toEqual({ action: 'che_불가침제의', arg: { destNationId: 2, year: 194, month: 10 } });
    // Offered within the last 8 months: not again.
    nation.pactOffered = { 2: 2316 - 8 };
    expect(choose(w, ruler).action).not.toBe('che_불가침제의');
    nation.pactOffered = { 2: 2316 - 9 };
    expect(choose(w, ruler).action).toBe('che_불가침제의');
  });

  it('counts only aid no accepted pact answered, and none worth less than a quarter of the income', () => {
    const { w, ruler, nation } = world();
    nation.aidReceived = [[2, 573]];
    nation.aidAnswered = { 2: 300 }; // 273 unanswered: 1092 < 1095
    expect(choose(w, ruler).action).not.toBe('che_불가침제의');
    nation.aidAnswered = { 2: 299 }; // 274 unanswered: 1096
    expect(choose(w, ruler).action).toBe('che_불가침제의');
    nation.aidAnswered = { 2: 573 };
    expect(choose(w, ruler).action).not.toBe('che_불가침제의');
  });

  it('leaves war targets, the opening and player rulers alone', () => {
    const war = world();
    war.nation.aidReceived = [[2, 5000]];
    war.w.diplomacy.get('1:2')!.state = Diplo.war;
    expect(choose(war.w, war.ruler).action).not.toBe('che_불가침제의');
    const opening = world();
    opening.nation.aidReceived = [[2, 5000]];
    Object.assign(opening.w.env, { year: 192, month: 5 });
    expect(choose(opening.w, opening.ruler).action).not.toBe('che_불가침제의');
    opening.w.env.month = 6;
    expect(choose(opening.w, opening.ruler).action).toBe('che_불가침제의');
    const user = world();
    user.nation.aidReceived = [[2, 5000]];
    user.ruler.npc = 0;
    expect(choose(user.w, user.ruler).action).not.toBe('che_불가침제의');
  });
});

describe('the aid ledger (legacy recv_assist / resp_assist)', () => {
  it('adds each aid to the receiver’s total from the giver; an accepted pact answers it', () => {
    const { w, nation } = world();
    const giver = addGeneral(w, { id: 2, nation: 2, city: 3, officerLevel: 12 });
    const other = w.nations.get(2)!;
    const ctx = (general = giver) => contextFor(w, general, streamFromSeed(TEST_SEED, 'nationCommand', 193, 1, general.id));
    for (const amountList of [[1000, 500], [0, 1500]]) {
      other.surlimit = 0;
      nation.surlimit = 0;
      expect(processCommand(ctx(), nationHolder(other, 12), NATION_COMMANDS.get('che_물자원조')!, { destNationId: 1, amountList }).result).toBe('ran');
    }
    expect(nation.aidReceived).toEqual([[2, 3000]]);
    // Nation 1's offer accepted by nation 2's ruler.
    const letter = { id: 1, kind: 'nonAggression' as const, fromNation: 1, toNation: 2, fromGeneral: 1, until: { year: 194, month: 1 }, validUntil: Infinity };
    expect(acceptNonAggression.run(ctx(), { letter })).toBe(true);
    expect(nation.aidAnswered).toEqual({ 2: 3000 });
  });
});

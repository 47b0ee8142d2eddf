import { IllegalMove } from '@chronicle/engine';
import { regionScenario } from '../testing/region-scenario';
import { SammoTable } from '../testing/table';
import { Diplo } from '../world/constants';

const SEED = '3c'.repeat(32);
const MA_TENG = 10; // 마등, ruler 94
const ZHANG = 14; // 장양, ruler 328

/** 서북 with both rulers taken over by players, so that each side answers for itself. */
function twoRulers() {
  const { scenario, map } = regionScenario([3]);
  const table = new SammoTable({ world: 'scenario', scenario, map }, SEED, ['ma', 'zhang']);
  table.play('ma', { type: 'possess', generalId: 94 });
  table.play('zhang', { type: 'possess', generalId: 328 });
  const world = table.state.data;
  const propose = (seat: string, generalId: number, command: string, arg: object) => {
    table.play(seat, { type: 'reserveNation', generalId, command, arg: arg as never, slots: [0] });
    table.advanceMonths(1);
    return world.letters.at(-1)!;
  };
  const rows = () => [world.diplomacy.get(`${MA_TENG}:${ZHANG}`)!, world.diplomacy.get(`${ZHANG}:${MA_TENG}`)!];
  return { table, world, propose, rows };
}

describe('diplomacy letters (§6.8: 불가침제의/수락, 종전제의/수락, 불가침파기제의/수락)', () => {
  it('a non-aggression pact until a month, broken by agreement; a refusal changes nothing', () => {
    const { table, world, propose, rows } = twoRulers();
    expect(rows().map((r) => r.state)).toEqual([Diplo.normal, Diplo.normal]);
    const letter = propose('ma', 94, 'proposeNonAggression', { destNationId: ZHANG, year: 188, month: 6 });
    expect(letter).toMatchObject({ kind: 'nonAggression', fromNation: MA_TENG, toNation: ZHANG, fromGeneral: 94, until: { year: 188, month: 6 } });
    // Only a chief of the receiving nation answers.
    expect(() => table.play('ma', { type: 'answerLetter', generalId: 94, letterId: letter.id, accept: true })).toThrow(IllegalMove);
    table.play('zhang', { type: 'answerLetter', generalId: 328, letterId: letter.id, accept: true });
    // Legacy term: (188 × 12 + 6) − (year × 12 + month − 1).
    const term = 188 * 12 + 6 - (world.env.year * 12 + world.env.month - 1);
    expect(rows()).toEqual([{ state: Diplo.nap, term, dead: 0 }, { state: Diplo.nap, term, dead: 0 }]);
    expect(world.letters).toEqual([]);
    // A letter is answered once.
    expect(() => table.play('zhang', { type: 'answerLetter', generalId: 328, letterId: letter.id, accept: true })).toThrow(/no letter/);

    const declined = propose('zhang', 328, 'proposeBreakNonAggression', { destNationId: MA_TENG });
    table.play('ma', { type: 'answerLetter', generalId: 94, letterId: declined.id, accept: false });
    expect(rows()[0]!.state).toBe(Diplo.nap);
    const broken = propose('zhang', 328, 'proposeBreakNonAggression', { destNationId: MA_TENG });
    table.play('ma', { type: 'answerLetter', generalId: 94, letterId: broken.id, accept: true });
    expect(rows()).toEqual([{ state: Diplo.normal, term: 0, dead: 0 }, { state: Diplo.normal, term: 0, dead: 0 }]);
  });

  it('a pact runs out on its own, and a letter left unanswered for three turns expires', () => {
    const { table, world, propose, rows } = twoRulers();
    const letter = propose('ma', 94, 'proposeNonAggression', { destNationId: ZHANG, year: 187, month: 8 });
    table.play('zhang', { type: 'answerLetter', generalId: 328, letterId: letter.id, accept: true });
    expect(rows()[0]!.state).toBe(Diplo.nap);
    while (world.env.year === 187 && world.env.month <= 8) table.advanceMonths(1);
    expect(rows().map((r) => r.state)).toEqual([Diplo.normal, Diplo.normal]);

    const late = propose('ma', 94, 'proposeNonAggression', { destNationId: ZHANG, year: 189, month: 1 });
    table.advanceMonths(3);
    expect(world.letters.some((l) => l.id === late.id)).toBe(false);
    expect(() => table.play('zhang', { type: 'answerLetter', generalId: 328, letterId: late.id, accept: true })).toThrow(/no letter/);
  });

  it('peace ends a declaration or a war; a pact cannot be offered at war, nor peace at peace', () => {
    const { table, world, propose, rows } = twoRulers();
    while (world.env.year < 188) table.advanceMonths(1);
    table.play('ma', { type: 'reserveNation', generalId: 94, command: 'proposePeace', arg: { destNationId: ZHANG }, slots: [0] });
    table.advanceMonths(1);
    expect(world.logs.some((l) => l.text === '선포, 전쟁중인 상대국에게만 가능합니다. 종전 제의 실패.')).toBe(true);
    // A declaration (선전포고 itself is tested with the war rules): both rows 선포.
    for (const row of rows()) Object.assign(row, { state: Diplo.declared, term: 20 });
    table.play('zhang', { type: 'reserveNation', generalId: 328, command: 'proposeNonAggression', arg: { destNationId: MA_TENG, year: 190, month: 1 }, slots: [0] });
    table.advanceMonths(1);
    expect(world.logs.some((l) => l.text === '아국과 이미 선포중입니다. 불가침 제의 실패.')).toBe(true);
    const peace = propose('zhang', 328, 'proposePeace', { destNationId: MA_TENG });
    table.play('ma', { type: 'answerLetter', generalId: 94, letterId: peace.id, accept: true });
    expect(rows()).toEqual([{ state: Diplo.normal, term: 0, dead: 0 }, { state: Diplo.normal, term: 0, dead: 0 }]);
  });
});

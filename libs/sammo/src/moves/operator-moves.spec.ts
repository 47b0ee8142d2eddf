import { engine, IllegalMove } from '@chronicle/engine';
import { sammo } from '../game';
import { regionScenario } from '../testing/region-scenario';
import { SammoTable } from '../testing/table';

const SEED = '0e'.repeat(32);

/** 서북, a player on 마등's general 94. */
function table() {
  const { scenario, map } = regionScenario([3]);
  const t = new SammoTable({ world: 'scenario', scenario, map }, SEED, ['ma']);
  t.play('ma', { type: 'possess', generalId: 94 });
  return t;
}

describe("the operator's moves (legacy admin pages)", () => {
  it('blocks as _admin2_submit.php does: 1단계 sets killturn 24; 2단계 and 3단계 also take gold and rice; 0 lifts the block only', () => {
    const t = table();
    const g = t.state.data.generals.get(94)!;
    const [gold, rice] = [g.gold, g.rice];
    expect(gold).toBeGreaterThan(0);
    t.play(null, { type: 'block', generalIds: [94], level: 1 });
    expect([g.block, g.killturn, g.gold, g.rice]).toEqual([1, 24, gold, rice]);
    t.play(null, { type: 'block', generalIds: [94], level: 2 });
    expect([g.block, g.killturn, g.gold, g.rice]).toEqual([2, 24, 0, 0]);
    t.play(null, { type: 'block', generalIds: [94], level: 0 });
    expect([g.block, g.killturn, g.gold, g.rice]).toEqual([0, 24, 0, 0]);
    // A 2단계 general's turns are blocked (general-turn), as the legacy's TurnExecutionHelper does.
    t.play(null, { type: 'block', generalIds: [94], level: 3 });
    t.advanceMonths(1);
    expect(t.state.data.logs.some((e) => e.scope === 'general' && e.subject === 94 && e.text === '현재 악성유저로 분류되어 블럭 대상자입니다.')).toBe(true);
  });

  it('writes a starred line into the world history (로그쓰기) and changes the turn term (changeServerTerm)', () => {
    const t = table();
    t.play(null, { type: 'operatorLog', text: ' 서버 점검이 끝났습니다. ' });
    expect(t.state.data.history.at(-1)!.text).toBe('<R>★</><S>서버 점검이 끝났습니다.</>');
    const { year, month } = t.state.data.env;
    t.play(null, { type: 'changeTurnTerm', turnterm: 10 });
    expect([t.state.data.env.turnterm, t.state.data.env.year, t.state.data.env.month]).toEqual([10, year, month]);
    expect(t.state.data.history.at(-1)!.text).toBe('★턴시간이 10분으로 변경됩니다.');
    // The log replays to the same state: the moves are the game's like any other.
    expect(engine.replay(sammo, t.log).data).toEqual(t.state.data);
  });

  it('refuses them from a player, and bad arguments with what to send instead', () => {
    const t = table();
    const play = (seat: string | null, payload: object) => () => t.play(seat, payload as never);
    expect(play('ma', { type: 'block', generalIds: [94], level: 2 })).toThrow(new IllegalMove("block is an operator's move: only the table makes it"));
    expect(play(null, { type: 'block', generalIds: [99_999], level: 2 })).toThrow('block.generalIds: there is no general 99999');
    expect(play(null, { type: 'block', generalIds: [94], level: 4 })).toThrow('block.level must be 0 (lift), 1 (발언권), 2 (턴블럭) or 3 (악성유저)');
    expect(play(null, { type: 'operatorLog', text: '' })).toThrow('operatorLog.text must be 1 to 500 characters');
    expect(play(null, { type: 'changeTurnTerm', turnterm: 7 })).toThrow('changeTurnTerm.turnterm must be one of 1, 2, 5, 10, 20, 30, 60, 120 minutes (it divides 120)');
    expect(play(null, { type: 'changeTurnTerm', turnterm: t.state.data.env.turnterm })).toThrow(/^the turn term is \d+ minutes already$/);
  });
});

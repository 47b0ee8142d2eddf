import {
  endedChapter, engine, firstChapter, hashJson, GameLog, nextChapter, stateHash, stateToArray, verifyChain, withOpening,
  type GameState, type JsonObject, type TableDefinition,
} from '@chronicle/engine';
import { sammo } from '../game';
import { addTurn, joinYearMonth } from '../world/clock';
import { untaggedWorld } from '../testing/untagged';
import type { World } from '../world/types';
import { nextDueTime } from './next-due';
import { chapterEnded, continueChapter } from './chapter';

const MINUTE = 60_000;
const OPTIONS: JsonObject = { world: 'synthetic', generals: 20, cities: 10, nations: 2, turnterm: 60, chapterYears: 1 };

interface Played {
  log: GameLog;
  state: GameState<World>;
}

function open(definition: TableDefinition): Played {
  const log = GameLog.open(definition);
  return { log, state: engine.setup(sammo, log.header()) };
}

function play(table: Played, until: number): void {
  table.log.append(engine.step(sammo, table.log.header(), table.state, null, { type: 'advance', until }).move);
}

/** Advances month by month until the chapter closes; `overshoot` pushes each advance past its month boundary. */
function playChapter(table: Played, overshoot = 0): void {
  while (!table.state.outcome) {
    const env = table.state.data.env;
    play(table, addTurn(env.turntime, env.turnterm) + overshoot);
  }
}

const firstTable = (seed: string): Played =>
  open({ tableId: 'w-c1', gameId: sammo.id, rulesVersion: sammo.version, seats: [], options: { ...OPTIONS, ...firstChapter('w') }, seed });

describe('a world in chapters', () => {
  it('closes a chapter as the next game year begins, with nothing more due', () => {
    const table = firstTable('1'.repeat(64));
    playChapter(table);
    const env = table.state.data.env;
    expect(env).toMatchObject({ year: 191, month: 1 });
    expect(table.state.outcome).toEqual({ winners: [], result: 'the chapter closes as year 191 begins', continues: true });
    expect(table.state.phase).toBe('chapter-end');
    expect(table.log.revision).toBe(12);
    expect(nextDueTime(table.state.data)).toBeNull();
  });

  it('closes at the same state however the time was split into advances', () => {
    const monthly = firstTable('2'.repeat(64));
    playChapter(monthly);
    const late = firstTable('2'.repeat(64));
    playChapter(late, 30 * MINUTE);
    expect(late.log.revision).not.toBe(monthly.log.revision);
    expect(hashJson(untaggedWorld(late.state.data))).toBe(hashJson(untaggedWorld(monthly.state.data)));
  });

  it('carries the world into the next chapter, which verifies on its own and in the chain', () => {
    const tables = [firstTable('3'.repeat(64))];
    playChapter(tables[0]!);
    for (const n of [2, 3]) {
      const before = tables[tables.length - 1]!;
      const definition = nextChapter(sammo, endedChapter(before.log), before.state);
      const next = open({ ...definition, options: withOpening(definition.options!, stateToArray(sammo, before.state)), seed: String(n).repeat(64) });
      expect(next.log.tableId).toBe(`w-c${n}`);
      expect(next.state.data.env.generalTurns).toBe(before.state.data.env.generalTurns);
      expect(next.state.data.env.chapterEnd).toBe((190 + n) * 12);
      expect(nextDueTime(next.state.data)).not.toBeNull();
      playChapter(next);
      tables.push(next);
    }
    expect(tables[2]!.state.data.env).toMatchObject({ year: 193, month: 1 });
    for (const { log, state } of tables) {
      expect(stateHash(sammo, engine.verify(sammo, log, log.commitment()))).toBe(stateHash(sammo, state));
    }
    const chain = verifyChain(sammo, tables.map(({ log }) => ({ log, commitment: log.commitment() })));
    expect(chain).toMatchObject({ world: 'w', chapters: 3, moves: 36 });
    expect(stateHash(sammo, chain.final)).toBe(stateHash(sammo, tables[2]!.state));
  });

  it('plays one table for the whole life without chapterYears', () => {
    const log = GameLog.open({ tableId: 't', gameId: sammo.id, rulesVersion: sammo.version, seats: [], options: { ...OPTIONS, chapterYears: 0 } });
    const table = { log, state: engine.setup(sammo, log.header()) };
    expect('chapterEnd' in table.state.data.env).toBe(false);
    for (let i = 0; i < 13; i++) play(table, addTurn(table.state.data.env.turntime, 60));
    expect(table.state.outcome).toBeNull();
  });

  it('continues a carried world in play, to its next boundary or without one', () => {
    const world = { env: { year: 195, month: 1, chapterEnd: joinYearMonth(195, 1) }, logs: [], history: [] } as unknown as World;
    const state = { phase: 'ended', data: world } as unknown as GameState<World>;
    continueChapter(state, 2);
    expect([state.phase, world.env.chapterEnd]).toEqual(['play', joinYearMonth(197, 1)]);
    continueChapter(state, 0);
    expect('chapterEnd' in world.env).toBe(false);
    expect(chapterEnded(world.env)).toBe(false);
  });
});


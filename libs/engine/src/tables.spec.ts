import { diceRace, journal, ticTacToe, type DiceRaceData, type Roll } from './examples';
import type { RandomSource } from './random-source';
import { ConcurrentMove, GameInProgress, GameOver, IllegalMove, InvalidGame, UnknownTable } from './errors';
import { GameLog } from './game-log';
import { engine } from './engine';
import { InMemoryTables } from './tables';

describe('InMemoryTables', () => {
  it('opens a table with a commitment and plays moves with an expected revision', async () => {
    const tables = new InMemoryTables(ticTacToe);
    const opened = await tables.open({ tableId: 't1', seats: ['x', 'o'] });
    expect(opened.commitment).toMatch(/^[0-9a-f]{64}$/);
    await tables.move('t1', 'x', { cell: 0 }, 0);
    await expect(tables.move('t1', 'o', { cell: 1 }, 0)).rejects.toThrow(ConcurrentMove);
    expect((await tables.move('t1', 'o', { cell: 1 }, 1)).revision).toBe(2);
  });

  it('leaves the table as it was when a move is refused', async () => {
    const tables = new InMemoryTables(ticTacToe);
    await tables.open({ tableId: 't1', seats: ['x', 'o'] });
    await tables.move('t1', 'x', { cell: 0 });
    await expect(tables.move('t1', 'o', { cell: 0 })).rejects.toThrow(IllegalMove);
    const state = await tables.state('t1');
    expect(state.revision).toBe(1);
    expect(state.data.cells).toEqual(['x', null, null, null, null, null, null, null, null]);
  });

  it('undoes by the engine\'s rules', async () => {
    const tables = new InMemoryTables(ticTacToe);
    await tables.open({ tableId: 't1', seats: ['x', 'o'] });
    await tables.move('t1', 'x', { cell: 0 });
    await expect(tables.undo('t1', 'o')).rejects.toThrow(IllegalMove);
    expect(await tables.undo('t1', 'x')).toEqual({ revision: 0 });
    expect((await tables.state('t1')).data.cells[0]).toBeNull();
  });

  it('refuses an unknown table with a clear error', async () => {
    await expect(new InMemoryTables(ticTacToe).state('nope')).rejects.toThrow(new UnknownTable('there is no table nope; open it first'));
  });

  it('shows the commitment it opened with and says why a move came too late', async () => {
    const tables = new InMemoryTables(ticTacToe);
    const { commitment } = await tables.open({ tableId: 't1', seats: ['x', 'o'] });
    expect(await tables.commitment('t1')).toBe(commitment);
    await expect(tables.move('t1', 'x', { cell: 0 }, 3)).rejects.toThrow(
      new ConcurrentMove('table t1 is at revision 0, not 3: reload and retry'),
    );
    await expect(tables.finishedLog('t1')).rejects.toThrow(
      new GameInProgress('table t1 is still in play: its log (and seed) stays hidden until the end'),
    );
  });

  it('rebuilds its cached state from the log when a game fails while applying a move', async () => {
    const fragile = { ...journal, apply: (...args: Parameters<typeof journal.apply>) => {
      journal.apply(...args);
      if (args[2].text === 'two') throw new Error('half done');
    } };
    const tables = new InMemoryTables(fragile);
    await tables.open({ tableId: 'n1', seats: ['a'] });
    await tables.move('n1', 'a', { text: 'one' });
    await expect(tables.move('n1', 'a', { text: 'two' })).rejects.toThrow(InvalidGame);
    expect((await tables.state('n1')).data).toEqual({ notes: 1, last: 'one' });
    await expect(tables.move('n1', 'a', { text: '' })).rejects.toThrow(IllegalMove);
    expect((await tables.state('n1')).data).toEqual({ notes: 1, last: 'one' });
  });

  describe('finishedLog', () => {
    it('raises GameInProgress while the game goes on', async () => {
      const tables = new InMemoryTables(diceRace);
      await tables.open({ tableId: 'd1', seats: ['ann', 'bob'] });
      await expect(tables.finishedLog('d1')).rejects.toThrow(GameInProgress);
    });

    it('shows the log with its seed once the game is over, and it verifies', async () => {
      const tables = new InMemoryTables(diceRace);
      const { commitment } = await tables.open({ tableId: 'd1', seats: ['ann', 'bob'], options: { finish: 10 } });
      for (let state = await tables.state('d1'); !state.outcome; state = await tables.state('d1')) {
        await tables.move('d1', state.order.acting, { type: 'roll' });
      }
      const log = await tables.finishedLog('d1');
      expect(log.options).toEqual({ finish: 10 });
      expect(engine.verify(diceRace, log, commitment).outcome).not.toBeNull();
      await expect(tables.undo('d1', null)).rejects.toThrow(GameOver);
      await expect(tables.move('d1', 'ann', { type: 'roll' })).rejects.toThrow(IllegalMove);
    });

    it('raises ConcurrentMove when the table is reopened between its two reads', async () => {
      class Reopening extends InMemoryTables<DiceRaceData, Roll, RandomSource> {
        protected override async readLog(tableId: string): Promise<GameLog> {
          await this.open({ tableId, seats: ['ann', 'bob'], options: { finish: 10 } });
          return super.readLog(tableId);
        }
      }
      const tables = new Reopening(diceRace);
      await tables.open({ tableId: 'd1', seats: ['ann', 'bob'], options: { finish: 3 } });
      for (let state = await tables.state('d1'); !state.outcome; state = await tables.state('d1')) {
        await tables.move('d1', state.order.acting, { type: 'roll' });
      }
      await expect(tables.finishedLog('d1')).rejects.toThrow(
        new ConcurrentMove('table d1 changed between reading its state and its log; ask again'),
      );
    });

    it.each([
      ['another seed, as many moves', (log: GameLog) => GameLog.fromArray({ ...log.toArray(), seed: '1f'.repeat(32) })],
      ['the same seed, a move fewer', (log: GameLog) => log.withoutLast()],
    ])('raises ConcurrentMove when the log read second has %s', async (_name, change) => {
      class Changing extends InMemoryTables<DiceRaceData, Roll, RandomSource> {
        protected override async readLog(tableId: string): Promise<GameLog> {
          return change(await super.readLog(tableId));
        }
      }
      const tables = new Changing(diceRace);
      await tables.open({ tableId: 'd1', seats: ['ann', 'bob'], options: { finish: 3 } });
      for (let state = await tables.state('d1'); !state.outcome; state = await tables.state('d1')) {
        await tables.move('d1', state.order.acting, { type: 'roll' });
      }
      await expect(tables.finishedLog('d1')).rejects.toThrow(ConcurrentMove);
    });
  });
});

describe('the journal example', () => {
  it('takes notes from any seat or the table, refuses strangers and empty notes, and undoes', async () => {
    const tables = new InMemoryTables(journal);
    await tables.open({ tableId: 'j1', seats: ['ann', 'bob'] });
    await tables.move('j1', 'bob', { text: 'hello' });
    await tables.move('j1', null, { text: 'from the table' });
    await expect(tables.move('j1', 'zed', { text: 'hi' })).rejects.toThrow(/zed has no seat/);
    await expect(tables.move('j1', 'ann', { text: '' })).rejects.toThrow(IllegalMove);
    expect((await tables.state('j1')).data).toEqual({ notes: 2, last: 'from the table' });
    await tables.undo('j1', null);
    expect((await tables.state('j1')).data).toEqual({ notes: 1, last: 'hello' });
  });
});

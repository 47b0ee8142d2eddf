import {
  asArray, asInteger, asObject, chapterTableId, endedChapter, engine, firstChapter, GameLog, IllegalMove, InvalidGame, nextChapter,
  stateHash, stateToArray, withOpening, type Game, type GameState, type TableDefinition,
} from '@chronicle/engine';
import { GameRegistry } from './game-registry';

/**
 * A world that rolls a die every move and closes a chapter every 4 moves. Version 2 is a
 * hotfix: every roll counts one more — a rule change, so a version-1 log replays to another
 * state under it, and every version-1 table must go on under version 1.
 */
interface Rolls {
  total: number;
  rolls: number[];
  chapterEnd: number;
}

const rollsV1: Game<Rolls, null> = {
  id: 'rolls',
  version: '1',
  setup: () => ({ phase: 'play', turn: 0, order: { seats: [], acting: null, pending: [] }, data: { total: 0, rolls: [], chapterEnd: 4 } }),
  continueChapter(state) {
    state.data.chapterEnd = state.turn + 4;
    state.phase = 'play';
  },
  check: (_state, seat) => {
    if (seat !== null) throw new IllegalMove('only the table rolls');
    return null;
  },
  apply(state, _seat, _move, random) {
    const roll = random.int(1, 6);
    state.turn += 1;
    state.data.total += roll;
    state.data.rolls.push(roll);
    if (state.turn >= state.data.chapterEnd) {
      state.outcome = { winners: [], result: `chapter closes at ${state.turn}`, continues: true };
      state.phase = 'closed';
    }
  },
  readData: (value) => {
    const o = asObject(value, 'data');
    return { total: asInteger(o.total, 'total'), rolls: asArray(o.rolls, 'rolls').map((r, i) => asInteger(r, `rolls[${i}]`)), chapterEnd: asInteger(o.chapterEnd, 'chapterEnd') };
  },
};

const rollsV2: Game<Rolls, null> = {
  ...rollsV1,
  version: '2',
  apply(state, seat, move, random) {
    rollsV1.apply(state, seat, move, random);
    state.data.total += 1;
  },
};

/** What a service of a build does with a table: the game its registry serves for the table's version. */
function gameOf(registry: GameRegistry, log: GameLog): Game<Rolls, null> {
  return registry.forTable(log.tableId, log.gameId, log.rulesVersion) as Game<Rolls, null>;
}

/** One more move of a table, decided by the build's registry as an executor would. */
function play(registry: GameRegistry, log: GameLog, opening?: GameState<Rolls>): GameState<Rolls> {
  const game = gameOf(registry, log);
  const header = opening ? log.withOptions(withOpening(log.options, stateToArray(game, opening))).header() : log.header();
  const state = engine.replay(game, opening ? log.withOptions(withOpening(log.options, stateToArray(game, opening))) : log) as GameState<Rolls>;
  const step = engine.step(game, header, state, null, null);
  log.append(step.move);
  return step.state as GameState<Rolls>;
}

describe('a rules hotfix shipped while a world plays', () => {
  const buildN = new GameRegistry([rollsV1]);
  const buildN1 = new GameRegistry([rollsV1, rollsV2]);

  it('serves every listed version: a stored table its own, a new table the newest', () => {
    expect(buildN1.versions('rolls')).toEqual(['1', '2']);
    expect(buildN1.forNewTable('rolls')).toBe(rollsV2);
    expect(buildN1.forTable('w-c1', 'rolls', '1')).toBe(rollsV1);
    expect(buildN.forNewTable('rolls')).toBe(rollsV1);
    expect(() => buildN.forTable('w-c2', 'rolls', '2')).toThrow(new InvalidGame('table w-c2 plays rolls rules 2, which this build does not run (it runs rolls rules 1)'));
    expect(() => new GameRegistry([rollsV1, rollsV2, rollsV1])).toThrow(/rolls rules 1 is registered twice/);
  });

  it('goes on with the chapter in play under the version that opened it, opens the next under the newest, and both verify', () => {
    // Build N opens the world and plays two moves of its first chapter.
    const first: TableDefinition = { tableId: chapterTableId('w', 1), gameId: 'rolls', rulesVersion: buildN.forNewTable('rolls').version, seats: [], options: { ...firstChapter('w') } };
    const c1 = GameLog.open(first);
    play(buildN, c1);
    play(buildN, c1);

    // Build N+1 is deployed: the chapter in play goes on under version 1, exactly as build N would have played it.
    const underN = GameLog.fromArray(c1.toArray());
    let end: GameState<Rolls> | undefined;
    while (!end?.outcome) end = play(buildN1, c1);
    let endN: GameState<Rolls> | undefined;
    while (!endN?.outcome) endN = play(buildN, underN);
    expect(c1.rulesVersion).toBe('1');
    expect(stateHash(rollsV1, end)).toBe(stateHash(rollsV1, endN));

    // The next chapter opens under the newest version the build serves (the log service opens every table so).
    const c2 = GameLog.open({ ...nextChapter(rollsV1, endedChapter(c1), end), rulesVersion: buildN1.forNewTable('rolls').version });
    expect(c2.rulesVersion).toBe('2');
    let final: GameState<Rolls> | undefined;
    while (!final?.outcome) final = play(buildN1, c2, end);
    // Under the fix every roll counted one more; the chapter in play had counted them as rolled.
    expect(end.data.total).toBe(end.data.rolls.reduce((sum, r) => sum + r, 0));
    expect(final.data.total).toBe(end.data.total + final.data.rolls.slice(end.data.rolls.length).reduce((sum, r) => sum + r + 1, 0));

    // Both chapters verify, each under its own version, the second from the first's final state.
    const v1 = engine.verify(gameOf(buildN1, c1), c1, c1.commitment());
    expect(stateHash(rollsV1, v1)).toBe(stateHash(rollsV1, end));
    const opened = c2.withOptions(withOpening(c2.options, stateToArray(rollsV2, v1)));
    expect(stateHash(rollsV2, engine.verify(gameOf(buildN1, c2), opened, c2.commitment()))).toBe(stateHash(rollsV2, final));
    // Build N cannot replay the second chapter: a build keeps every version it still has tables of.
    expect(() => gameOf(buildN, c2)).toThrow(InvalidGame);
  });
});

import { gzipSync } from 'node:zlib';
import { hashJson, stateHash } from './canonical';
import { verifyChain, type PublishedChapter } from './chain';
import { chapterTableId, endedChapter, firstChapter, nextChapter, readChapter, withOpening } from './chapters';
import { engine } from './engine';
import { IllegalMove, InvalidGame } from './errors';
import type { Game } from './game';
import { GameLog, type TableDefinition } from './game-log';
import { stateToArray, type GameState } from './game-state';
import { asArray, asInteger, asObject, type JsonObject } from './json';
import { clockOptions, gameTimeAt, readGameClock, tickTimeOf, wallTimeOf, type GameClock } from './game-clock';

/**
 * A world that rolls a die every move and closes a chapter every `years` moves: enough of a
 * game to carry a state (its total and every roll) across chapters with fresh seeds.
 */
interface Rolls {
  total: number;
  rolls: number[];
  chapterEnd: number;
}

const rollWorld: Game<Rolls, null> = {
  id: 'rolls',
  version: '1',
  setup: ({ options }) => ({
    phase: 'play', turn: 0, order: { seats: [], acting: null, pending: [] },
    data: { total: 0, rolls: [], chapterEnd: asInteger(options.years, 'years') },
  }),
  continueChapter(state, { options }) {
    state.data.chapterEnd = state.turn + asInteger(options.years, 'years');
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

/** Plays a chapter from `opening`, the previous chapter's final state; its log keeps the opening detached, as stored. */
function playChapter(definition: TableDefinition, opening?: GameState<Rolls>): { log: GameLog; state: GameState<Rolls> } {
  const log = GameLog.open(definition);
  const state = engine.setup(rollWorld, opening ? attached(log, opening).header() : log.header());
  while (!state.outcome) log.append(engine.step(rollWorld, log.header(), state, null, null).move);
  return { log, state };
}

/** Plays a world of `count` chapters of 3 moves each. */
function playWorld(count: number): { chapters: PublishedChapter[]; states: GameState<Rolls>[] } {
  let definition: TableDefinition = {
    tableId: chapterTableId('w', 1), gameId: 'rolls', rulesVersion: '1', seats: [], options: { years: 3, ...firstChapter('w') },
  };
  const chapters: PublishedChapter[] = [];
  const states: GameState<Rolls>[] = [];
  for (let i = 0; i < count; i++) {
    const { log, state } = playChapter(definition, states.at(-1));
    chapters.push({ log, commitment: log.commitment() });
    states.push(state);
    if (i < count - 1) definition = nextChapter(rollWorld, endedChapter(log), state);
  }
  return { chapters, states };
}

function attached(log: GameLog, opening: GameState<Rolls>): GameLog {
  return log.withOptions(withOpening(log.options, stateToArray(rollWorld, opening)));
}

/** A copy of a chapter's log with its options edited. */
function withOptions(chapter: PublishedChapter, edit: (options: JsonObject) => void): PublishedChapter {
  const array = JSON.parse(JSON.stringify(chapter.log.toArray())) as JsonObject & { options: JsonObject };
  edit(array.options);
  return { log: GameLog.fromArray(array), commitment: chapter.commitment };
}

describe('chapters', () => {
  it('starts a chapter from the final state of the one before, under a new seed', () => {
    const { chapters, states } = playWorld(2);
    const [first, second] = chapters as [PublishedChapter, PublishedChapter];
    expect(second.log.tableId).toBe('w-c2');
    expect(second.log.seed).not.toBe(first.log.seed);
    expect(states[1]!.turn).toBe(6);
    expect(states[1]!.data.rolls.slice(0, 3)).toEqual(states[0]!.data.rolls);
    expect(readChapter(second.log.options)).toMatchObject({
      world: 'w', number: 2,
      previous: { tableId: 'w-c1', commitment: first.commitment, revision: 3, stateHash: stateHash(rollWorld, states[0]!) },
    });
  });

  it('replays and verifies each chapter on its own, its opening state attached', () => {
    const { chapters, states } = playWorld(3);
    for (const [i, { log, commitment }] of chapters.entries()) {
      const alone = i === 0 ? log : attached(log, states[i - 1]!);
      expect(stateHash(rollWorld, engine.verify(rollWorld, alone, commitment))).toBe(stateHash(rollWorld, states[i]!));
    }
  });

  it('keeps the opening state out of the options it opens with, and says what to attach', () => {
    const { chapters } = playWorld(2);
    const stored = chapters[1]!.log;
    expect(readChapter(stored.options)?.opening).toBeNull();
    expect(() => engine.replay(rollWorld, stored)).toThrow(/starts from the final state of table w-c1 at revision 3 .*not attached/);
    expect(() => withOpening(chapters[0]!.log.options, {})).toThrow(/first chapter of a world has no opening state/);
  });

  it('refuses an attached opening that is another chapter\'s final state', () => {
    const { chapters, states } = playWorld(3);
    expect(() => engine.replay(rollWorld, attached(chapters[2]!.log, states[0]!))).toThrow(/opening state is not the final state of w-c2/);
  });

  it('checks the chain link by link', () => {
    const { chapters, states } = playWorld(3);
    const chain = verifyChain(rollWorld, chapters);
    expect(chain).toMatchObject({ world: 'w', chapters: 3, moves: 9 });
    expect(chain.final.data.rolls).toEqual(states[2]!.data.rolls);
  });

  it('refuses a chain with a chapter missing or out of order', () => {
    const { chapters } = playWorld(3);
    expect(() => verifyChain(rollWorld, [chapters[0]!, chapters[2]!])).toThrow(/chapter 2 \(table w-c3\) says it is chapter 3/);
    expect(() => verifyChain(rollWorld, [chapters[1]!, chapters[0]!])).toThrow(InvalidGame);
  });

  it('refuses a link that names another commitment or final revision', () => {
    const { chapters } = playWorld(2);
    const edited = withOptions(chapters[1]!, (o) => { ((o.chapter as JsonObject).previous as JsonObject).revision = 2; });
    expect(() => verifyChain(rollWorld, [chapters[0]!, edited])).toThrow(/does not link to table w-c1: its revision is 2/);
    const recommitted = withOptions(chapters[1]!, (o) => { ((o.chapter as JsonObject).previous as JsonObject).commitment = 'ab'.repeat(32); });
    expect(() => verifyChain(rollWorld, [chapters[0]!, recommitted])).toThrow(/its commitment is/);
  });

  it('refuses an opening state that is not the previous final state', () => {
    const { chapters, states } = playWorld(2);
    const forged = stateToArray(rollWorld, { ...states[0]!, data: { ...states[0]!.data, total: 1_000 } });
    const tampered = withOptions(chapters[1]!, (o) => { (o.chapter as JsonObject).opening = gzipSync(JSON.stringify(forged)).toString('base64'); });
    expect(() => engine.replay(rollWorld, tampered.log)).toThrow(/opening state is not the final state of w-c1/);
    const garbled = withOptions(chapters[1]!, (o) => { (o.chapter as JsonObject).opening = 'not gzip'; });
    expect(() => engine.replay(rollWorld, garbled.log)).toThrow(/not gzipped JSON/);
  });

  it('opens a next chapter only after a chapter ended', () => {
    const log = GameLog.open({ tableId: 't', gameId: 'rolls', rulesVersion: '1', seats: [], options: { years: 3 } });
    const state = engine.setup(rollWorld, log.header());
    expect(() => nextChapter(rollWorld, endedChapter(log), state)).toThrow(IllegalMove);
  });

  it('refuses a later chapter of a game that cannot continue one', () => {
    const { chapters } = playWorld(2);
    const { continueChapter: _, ...noChapters } = rollWorld;
    expect(() => engine.replay(noChapters, chapters[1]!.log)).toThrow(/cannot be played in chapters/);
  });

  it('carries the seats a chapter took in by its moves into the next one', () => {
    const { log, state } = playChapter({ tableId: 'w-c1', gameId: 'rolls', rulesVersion: '1', seats: ['a'], options: { years: 2 } });
    const joined = { ...state, order: { ...state.order, seats: ['a', 'b'] } };
    expect(nextChapter(rollWorld, endedChapter(log), joined).seats).toEqual(['a', 'b']);
    expect(nextChapter(rollWorld, endedChapter(log), state).seats).toEqual(['a']);
  });

  it('names the world after the first table when it was opened without a chapter entry', () => {
    const { log, state } = playChapter({ tableId: 'solo', gameId: 'rolls', rulesVersion: '1', seats: [], options: { years: 2 } });
    const next = nextChapter(rollWorld, endedChapter(log), state);
    expect(next.tableId).toBe('solo-c2');
    const second = playChapter(next, state);
    expect(verifyChain(rollWorld, [{ log, commitment: log.commitment() }, { log: second.log, commitment: second.log.commitment() }]).chapters).toBe(2);
  });
});

describe('chapters: what each refusal says', () => {
  const link = { tableId: 'w-c1', commitment: 'ab'.repeat(32), revision: 3, stateHash: 'cd'.repeat(32) };
  const chapterOptions = (chapter: Record<string, unknown>) => ({ chapter: { world: 'w', number: 2, previous: link, opening: null, ...chapter } }) as JsonObject;

  it('reads options.chapter field by field', () => {
    expect(readChapter({})).toBeNull();
    expect(readChapter(chapterOptions({}))).toEqual({ world: 'w', number: 2, previous: link, opening: null });
    expect(() => readChapter({ chapter: 1 })).toThrow(new InvalidGame('options.chapter must be an object, got number 1'));
    expect(() => readChapter(chapterOptions({ number: 0 }))).toThrow(new InvalidGame('options.chapter.number must be between 1 and 9007199254740991, got 0'));
    expect(() => readChapter(chapterOptions({ world: 5 }))).toThrow(new InvalidGame('options.chapter.world must be a string, got number 5'));
    expect(() => readChapter(chapterOptions({ opening: 5 }))).toThrow(new InvalidGame('options.chapter.opening must be a string, got number 5'));
    expect(() => readChapter(chapterOptions({ previous: 5 }))).toThrow(new InvalidGame('options.chapter.previous must be an object, got number 5'));
    for (const [field, value, message] of [
      ['tableId', 1, 'options.chapter.previous.tableId must be a string, got number 1'],
      ['commitment', 1, 'options.chapter.previous.commitment must be a string, got number 1'],
      ['stateHash', 1, 'options.chapter.previous.stateHash must be a string, got number 1'],
      ['revision', -1, 'options.chapter.previous.revision must be between 0 and 9007199254740991, got -1'],
      ['commitment', `x${'ab'.repeat(32)}`, 'options.chapter.previous: commitment and stateHash are 64 lowercase hex digits'],
      ['commitment', `${'ab'.repeat(32)}x`, 'options.chapter.previous: commitment and stateHash are 64 lowercase hex digits'],
      ['stateHash', 'CD'.repeat(32), 'options.chapter.previous: commitment and stateHash are 64 lowercase hex digits'],
    ] as const) {
      expect(() => readChapter(chapterOptions({ previous: { ...link, [field]: value } }))).toThrow(new InvalidGame(message));
    }
  });

  it('a first chapter has neither link nor opening; a later one has a link', () => {
    const message = 'options.chapter: the first chapter has no previous link and no opening state; every later one links to the one before';
    expect(() => readChapter(chapterOptions({ number: 1 }))).toThrow(new InvalidGame(message));
    expect(() => readChapter(chapterOptions({ previous: null }))).toThrow(new InvalidGame(message));
    expect(() => readChapter(chapterOptions({ number: 1, previous: null, opening: 'x' }))).toThrow(new InvalidGame(message));
    expect(readChapter(chapterOptions({ number: 1, previous: null }))).toEqual({ world: 'w', number: 1, previous: null, opening: null });
    expect(() => withOpening({ chapter: 'x' }, {})).toThrow(new InvalidGame('options.chapter must be an object, got the string "x"'));
  });

  it('checks an attached opening state against the link: table, revision, and a chapter\'s end', () => {
    const { chapters, states } = playWorld(2);
    const final = stateToArray(rollWorld, states[0]!);
    const linkedTo = (opening: JsonObject, previous: Partial<typeof link>) => withOptions(chapters[1]!, (o) => {
      const chapter = o.chapter as JsonObject;
      chapter.previous = { ...(chapter.previous as JsonObject), stateHash: hashJson(opening), ...previous };
      chapter.opening = gzipSync(JSON.stringify(opening)).toString('base64');
    }).log;
    expect(() => engine.replay(rollWorld, linkedTo(final, { tableId: 'w-c0' }))).toThrow(
      new InvalidGame('table w-c2: the opening state is w-c1 at 3, the link says w-c0 at 3'),
    );
    expect(() => engine.replay(rollWorld, linkedTo(final, { revision: 2 }))).toThrow(
      new InvalidGame('table w-c2: the opening state is w-c1 at 3, the link says w-c1 at 2'),
    );
    expect(() => engine.replay(rollWorld, linkedTo({ ...final, outcome: null }, {}))).toThrow(
      new InvalidGame('table w-c2: chapter w-c1 did not end as a chapter'),
    );
    expect(() => engine.replay(rollWorld, linkedTo({ ...final, outcome: { winners: [], result: 'over' } }, {}))).toThrow(
      new InvalidGame('table w-c2: chapter w-c1 did not end as a chapter'),
    );
    const garbled = withOptions(chapters[1]!, (o) => { (o.chapter as JsonObject).opening = 'not gzip'; });
    let refusal: unknown;
    try {
      engine.replay(rollWorld, garbled.log);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toEqual(new InvalidGame('table w-c2: options.chapter.opening is not gzipped JSON in base64'));
    expect((refusal as Error).cause).toHaveProperty('code', 'Z_DATA_ERROR');
  });

  it('opens a next chapter from the end of the chapter that ended, and says why not', () => {
    const { log, state } = playChapter({ tableId: 'solo', gameId: 'rolls', rulesVersion: '1', seats: [], options: { years: 2 } });
    expect(() => nextChapter(rollWorld, endedChapter(log), { ...state, outcome: null })).toThrow(new IllegalMove('table solo has not ended a chapter'));
    expect(() => nextChapter(rollWorld, endedChapter(log), { ...state, outcome: { winners: ['a'], result: 'a won' } })).toThrow(
      new IllegalMove('table solo has not ended a chapter (its game is over: a won)'),
    );
    expect(() => nextChapter(rollWorld, endedChapter(log), { ...state, tableId: 'other' })).toThrow(
      new InvalidGame('the final state is other at 2, not the end of solo at 2'),
    );
    expect(() => nextChapter(rollWorld, endedChapter(log), { ...state, revision: 1 })).toThrow(
      new InvalidGame('the final state is solo at 1, not the end of solo at 2'),
    );
  });

  it('says which link of a chain broke', () => {
    const { chapters } = playWorld(3);
    expect(() => verifyChain(rollWorld, [])).toThrow(new InvalidGame('a chain has at least one chapter'));
    const elsewhere = withOptions(chapters[1]!, (o) => { (o.chapter as JsonObject).world = 'v'; });
    expect(() => verifyChain(rollWorld, [chapters[0]!, elsewhere])).toThrow(new InvalidGame('chapter 2 (table w-c2) belongs to world v, not w'));
    const unlinked = withOptions(chapters[1]!, (o) => { (o.chapter as JsonObject).number = 1; (o.chapter as JsonObject).previous = null; });
    expect(() => verifyChain(rollWorld, [chapters[0]!, { ...unlinked, log: unlinked.log }])).toThrow(
      new InvalidGame('chapter 2 (table w-c2) says it is chapter 1'),
    );
    const log = GameLog.open({ tableId: 'w-c1', gameId: 'rolls', rulesVersion: '1', seats: [], options: { years: 9, ...firstChapter('w') } });
    const state = engine.setup(rollWorld, log.header());
    for (let i = 0; i < 3; i++) log.append(engine.step(rollWorld, log.header(), state, null, null).move);
    expect(() => verifyChain(rollWorld, [{ log, commitment: log.commitment() }, chapters[1]!])).toThrow(
      new InvalidGame('chapter 2 (table w-c2) follows table w-c1, which did not end as a chapter'),
    );
  });
});

describe('game clock', () => {
  let clock: GameClock;
  beforeEach(() => {
    clock = readGameClock(clockOptions({ openedAt: 1_000, gameStart: 50_000, speed: 60, minTickInterval: 0 }));
  });

  it('runs game time at speed from the opening', () => {
    expect(gameTimeAt(clock, 1_000)).toBe(50_000);
    expect(gameTimeAt(clock, 2_000)).toBe(110_000);
  });

  it('finds the first wall time at which a game time has come', () => {
    for (const game of [50_000, 50_001, 110_000, 110_059, 7_777_777]) {
      const wall = wallTimeOf(clock, game);
      expect(gameTimeAt(clock, wall)).toBeGreaterThanOrEqual(game);
      expect(gameTimeAt(clock, wall - 1)).toBeLessThan(game);
    }
  });

  it('is real time without a clock option', () => {
    expect(gameTimeAt(readGameClock({}), 123)).toBe(123);
  });

  it('coalesces ticks to a minimum interval only when asked', () => {
    const coalesced = { ...clock, minTickInterval: 600 };
    expect(tickTimeOf(clock, 100, 50)).toBe(100);
    expect(tickTimeOf(coalesced, 100, 50)).toBe(650);
    expect(tickTimeOf(coalesced, 700, 50)).toBe(700);
    expect(tickTimeOf(coalesced, 100, null)).toBe(100);
  });

  it('refuses a speed that is not a positive number up to 10,000,000', () => {
    const message = 'options.clock.speed must be a number above 0 and at most 10,000,000';
    for (const speed of [0, -1, '60', null, 1e7 + 1, Number.NaN]) {
      expect(() => readGameClock({ clock: { openedAt: 0, gameStart: 0, speed } })).toThrow(new InvalidGame(message));
    }
    expect(readGameClock({ clock: { openedAt: 0, gameStart: 0, speed: 1e7 } }).speed).toBe(1e7);
  });

  it('names the clock field it refuses, and takes no minimum interval as none', () => {
    expect(() => readGameClock({ clock: 5 })).toThrow(new InvalidGame('options.clock must be an object, got number 5'));
    expect(() => readGameClock({ clock: { openedAt: -1, gameStart: 0, speed: 1 } })).toThrow(/^options\.clock\.openedAt /);
    expect(() => readGameClock({ clock: { openedAt: 0, gameStart: 'x', speed: 1 } })).toThrow(/^options\.clock\.gameStart /);
    expect(() => readGameClock({ clock: { openedAt: 0, gameStart: 0, speed: 1, minTickInterval: 1.5 } })).toThrow(
      /^options\.clock\.minTickInterval /,
    );
    expect(readGameClock({ clock: { openedAt: 0, gameStart: 0, speed: 1 } }).minTickInterval).toBe(0);
    expect(readGameClock({ clock: { openedAt: 0, gameStart: 0, speed: 1, minTickInterval: 30 } }).minTickInterval).toBe(30);
  });

  it('finds the first wall time even where the float division lands a tick early or late', () => {
    // At speed 0.7, 21 / 0.7 is 30.000000000000004 (its ceiling one tick late) and 63 / 0.7 is
    // exactly 90 while 90 × 0.7 is 62.99999999999999 (one tick early).
    const slow = readGameClock({ clock: { openedAt: 1_000, gameStart: 0, speed: 0.7 } });
    expect([wallTimeOf(slow, 21), wallTimeOf(slow, 63)]).toEqual([1_030, 1_091]);
    for (let game = 0; game < 300; game++) {
      const wall = wallTimeOf(slow, game);
      expect(gameTimeAt(slow, wall)).toBeGreaterThanOrEqual(game);
      expect(gameTimeAt(slow, wall - 1)).toBeLessThan(game);
    }
  });

  it('coalesces nothing with a zero interval even after a tick', () => {
    expect(tickTimeOf({ ...clock, minTickInterval: 0 }, 100, 99)).toBe(100);
    expect(tickTimeOf({ ...clock, minTickInterval: 0 }, 100, 150)).toBe(100);
  });
});

import { seedKey, Subjects } from '@chronicle/contracts';
import {
  commitmentOf, endedChapter, engine, firstChapter, GameLog, InvalidGame, nextChapter, readChapter, stateHash, stateToArray, withOpening, type Chapter,
  type ChapterLink, type GameState,
} from '@chronicle/engine';
import { diceRace } from '@chronicle/engine/examples';
import { defaultGames } from '@chronicle/games';
import { sammo } from '@chronicle/sammo';
import {
  connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, WorldDriver, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import type { ChapterOpenings } from './chapter-opening';
import { LogClient } from './log-client';
import { RequestClient } from './request-client';
import { TableReplayer } from './table-replayer';

jest.setTimeout(120_000);

/** A table of the first kind has no chapter before it: a replay asking for one is wrong. */
const noOpenings: ChapterOpenings = (link) => Promise.reject(new Error(`no chapter before was expected, but one links to ${link.tableId}`));

describe('TableReplayer (a log service over real NATS and PostgreSQL)', () => {
  const prefix = uniquePrefix('replay');
  const key = randomBytes(32).toString('hex');
  let db: TestDatabase;
  let nc: NatsConnection;
  let logService: ServiceProcess;
  let log: LogClient;
  let replayer: TableReplayer;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    logService = spawnService('apps/log-service/src/main.ts', {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, LOG_LEVEL: 'info', OUTBOX_POLL_MS: '100', DB_POOL_SIZE: '4', CHRONICLE_SEED_KEY: key,
      HTTP_PORT: '0', NATS_PROVISION: 'true',
    });
    await logService.waitFor(/log-service ready/, 60_000);
    log = new LogClient(new RequestClient(nc, new Subjects(prefix), 15_000));
    replayer = new TableReplayer(log, seedKey(key), defaultGames());
  });

  afterAll(async () => {
    await logService?.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  /** Plays a dice race as an executor does (the seed opened from the sealed one), each move appended with its state hash. */
  async function playDice(tableId: string, moves: number): Promise<{ local: GameLog; state: GameState<unknown>; hashes: string[] }> {
    await log.open({ tableId, gameId: diceRace.id, seats: ['ann', 'bob'] });
    const header = await log.header({ tableId });
    const local = GameLog.open({ tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seats: header.seats, options: header.options, seed: await replayer.seed(tableId) });
    const state = engine.setup(diceRace, local.header()) as GameState<unknown>;
    const hashes: string[] = [];
    for (let i = 0; i < moves && !state.outcome; i++) {
      const step = engine.step(diceRace, local.header(), state as never, (state as GameState<{ order: { acting: string } }>).order.acting, { type: 'roll' });
      local.append(step.move);
      hashes.push(stateHash(diceRace, state as never));
      await log.append({
        tableId, seat: step.move.seat, payload: step.move.payload, random: step.move.random, expectedRevision: step.move.number - 1,
        idempotencyKey: `${tableId}:${step.move.number}`, stateHash: hashes.at(-1)!, ...(state.outcome ? { outcome: state.outcome } : {}),
      });
    }
    return { local, state, hashes };
  }

  it('replays a table to the state its executor reached, from the sealed seed, the log read in pages', async () => {
    const { local, state } = await playDice('dice', 8);
    expect(commitmentOf(await replayer.seed('dice'))).toBe((await log.header({ tableId: 'dice' })).commitment);

    const played: number[] = [];
    const replayed = await replayer.replay('dice', noOpenings, { played: (move) => void played.push(move.number) });
    expect(replayed.state.revision).toBe(local.revision);
    expect(stateHash(diceRace, replayed.state as never)).toBe(stateHash(diceRace, state as never));
    expect(played).toEqual(local.moves.map((m) => m.number));
    expect(replayed.followed).toEqual({ played: local.revision, lastMove: local.lastMove, diverged: false });
    expect(replayed.table.header).toMatchObject({ tableId: 'dice', seed: local.seed, moves: 0 });
  });

  it('follows a state from where it stands when the log still holds its last move, and plays nothing when it does not', async () => {
    const { local, hashes } = await playDice('follow', 8);
    const table = await replayer.table('follow');
    const midway = await replayer.opening(table, noOpenings);
    // Through move 3: the state a replica held before the last five moves.
    expect((await replayer.follow(table, midway, { through: 3 })).lastMove).toEqual(local.moves[2]);
    expect(stateHash(diceRace, midway as never)).toBe(hashes[2]);

    const [third] = (await log.read({ tableId: 'follow', fromRevision: 2, limit: 1 })).moves;
    const elsewhere = await replayer.follow(table, midway, { same: (move) => move.seq === third!.seq + 100 });
    expect(elsewhere).toEqual({ played: 0, lastMove: undefined, diverged: true });
    expect(midway.revision).toBe(3);

    const seen: number[] = [];
    const followed = await replayer.follow(table, midway, { same: (move) => move.seq === third!.seq, paged: (page) => void seen.push(page.revision) });
    expect(followed).toEqual({ played: 5, lastMove: local.lastMove, diverged: false });
    expect(stateHash(diceRace, midway as never)).toBe(hashes.at(-1));
    expect(seen).toEqual([8]);

    // A state the log is behind (its move 9 is none of the log's) is of another history.
    expect((await replayer.follow(table, { ...midway, revision: 9 }, { same: () => true })).diverged).toBe(true);
  });

  it('stops where a hook says so, and where the game refuses a logged move (thrown without a hook)', async () => {
    await playDice('refused', 4);
    // A move the rules refuse (an executor would never append it; the log service runs no rules).
    await log.append({ tableId: 'refused', seat: 'ann', payload: { type: 'fly' }, random: false, expectedRevision: 4, idempotencyKey: 'refused:5' });
    const table = await replayer.table('refused');

    const stopped = await replayer.follow(table, await replayer.opening(table, noOpenings), { played: (move) => move.number < 2 });
    expect(stopped).toMatchObject({ played: 2, diverged: false });

    await expect(replayer.follow(table, await replayer.opening(table, noOpenings))).rejects.toThrow(InvalidGame);
    const refusals: Array<[number, string]> = [];
    const state = await replayer.opening(table, noOpenings);
    const followed = await replayer.follow(table, state, { refused: (move, error) => void refusals.push([move.number, error.message]) });
    expect(followed.played).toBe(4);
    expect(state.revision).toBe(4);
    expect(refusals).toEqual([[5, expect.stringMatching(/move 5/)]]);
  });

  it("opens a later chapter of a world from the previous chapter's final state, which the setup checks against the link", async () => {
    const first = await WorldDriver.open(log, replayer, 'world-c1', {
      world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60, chapterYears: 1, start: Date.UTC(2026, 0, 1), ...firstChapter('world'),
    }, { pace: 'month', light: true });
    while (!first.over) await first.play(6);
    const next = nextChapter(sammo, endedChapter(first.local), first.state);
    const options = next.options!;
    await log.open({ tableId: next.tableId, gameId: next.gameId, seats: [...next.seats], options });

    const asked: Array<[ChapterLink, Chapter]> = [];
    // The previous chapter as this replayer replays it (the snapshot service gives its own state the same way).
    const fromReplay: ChapterOpenings = async (link, chapter) => {
      asked.push([link, chapter]);
      const { state } = await replayer.replay(link.tableId, noOpenings);
      return stateToArray(sammo, state as never);
    };
    const { table, state } = await replayer.replay(next.tableId, fromReplay);
    expect(asked).toEqual([[readChapter(options)!.previous, readChapter(options)]]);
    expect(state.revision).toBe(0);
    expect(state.tableId).toBe(next.tableId);
    // The setup from the final state the chapter's own player reached (not this replayer's replay of it).
    const opened = engine.setup(sammo, { ...table.header, options: withOpening(options, stateToArray(sammo, first.state)) });
    expect(stateHash(sammo, state as never)).toBe(stateHash(sammo, opened));

    // An opening that is not the state the link names (the chapter's state one move before its end) is refused.
    const behind: ChapterOpenings = async (link) => {
      const previous = await replayer.table(link.tableId);
      const before = await replayer.opening(previous, noOpenings);
      await replayer.follow(previous, before, { through: link.revision - 1 });
      return stateToArray(sammo, before as never);
    };
    await expect(replayer.replay(next.tableId, behind)).rejects.toThrow(InvalidGame);
  });
});

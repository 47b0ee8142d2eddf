// The log service end to end (NATS request → PostgreSQL commit → reply, then outbox →
// JetStream), beside this machine's ceilings for the same payloads: raw JetStream async
// publishes and raw batched PostgreSQL inserts. Then the snapshot service rebuilding a
// 100,000-move table by replay through the log service.
import { LogClient, RequestClient } from '@chronicle/bus';
import { ServiceUnavailable, SnapshotSubjects, Subjects, type SnapshotV1 } from '@chronicle/contracts';
import { engine, entryLeaf, GameLog } from '@chronicle/engine';
import { diceRace } from '@chronicle/engine/examples';
import { connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, type ServiceProcess } from '@chronicle/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { percentile } from './machine';

const PAYLOAD_TEXT = 'x'.repeat(170); // with the JSON around it, ~200 bytes per move
const ONE_TABLE_APPENDS = 2_000;
const TABLES = 50;
const APPENDS_PER_TABLE = 200;
const CEILING_MESSAGES = 20_000;
const REBUILD_MOVES = 100_000;

const now = () => performance.now();
const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));
const fmt = (ms: number) => ms.toFixed(2);

/** A stream of its own under `<name>.>`, publishing the ceilings' messages (acks awaited together). */
async function rawStream(nc: NatsConnection, subjects: Subjects, name: string) {
  const jsm = await jetstreamManager(nc);
  const stream = subjects.stream(name.toUpperCase());
  await jsm.streams.add({ name: stream, subjects: [subjects.of(`${name}.>`)], duplicate_window: 120_000_000_000 });
  const js = jetstream(nc);
  const body = JSON.stringify({ tableId: 't', seat: 'ann', payload: { text: PAYLOAD_TEXT } });
  return {
    publish: async (from: number, count: number) => {
      const acks = [];
      for (let j = from; j < from + count; j++) acks.push(js.publish(subjects.of(`${name}.t${j % TABLES}`), body, { msgID: `${name}:${j}` }));
      await Promise.all(acks);
    },
    remove: () => jsm.streams.delete(stream),
  };
}

/** A table of its own, taking the ceilings' messages as rows in one transaction per batch. */
async function rawTable(url: string, name: string) {
  const pg = new Client({ connectionString: url });
  await pg.connect();
  await pg.query(`CREATE TABLE ${name} (table_id text, seq int, payload jsonb, PRIMARY KEY (table_id, seq))`);
  const payload = JSON.stringify({ text: PAYLOAD_TEXT });
  return {
    insert: async (from: number, count: number) => {
      const values: string[] = [];
      const params: unknown[] = [];
      for (let j = from; j < from + count; j++) {
        values.push(`($${params.length + 1}, $${params.length + 2}, $${params.length + 3})`);
        params.push(`t${j % TABLES}`, j, payload);
      }
      await pg.query('BEGIN');
      await pg.query(`INSERT INTO ${name} VALUES ${values.join(',')}`, params);
      await pg.query('COMMIT');
    },
    remove: async () => {
      await pg.query(`DROP TABLE ${name}`);
      await pg.end();
    },
  };
}

/** Messages per second of `batch` over CEILING_MESSAGES, called with each batch's first message. */
async function timed(step: number, batch: (from: number) => Promise<void>): Promise<number> {
  const started = now();
  for (let i = 0; i < CEILING_MESSAGES; i += step) await batch(i);
  return rate(CEILING_MESSAGES, now() - started);
}

async function ceilingJetStream(nc: NatsConnection, subjects: Subjects): Promise<number> {
  const raw = await rawStream(nc, subjects, 'raw');
  const perSecond = await timed(1_000, (from) => raw.publish(from, 1_000));
  await raw.remove();
  return perSecond;
}

async function ceilingPostgres(url: string): Promise<number> {
  const raw = await rawTable(url, 'raw_inserts');
  const perSecond = await timed(100, (from) => raw.insert(from, 100));
  await raw.remove();
  return perSecond;
}

/**
 * Both writes an append makes, raw, for the same messages: a batched PostgreSQL insert of
 * 100 rows, then their 100 JetStream publishes. On a machine whose cores the two servers
 * share, this — not either ceiling alone — bounds what any log service can do per append.
 */
async function ceilingBoth(nc: NatsConnection, subjects: Subjects, url: string): Promise<number> {
  const [stream, table] = [await rawStream(nc, subjects, 'raw2'), await rawTable(url, 'raw_both')];
  const perSecond = await timed(100, async (from) => {
    await table.insert(from, 100);
    await stream.publish(from, 100);
  });
  await table.remove();
  await stream.remove();
  return perSecond;
}

interface Appended {
  ms: number;
  latencies: number[];
}

async function appendLoop(log: LogClient, tableId: string, count: number, sent: Map<string, number>): Promise<number[]> {
  const latencies: number[] = [];
  for (let revision = 0; revision < count; revision++) {
    const started = now();
    sent.set(`${tableId}:${revision + 1}`, started);
    await log.append({ tableId, seat: 'ann', payload: { text: PAYLOAD_TEXT }, expectedRevision: revision, idempotencyKey: `${tableId}-${revision}`, random: false });
    latencies.push(now() - started);
  }
  return latencies;
}

async function appendAcross(log: LogClient, tables: string[], perTable: number, sent: Map<string, number>): Promise<Appended> {
  for (const tableId of tables) await log.open({ tableId, gameId: 'journal', seats: ['ann'] });
  const started = now();
  const all = await Promise.all(tables.map((tableId) => appendLoop(log, tableId, perTable, sent)));
  return { ms: now() - started, latencies: all.flat().sort((a, b) => a - b) };
}

/** Writes a 100,000-move dice race straight into the log service's tables, as if it had been played. */
async function seedBigTable(log: LogClient, url: string): Promise<void> {
  await log.open({ tableId: 'big', gameId: 'dice-race', seats: ['ann', 'bob', 'cid', 'dan'], options: { finish: 1e9 } });
  const pg = new Client({ connectionString: url });
  await pg.connect();
  const { seed, options } = (await pg.query('SELECT seed, options FROM game_tables WHERE table_id = $1', ['big'])).rows[0];
  const game = GameLog.open({ tableId: 'big', gameId: diceRace.id, rulesVersion: diceRace.version, seats: ['ann', 'bob', 'cid', 'dan'], options, seed });
  const state = engine.setup(diceRace, game.header());
  for (let i = 0; i < REBUILD_MOVES; i++) game.append(engine.step(diceRace, game.header(), state, state.order.acting, { type: 'roll' }).move);
  await pg.query('BEGIN');
  for (let i = 0; i < REBUILD_MOVES; i += 5_000) {
    const values: string[] = [];
    const params: unknown[] = [];
    for (const m of game.moves.slice(i, i + 5_000)) {
      const p = params.length;
      values.push(`('big', $${p + 1}, 'move', $${p + 1}, $${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, now(), $${p + 5})`);
      const leaf = entryLeaf('big', seed, { seq: m.number, kind: 'move', number: m.number, seat: m.seat, payload: m.payload, random: m.random, stateHash: null });
      params.push(m.number, m.seat, JSON.stringify(m.payload), m.random, leaf);
    }
    await pg.query(`INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, recorded_at, leaf) VALUES ${values.join(',')}`, params);
  }
  // No checkpoint: the log service signs the table's first one from the stored leaves when asked.
  await pg.query('UPDATE game_tables SET revision = $1, last_seq = $1, checkpoint = NULL WHERE table_id = $2', [REBUILD_MOVES, 'big']);
  await pg.query('COMMIT');
  await pg.end();
}

/** Moves in the timed page: without the undo index each one scans the table's later entries (100,000 here). */
const UNDO_PAGE = 10;

/**
 * Takes the big table's last move back (an undo entry, as the log service writes it) and
 * reads the log: a table with undos is read with an anti-join (a move counts unless a later
 * undo took its number back), which the `log_entries_undos` index answers per move; the
 * first page is also timed without that index, the scan it replaced.
 */
async function readsWithUndo(log: LogClient, url: string): Promise<{ wholeS: number; pageMs: number; pageNoIndexMs: number }> {
  const pg = new Client({ connectionString: url });
  pg.on('error', () => undefined); // the database is dropped at the end even if this fails half-way
  await pg.connect();
  const { seed } = (await pg.query('SELECT seed FROM game_tables WHERE table_id = $1', ['big'])).rows[0];
  const leaf = entryLeaf('big', seed, { seq: REBUILD_MOVES + 1, kind: 'undo', number: REBUILD_MOVES, seat: null, payload: null, random: false, stateHash: null });
  await pg.query(`INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, recorded_at, leaf)
                  VALUES ('big', $1, 'undo', $2, $3, NULL, NULL, false, now(), $4)`, [REBUILD_MOVES + 1, REBUILD_MOVES, REBUILD_MOVES - 1, leaf]);
  await pg.query('UPDATE game_tables SET revision = $1, last_seq = $2, checkpoint = NULL WHERE table_id = $3', [REBUILD_MOVES - 1, REBUILD_MOVES + 1, 'big']);
  const page = async () => {
    const started = now();
    await log.read({ tableId: 'big', fromRevision: 0, limit: UNDO_PAGE });
    return now() - started;
  };
  const pageMs = await page();
  const started = now();
  let read = 0;
  for (let from = 0; ;) {
    const moves = (await log.read({ tableId: 'big', fromRevision: from })).moves;
    if (moves.length === 0) break;
    read += moves.length;
    from = moves.at(-1)!.number;
  }
  const wholeS = (now() - started) / 1000;
  if (read !== REBUILD_MOVES - 1) throw new Error(`read ${read} moves of the undone log, not ${REBUILD_MOVES - 1}`);
  await pg.query('DROP INDEX log_entries_undos');
  // The request gives up after 30 s (the service's statement may run on): reported as Infinity.
  const pageNoIndexMs = await page().catch((error: unknown) => {
    if (error instanceof ServiceUnavailable) return Infinity;
    throw error;
  });
  await pg.end();
  return { wholeS, pageMs, pageNoIndexMs };
}

export async function main(): Promise<void> {
  const db = await createTestDatabase();
  const prefix = uniquePrefix('bench');
  const subjects = new Subjects(prefix);
  const seedKey = randomBytes(32).toString('hex');
  const nc = await connectNats();
  const services: ServiceProcess[] = [];
  try {
    // Each service provisions what it needs at start (deployments run the provisioning step instead).
    const env = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: seedKey, LOG_LEVEL: 'warn', HTTP_PORT: '0', NATS_PROVISION: 'true' };
    const logService = spawnService('apps/log-service/src/main.ts', { ...env, DATABASE_URL: db.url, DB_POOL_SIZE: '20', LOG_LEVEL: 'info' });
    services.push(logService);
    await logService.waitFor(/log-service ready/, 60_000);
    const requests = new RequestClient(nc, subjects, 30_000);
    const log = new LogClient(requests);
    console.log(`conditions: log-service in its own process (pool 20), PostgreSQL 127.0.0.1 (fsync on), NATS 127.0.0.1; moves of ~${JSON.stringify({ text: PAYLOAD_TEXT }).length + 30} bytes`);

    process.stdout.write('ceilings… ');
    const jsCeiling = await ceilingJetStream(nc, subjects);
    const pgCeiling = await ceilingPostgres(db.url);
    const bothCeiling = await ceilingBoth(nc, subjects, db.url);
    const ceiling = Math.min(jsCeiling, pgCeiling);
    console.log(`raw JetStream async publish ${jsCeiling}/s, raw batched PostgreSQL inserts (100 rows/tx) ${pgCeiling}/s, both for each message (100 inserts, then their 100 publishes) ${bothCeiling}/s`);

    const sent = new Map<string, number>();
    const eventLatencies: number[] = [];
    const tap = nc.subscribe(subjects.of('moves.>'), {
      callback: (_e, m) => {
        const event = m.json<{ tableId: string; revision: number }>();
        const at = sent.get(`${event.tableId}:${event.revision}`);
        if (at !== undefined) eventLatencies.push(now() - at);
      },
    });

    const one = await appendAcross(log, ['solo'], ONE_TABLE_APPENDS, sent);
    const oneRate = rate(ONE_TABLE_APPENDS, one.ms);
    console.log(`1 table: ${ONE_TABLE_APPENDS} sequential appends, ${oneRate}/s, p50 ${fmt(percentile(one.latencies, 50))} ms, p99 ${fmt(percentile(one.latencies, 99))} ms`);

    const tables = Array.from({ length: TABLES }, (_, i) => `t${i}`);
    const many = await appendAcross(log, tables, APPENDS_PER_TABLE, sent);
    const manyRate = rate(TABLES * APPENDS_PER_TABLE, many.ms);
    console.log(`${TABLES} tables in parallel: ${TABLES * APPENDS_PER_TABLE} appends, ${manyRate}/s, p50 ${fmt(percentile(many.latencies, 50))} ms, p99 ${fmt(percentile(many.latencies, 99))} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    tap.unsubscribe();
    eventLatencies.sort((a, b) => a - b);
    console.log(`append → event on moves.<table>: ${eventLatencies.length} events, p50 ${fmt(percentile(eventLatencies, 50))} ms, p99 ${fmt(percentile(eventLatencies, 99))} ms`);
    console.log(`ratios to the lower ceiling (${ceiling}/s): 1 table ${(oneRate / ceiling).toFixed(3)}, ${TABLES} tables ${(manyRate / ceiling).toFixed(3)}`);

    process.stdout.write(`writing a ${REBUILD_MOVES}-move dice race into the log… `);
    await seedBigTable(log, db.url);
    console.log('done');
    const snapshotService = spawnService('apps/snapshot-service/src/main.ts', { ...env, LOG_LEVEL: 'info' });
    services.push(snapshotService);
    await snapshotService.waitFor(/snapshot-service ready/, 60_000);
    const started = now();
    const snapshot = await requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId: 'big' }, 600_000);
    const rebuildS = (now() - started) / 1000;
    for (const line of snapshotService.output().split('\n').filter((l) => /replaying table big|rebuilt table big/.test(l))) {
      console.log(`  snapshot-service: ${(/"msg":"([^"]*)"/.exec(line)?.[1] ?? line).slice(0, 160)}`);
    }
    console.log(`snapshot rebuild of ${snapshot.revision} moves through the log service: ${rebuildS.toFixed(2)} s`);
    const undo = await readsWithUndo(log, db.url);
    console.log(`the same log with its last move undone, read in pages through the log service: ${undo.wholeS.toFixed(2)} s; `
      + `a page of ${UNDO_PAGE} moves ${undo.pageMs.toFixed(1)} ms, ${Number.isFinite(undo.pageNoIndexMs) ? `${undo.pageNoIndexMs.toFixed(1)} ms` : 'no answer within 30 s'} without the undo index`);

    console.log(`RESULT log appends_per_s_1_table=${oneRate} appends_per_s_50_tables=${manyRate} ceiling_ratio=${(manyRate / ceiling).toFixed(3)} append_p99_ms=${fmt(percentile(many.latencies, 99))} rebuild_100k_s=${rebuildS.toFixed(2)}`);
    console.log(`RESULT log read_with_undo_100k_s=${undo.wholeS.toFixed(2)} undo_page_ms=${undo.pageMs.toFixed(1)} undo_page_no_index_ms=${Number.isFinite(undo.pageNoIndexMs) ? undo.pageNoIndexMs.toFixed(1) : ">30000"}`);
    console.log(`RESULT log append_p50_ms=${fmt(percentile(many.latencies, 50))} append_to_event_p50_ms=${fmt(percentile(eventLatencies, 50))} append_to_event_p99_ms=${fmt(percentile(eventLatencies, 99))} jetstream_ceiling_per_s=${jsCeiling} postgres_ceiling_per_s=${pgCeiling} both_ceiling_per_s=${bothCeiling} both_ceiling_ratio=${(manyRate / bothCeiling).toFixed(3)}`);
  } finally {
    for (const service of services) await service.stop();
    await removePrefixed(nc, prefix);
    await nc.drain();
    await db.drop();
  }
}

// Player intents end to end: submit (executor.v1.submit-intent, waiting for the outcome) →
// JetStream work queue → a turn executor steps the move → the log service's durable append
// → the outcome recorded and answered. 20 journal tables (moves cost the rules almost
// nothing: this measures the path, not a game), intents offered at a fixed rate whatever
// the answers, first with 1 executor, then with 2 (the share each one decided).
import { LogClient, RequestClient } from '@chronicle/bus';
import { ExecutorSubjects, Subjects, type IntentOutcomeV1 } from '@chronicle/contracts';
import { connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess } from '@chronicle/testing';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { cpuMs, percentile } from './machine';

const TABLES = 20;
const SECONDS = 10;
/** Intents offered per second (`npm run bench -- executor [rate]`, 500 by default). */
let RATE = 500;

interface Run {
  rate: number;
  p50: number;
  p99: number;
  refused: number;
  late: number;
  decided: number;
}

const now = () => performance.now();

/** Offers `RATE` intents a second for `seconds` seconds, round-robin over the tables, each waiting for its outcome. */
async function offer(requests: RequestClient, tables: string[], label: string, seconds = SECONDS): Promise<Run> {
  const total = RATE * seconds;
  const latencies: number[] = [];
  let refused = 0;
  let late = 0;
  const pending: Array<Promise<void>> = [];
  const started = now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const tableId = tables[i % tables.length]!;
    const sent = now();
    pending.push(requests.request<IntentOutcomeV1>(ExecutorSubjects.submitIntent, {
      v: 1, tableId, intentKey: `${label}-${i}`, seat: 'ann', kind: 'move', payload: { text: `${label} ${i}` }, waitMs: 10_000,
    }, 20_000).then((outcome) => {
      if (outcome.status === 'accepted') latencies.push(now() - sent);
      else if (outcome.status === 'refused') refused++;
      else late++;
    }, () => {
      late++; // no answer at all within 20 s: the machine could not keep up
    }));
  }
  await Promise.all(pending);
  const ms = now() - started;
  latencies.sort((a, b) => a - b);
  return {
    rate: Math.round((latencies.length / ms) * 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99), refused, late,
    decided: latencies.length + refused,
  };
}

/** CPU ms the processes used during `run`, per intent decided: what each intent costs the client, log service and executors (not NATS or PostgreSQL, which others share). */
async function cpuPerIntent<T extends Run>(pids: number[], run: () => Promise<T>): Promise<T & { cpuMs: number }> {
  const cpu = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const before = cpu();
  const result = await run();
  return { ...result, cpuMs: (cpu() - before) / Math.max(1, result.decided) };
}

async function intentsDecided(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text.split('\n').filter((l) => l.startsWith('chronicle_executor_intents_total')).reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

async function tablesHeld(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^chronicle_executor_tables_held (\d+)/m.exec(text)?.[1] ?? 0);
}

export async function main(args: string[] = []): Promise<void> {
  if (args[0]) RATE = Number(args[0]);
  const db = await createTestDatabase();
  const prefix = uniquePrefix('bench');
  const subjects = new Subjects(prefix);
  const seedKey = randomBytes(32).toString('hex');
  const nc = await connectNats();
  const services: ServiceProcess[] = [];
  const env = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: seedKey, LOG_LEVEL: 'warn', HTTP_PORT: '0', NATS_PROVISION: 'true' };
  const pids = [process.pid];
  const startExecutor = async (id: string): Promise<number> => {
    const executor = spawnService('apps/turn-executor/src/main.ts', { ...env, LOG_LEVEL: 'info', EXECUTOR_ID: id, CHRONICLE_TRUST_NAMED_SEATS: 'true' });
    services.push(executor);
    pids.push(executor.pid);
    await executor.waitFor(/turn-executor ready/, 60_000);
    return Number(/http port (\d+)/.exec(executor.output())![1]);
  };
  try {
    const logService = spawnService('apps/log-service/src/main.ts', { ...env, DATABASE_URL: db.url, DB_POOL_SIZE: '20', LOG_LEVEL: 'info' });
    services.push(logService);
    pids.push(logService.pid);
    await logService.waitFor(/log-service ready/, 60_000);
    const requests = new RequestClient(nc, subjects, 30_000);
    const log = new LogClient(requests);
    const tables = Array.from({ length: TABLES }, (_, i) => `t${i}`);
    for (const tableId of tables) await log.open({ tableId, gameId: 'journal', seats: ['ann'] });
    console.log(`conditions: ${TABLES} journal tables, ${RATE} intents/s offered for ${SECONDS} s per run (open loop), each submit waiting for its outcome;`
      + ' log service, executors and this client as processes on this machine with PostgreSQL (fsync on) and NATS; no snapshot service (states come from the log)');

    const first = await startExecutor('bench-a');
    await offer(requests, tables, 'warm', 2); // tables leased, states loaded, code paths warm
    const one = await cpuPerIntent(pids, () => offer(requests, tables, 'one'));
    console.log(`1 executor: ${one.rate} intents/s decided, p50 ${one.p50.toFixed(2)} ms, p99 ${one.p99.toFixed(2)} ms (refused ${one.refused}, undecided after 10 s or unanswered ${one.late}), CPU ${one.cpuMs.toFixed(2)} ms per intent (client, log service, executor); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

    const second = await startExecutor('bench-b');
    // The first executor gives the second its share of the tables (idle ones, every third of the lease TTL).
    await offer(requests, tables, 'spread', 2);
    await waitUntil(async () => (await tablesHeld(second)) >= TABLES / 2 - 1 || undefined, 30_000, 'the second executor to take its share')
      .catch(() => console.log('(the second executor did not reach half the tables within 30 s; measuring anyway)'));
    const before = [await intentsDecided(first), await intentsDecided(second)];
    const two = await cpuPerIntent(pids, () => offer(requests, tables, 'two'));
    const decided = [(await intentsDecided(first)) - before[0]!, (await intentsDecided(second)) - before[1]!];
    const shareMin = decided[0]! + decided[1]! > 0 ? Math.min(...decided) / (decided[0]! + decided[1]!) : 0;
    console.log(`2 executors: ${two.rate} intents/s decided, p50 ${two.p50.toFixed(2)} ms, p99 ${two.p99.toFixed(2)} ms (refused ${two.refused}, undecided after 10 s or unanswered ${two.late}), CPU ${two.cpuMs.toFixed(2)} ms per intent; decided ${decided.join(' / ')}, tables held ${await tablesHeld(first)} / ${await tablesHeld(second)}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`RESULT executor_single intents_per_s=${one.rate} intent_p50_ms=${one.p50.toFixed(2)} intent_p99_ms=${one.p99.toFixed(2)} cpu_ms_per_intent=${one.cpuMs.toFixed(2)}`);
    console.log(`RESULT executor intents_per_s=${two.rate} intent_p50_ms=${two.p50.toFixed(2)} intent_p99_ms=${two.p99.toFixed(2)} share_min=${shareMin.toFixed(3)} cpu_ms_per_intent=${two.cpuMs.toFixed(2)}`);
  } finally {
    for (const service of services.reverse()) await service.stop();
    await removePrefixed(nc, prefix);
    await nc.drain();
    await db.drop();
  }
}

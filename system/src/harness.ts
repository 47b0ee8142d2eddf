import { LogClient, RequestClient } from '@chronicle/bus';
import {
  Subjects, TrustedSubjects, unsealSeed, seedKey as toSeedKey, type LoggedMoveV1, type SealedSeedV1,
} from '@chronicle/contracts';
import { GameLog } from '@chronicle/engine';
import {
  startNatsServer, startPostgresCluster, spawnService, uniquePrefix,
  type PrivateCluster, type PrivateNatsServer, type ServiceProcess,
} from '@chronicle/testing';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';

/** The four services, as deployed: separate processes (two executors, two schedulers). */
export const SERVICES = {
  'log-service': 'apps/log-service/src/main.ts',
  'snapshot-service': 'apps/snapshot-service/src/main.ts',
  scheduler: 'apps/scheduler/src/main.ts',
  'scheduler-b': 'apps/scheduler/src/main.ts',
  'exec-a': 'apps/turn-executor/src/main.ts',
  'exec-b': 'apps/turn-executor/src/main.ts',
} as const;
export type ServiceName = keyof typeof SERVICES;

/**
 * The whole system on a NATS server and a PostgreSQL cluster of its own (other loopback
 * ports, throw-away stores), so that it can restart them without disturbing anybody: the
 * services as child processes it can SIGKILL and start again, and a client of its own.
 */
export class SystemUnderTest {
  readonly subjects: Subjects;
  readonly processes = new Map<ServiceName, ServiceProcess>();
  /** Output of processes that were killed, for a failure's message. */
  private readonly history: string[] = [];
  nats!: PrivateNatsServer;
  postgres!: PrivateCluster;
  nc!: NatsConnection;
  requests!: RequestClient;
  log!: LogClient;

  /** A restored system takes the prefix and the seed key of the one whose database it restores. */
  constructor(readonly prefix = uniquePrefix('sys'), readonly seedKey = randomBytes(32).toString('hex')) {
    this.subjects = new Subjects(prefix);
  }

  /**
   * Its own NATS server and PostgreSQL cluster; `restore` fills the cluster (a dump) before any
   * service starts; the services in `held` are left for the test to start (`startService`).
   */
  async start(restore?: (cluster: PrivateCluster) => void, held: readonly ServiceName[] = []): Promise<void> {
    [this.nats, this.postgres] = await Promise.all([startNatsServer(), startPostgresCluster()]);
    restore?.(this.postgres);
    this.nc = await connect({ servers: this.nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
    this.requests = new RequestClient(this.nc, this.subjects, 20_000);
    this.log = new LogClient(this.requests);
    await this.startService('log-service');
    const others = (['snapshot-service', 'exec-a', 'exec-b', 'scheduler', 'scheduler-b'] as const).filter((name) => !held.includes(name));
    await Promise.all(others.map((name) => this.startService(name)));
  }

  async startService(name: ServiceName): Promise<void> {
    const env: Record<string, string> = {
      NATS_URL: this.nats.url, CHRONICLE_PREFIX: this.prefix, HTTP_PORT: '0', LOG_LEVEL: 'info', NATS_PROVISION: 'true',
      NATS_RECONNECT_WAIT_MS: '200',
    };
    const trusted = { CHRONICLE_SEED_KEY: this.seedKey };
    const own: Record<ServiceName, Record<string, string>> = {
      'log-service': { ...trusted, DATABASE_URL: this.postgres.url(), OUTBOX_POLL_MS: '50', DB_POOL_SIZE: '4' },
      'snapshot-service': { ...trusted, FLUSH_MS: '100' },
      scheduler: { RETICK_MS: '1000', RETICK_MAX_MS: '4000', FLUSH_MS: '100', MAX_SLEEP_MS: '200' },
      'scheduler-b': { RETICK_MS: '1000', RETICK_MAX_MS: '4000', FLUSH_MS: '100', MAX_SLEEP_MS: '200' },
      'exec-a': { ...trusted, EXECUTOR_ID: 'exec-a', LEASE_TTL_MS: '3000', CHRONICLE_TRUST_NAMED_SEATS: 'true' },
      'exec-b': { ...trusted, EXECUTOR_ID: 'exec-b', LEASE_TTL_MS: '3000', CHRONICLE_TRUST_NAMED_SEATS: 'true' },
    };
    const process = spawnService(SERVICES[name], { ...env, ...own[name] });
    this.processes.set(name, process);
    await process.waitFor(new RegExp(`${SERVICES[name].split('/')[1]} ready`), 120_000);
  }

  /** SIGKILL: no shutdown hook runs, as in a crash. */
  async kill(name: ServiceName): Promise<void> {
    const process = this.processes.get(name)!;
    await process.kill();
    this.history.push(`--- ${name} (killed)\n${process.output().slice(-3000)}`);
  }

  async stopAll(): Promise<void> {
    for (const process of [...this.processes.values()].reverse()) await process.stop();
    await this.nc?.close();
    await this.nats?.dispose();
    this.postgres?.dispose();
  }

  /** The last lines each process printed, for a failure's message. */
  outputs(): string {
    return [...this.history, ...[...this.processes].map(([name, p]) => `--- ${name}\n${p.output().slice(-3000)}`)].join('\n');
  }

  async movesOf(tableId: string): Promise<LoggedMoveV1[]> {
    const moves: LoggedMoveV1[] = [];
    for (;;) {
      const page = await this.log.read({ tableId, fromRevision: moves.length });
      moves.push(...page.moves);
      if (page.moves.length === 0 || moves.length >= page.revision) return moves;
    }
  }

  /** A table's whole log with its seed, whether finished or not: the test holds the services' seed key. */
  async fullLog(tableId: string): Promise<{ log: GameLog; moves: LoggedMoveV1[] }> {
    const header = await this.log.header({ tableId });
    const sealed = await this.requests.request<SealedSeedV1>(TrustedSubjects.sealedSeed, { v: 1, tableId });
    const moves = await this.movesOf(tableId);
    const log = GameLog.fromArray({
      tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seats: header.seats, options: header.options,
      seed: unsealSeed(toSeedKey(this.seedKey), tableId, sealed.sealedSeed),
      moves: moves.map(({ number, seat, payload, random }) => ({ number, seat, payload, random })),
    });
    return { log, moves };
  }
}

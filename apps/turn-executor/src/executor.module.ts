import { EventAuthenticity, eventSigners, LogClient, RequestClient, TableReplayer } from '@chronicle/bus';
import { ed25519PublicKey, EventSubjects, SeatGate, seedKey, Subjects, TableEventV1, validate } from '@chronicle/contracts';
import { defaultGames, GameRegistry } from '@chronicle/games';
import { HealthRegistry, Metrics, NATS_CONNECTION, natsProviders, ServiceKitModule } from '@chronicle/service-kit';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import {
  Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown,
} from '@nestjs/common';
import { TurnExecutorConfig } from './config';
import { IntentDesk } from './intents/intent-desk';
import { OutcomeBook } from './intents/outcome-book';
import { LeaseTable } from './leases/lease-table';
import { TableStates } from './tables/table-states';
import { TableWorker } from './tables/table-worker';
import { ExecutorMetrics } from './routing/executor-metrics';
import { WorkRouter } from './routing/work-router';
import { forwardedWorkController, WorkController } from './routing/work.controller';

/**
 * Joins the leases and the outcome watch before the consumers start, hears the snapshot
 * service's quarantines on `tables.>` (those it signed), rebalances every third of the lease TTL, and at shutdown hands its tables back.
 */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TurnExecutor');
  private timer?: NodeJS.Timeout;
  private quarantines?: Subscription;

  constructor(
    private readonly config: TurnExecutorConfig,
    private readonly subjects: Subjects,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly leases: LeaseTable,
    private readonly outcomes: OutcomeBook,
    private readonly states: TableStates,
    private readonly router: WorkRouter,
    private readonly health: HealthRegistry,
    private readonly authenticity: EventAuthenticity,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.CHRONICLE_TRUST_NAMED_SEATS === 'true') {
      this.logger.warn('CHRONICLE_TRUST_NAMED_SEATS=true: intents act for the seat they name, without a seat token; nothing checks who sent them');
    }
    await this.outcomes.start();
    await this.leases.start();
    // Ready only with leases renewed and the outcome watch open (the consumers have their own check).
    this.health.register('leases', async () => ({
      ok: this.leases.ready && this.outcomes.ready,
      detail: { executor: this.leases.me, held: this.leases.held.length, quarantined: this.states.quarantinedTables },
    }));
    this.quarantines = this.nc.subscribe(this.subjects.of(EventSubjects.allTables), {
      callback: (error, msg) => {
        if (error) return;
        const event = validate(TableEventV1, safeJson(msg.data));
        if (!event.ok || (event.value.kind !== 'quarantined' && event.value.kind !== 'released')) return;
        const notice = event.value;
        const forged = this.authenticity.ofTableEvent(msg, notice);
        if (forged) {
          this.logger.warn(`ignored a ${notice.kind === 'released' ? 'release' : 'quarantine'} notice: ${forged}`);
          return;
        }
        if (notice.kind === 'quarantined') {
          this.logger.warn(`table ${notice.tableId} is quarantined (${notice.reason ?? 'no reason given'}): no more moves for it`);
          this.states.markQuarantined(notice.tableId, notice.reason ?? 'quarantined by the snapshot service');
        } else {
          this.logger.log(`table ${notice.tableId}'s quarantine is lifted (${notice.reason ?? 'its log replays to every recorded hash'}): it takes moves again`);
          this.states.markReleased(notice.tableId);
        }
      },
    });
    this.timer = setInterval(() => {
      void this.router.rebalance().catch((error: unknown) => this.logger.warn(`rebalancing failed: ${String(error)}`));
    }, Math.floor(this.config.LEASE_TTL_MS / 3));
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.quarantines?.unsubscribe();
    await this.leases.stop();
    this.outcomes.stop();
    await this.nc.drain();
  }
}

function safeJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The turn executor as a Nest module: importable on its own (the CLI's all-in-one mode
 * composes it), its configuration injected as `TurnExecutorConfig`.
 */
@Module({})
export class TurnExecutorModule {
  static forRoot(config: TurnExecutorConfig, games: GameRegistry = defaultGames()): DynamicModule {
    const subjects = new Subjects(config.CHRONICLE_PREFIX);
    return {
      module: TurnExecutorModule,
      imports: [ServiceKitModule.forRoot({ serviceName: 'turn-executor', logLevel: config.LOG_LEVEL })],
      controllers: [WorkController, forwardedWorkController(config.EXECUTOR_ID)],
      providers: [
        { provide: TurnExecutorConfig, useValue: config },
        { provide: Subjects, useValue: subjects },
        { provide: GameRegistry, useValue: games },
        ...natsProviders(config, 'turn-executor'),
        {
          provide: RequestClient,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) => new RequestClient(nc, subjects, config.REQUEST_TIMEOUT_MS),
        },
        { provide: LogClient, inject: [RequestClient], useFactory: (requests: RequestClient) => new LogClient(requests) },
        {
          provide: LeaseTable,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) => LeaseTable.open(nc, subjects, { executorId: config.EXECUTOR_ID, ttlMs: config.LEASE_TTL_MS }),
        },
        { provide: OutcomeBook, inject: [NATS_CONNECTION], useFactory: (nc: NatsConnection) => OutcomeBook.open(nc, subjects) },
        {
          provide: ExecutorMetrics,
          inject: [Metrics, LeaseTable],
          useFactory: (metrics: Metrics, leases: LeaseTable) => new ExecutorMetrics(metrics, () => leases.held.length),
        },
        {
          provide: TableStates,
          inject: [LogClient, RequestClient, ExecutorMetrics],
          useFactory: (log: LogClient, requests: RequestClient, metrics: ExecutorMetrics) =>
            new TableStates(new TableReplayer(log, seedKey(config.CHRONICLE_SEED_KEY), games), requests, {
              capacity: config.TABLE_CACHE_SIZE, timeoutMs: config.REQUEST_TIMEOUT_MS, loaded: (from) => metrics.loaded(from),
            }),
        },
        {
          provide: TableWorker,
          inject: [TableStates, LogClient, OutcomeBook, ExecutorMetrics],
          useFactory: (states: TableStates, log: LogClient, outcomes: OutcomeBook, metrics: ExecutorMetrics) =>
            new TableWorker(states, log, outcomes, metrics, {
              executorId: config.EXECUTOR_ID, advanceBudget: config.ADVANCE_BUDGET, stateHashEveryMs: config.STATE_HASH_EVERY_MS, pauseBeforeAppendMs: config.FAULT_PAUSE_BEFORE_APPEND_MS,
            }),
        },
        {
          provide: WorkRouter,
          inject: [LeaseTable, TableWorker, RequestClient, ExecutorMetrics],
          useFactory: (leases: LeaseTable, worker: TableWorker, requests: RequestClient, metrics: ExecutorMetrics) =>
            new WorkRouter(leases, worker, requests, metrics, config.FORWARD_TIMEOUT_MS),
        },
        {
          provide: IntentDesk,
          inject: [NATS_CONNECTION, LogClient, OutcomeBook, WorkRouter],
          useFactory: (nc: NatsConnection, log: LogClient, outcomes: OutcomeBook, router: WorkRouter) => new IntentDesk(jetstream(nc), subjects, log, outcomes,
            new SeatGate(config.CHRONICLE_GATEWAY_PUBLIC_KEY ? ed25519PublicKey(config.CHRONICLE_GATEWAY_PUBLIC_KEY) : undefined), router),
        },
        {
          provide: EventAuthenticity,
          useFactory: () => new EventAuthenticity(subjects,
            eventSigners({ snapshots: config.CHRONICLE_SNAPSHOT_PUBLIC_KEY }, (message) => new Logger('TurnExecutor').warn(message))),
        },
        Lifecycle,
      ],
      exports: [TurnExecutorConfig, WorkRouter, IntentDesk, LeaseTable],
    };
  }
}

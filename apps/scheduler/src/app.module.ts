import { EventAuthenticity, eventSigners, LogClient, RequestClient } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import { defaultGames, type GameRegistry } from '@chronicle/games';
import { HealthRegistry, Metrics, NATS_CONNECTION, natsProviders, ServiceKitModule } from '@chronicle/service-kit';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import {
  Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown,
} from '@nestjs/common';
import { AdminController, ExecuteNowController } from './admin/admin.controller';
import { NoticeBoard } from './admin/notice-board';
import { OperatorDesk } from './admin/operator-desk';
import { SchedulerConfig } from './config';
import { DueIndex } from './schedule/due-index';
import { LogResync } from './schedule/log-resync';
import { ScheduleController } from './schedule/schedule.controller';
import { ScheduleStore } from './schedule/schedule-store';
import { tickerObserver } from './schedule/scheduler-metrics';
import { Ticker } from './schedule/ticker';
import { WorldKeeper } from './worlds/world-keeper';

/**
 * Rebuilds the index and starts ticking once the app is up, re-reads tables that met a
 * forged event lately every second; writes the index at shutdown.
 */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private timer?: NodeJS.Timeout;
  private rechecking?: Promise<void>;

  constructor(
    private readonly ticker: Ticker,
    private readonly index: DueIndex,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly health: HealthRegistry,
    private readonly resync: LogResync,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.health.register('schedule', async () => ({ ok: true, detail: { tables: this.index.size, scheduled: this.index.scheduled, stalled: this.index.stalled } }));
    await this.ticker.start();
    this.timer = setInterval(() => {
      this.rechecking ??= this.resync.recheck().then(() => this.ticker.poke())
        .catch((error: unknown) => this.logger.warn(`reading tables that met forged events from the log failed (again in a second): ${String(error)}`))
        .finally(() => { this.rechecking = undefined; });
    }, 1_000);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.rechecking;
    await this.ticker.stop();
    await this.nc.drain();
  }
}

/**
 * The scheduler as a Nest module: `SchedulerModule.forRoot(config)` gives the whole service
 * (its own NATS connection, HTTP /health and /metrics through the service kit), so that an
 * all-in-one process can import it beside the other services.
 */
@Module({})
export class SchedulerModule {
  static forRoot(config: SchedulerConfig, games: GameRegistry = defaultGames()): DynamicModule {
    const subjects = new Subjects(config.CHRONICLE_PREFIX);
    return {
      module: SchedulerModule,
      imports: [ServiceKitModule.forRoot({ serviceName: 'scheduler', logLevel: config.LOG_LEVEL })],
      controllers: [ScheduleController, AdminController, ExecuteNowController],
      providers: [
        { provide: SchedulerConfig, useValue: config },
        { provide: Subjects, useValue: subjects },
        ...natsProviders(config, 'scheduler'),
        { provide: DueIndex, useValue: new DueIndex({ firstMs: config.RETICK_MS, maxMs: config.RETICK_MAX_MS, limit: config.RETICK_LIMIT }) },
        {
          provide: Ticker,
          inject: [NATS_CONNECTION, DueIndex, Metrics],
          useFactory: async (nc: NatsConnection, index: DueIndex, metrics: Metrics) => {
            const logger = new Logger('Scheduler');
            const observer = tickerObserver(metrics, () => index.scheduled, (message) => logger.warn(message));
            return new Ticker(index, await ScheduleStore.open(nc, subjects), jetstream(nc), subjects, observer, {
              maxSleepMs: config.MAX_SLEEP_MS, flushMs: config.FLUSH_MS,
            });
          },
        },
        {
          provide: WorldKeeper,
          inject: [NATS_CONNECTION, DueIndex],
          useFactory: (nc: NatsConnection, index: DueIndex) => {
            const requests = new RequestClient(nc, subjects, config.REQUEST_TIMEOUT_MS);
            const logger = new Logger('Worlds');
            return new WorldKeeper(index, new LogClient(requests), requests, games, jetstream(nc), subjects, {
              snapshotWaitMs: Math.min(config.REQUEST_TIMEOUT_MS - 100, 10_000), log: (message) => logger.log(message),
            });
          },
        },
        {
          provide: EventAuthenticity,
          useFactory: () => new EventAuthenticity(subjects, eventSigners(
            { log: config.CHRONICLE_LOG_PUBLIC_KEY, snapshots: config.CHRONICLE_SNAPSHOT_PUBLIC_KEY }, (message) => new Logger('Scheduler').warn(message))),
        },
        {
          provide: LogResync,
          inject: [NATS_CONNECTION, DueIndex, WorldKeeper],
          useFactory: (nc: NatsConnection, index: DueIndex, worlds: WorldKeeper) =>
            new LogResync(index, new LogClient(new RequestClient(nc, subjects, config.REQUEST_TIMEOUT_MS)), worlds),
        },
        { provide: NoticeBoard, inject: [NATS_CONNECTION], useFactory: (nc: NatsConnection) => NoticeBoard.open(nc, subjects) },
        {
          provide: OperatorDesk,
          inject: [NATS_CONNECTION, DueIndex, Ticker, NoticeBoard],
          useFactory: async (nc: NatsConnection, index: DueIndex, ticker: Ticker, notices: NoticeBoard) => {
            const requests = new RequestClient(nc, subjects, config.REQUEST_TIMEOUT_MS);
            return new OperatorDesk(index, ticker, new LogClient(requests), requests, jetstream(nc), await jetstreamManager(nc), subjects, notices);
          },
        },
        Lifecycle,
      ],
    };
  }
}

import { publicKeyHex, ed25519PrivateKey, seedKey, Subjects } from '@chronicle/contracts';
import { defaultGames, GameRegistry } from '@chronicle/games';
import {
  dependency, HealthRegistry, Metrics, NATS_CONNECTION, natsProviders, postgresCheck, ServiceKitModule,
} from '@chronicle/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import {
  Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown,
} from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { LogServiceConfig } from './config';
import { logDataSource } from './database/data-source';
import { OutboxRelay } from './outbox/outbox-relay';
import { LogController } from './tables/log.controller';
import { LogRepository } from './tables/log.repository';
import { TableStore } from './tables/table-store';
import { DocumentStore } from './documents/document-store';

/** Starts the relay once everything is wired, and closes resources in reverse order at the end. */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly db: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly health: HealthRegistry,
    private readonly metrics: Metrics,
    private readonly config: LogServiceConfig,
  ) {}

  onApplicationBootstrap(): void {
    const logger = new Logger('LogService');
    if (this.config.CHRONICLE_SIGNING_KEY) {
      logger.log(`events are signed; subscribers verify with public key ${publicKeyHex(ed25519PrivateKey(this.config.CHRONICLE_SIGNING_KEY))}`);
    } else {
      logger.warn('CHRONICLE_SIGNING_KEY is not set: events are published unsigned, and subscribers cannot tell them from forgeries');
    }
    const relay = this.relay;
    this.health.register('postgres', postgresCheck(this.db));
    // Unhealthy when committed moves wait more than 30 s for the stream: the relay is stuck.
    this.health.register('outbox', async () => {
      const status = await this.relay.status();
      return { ok: status.oldestPendingMs < 30_000, detail: { ...status, leader: relay.isLeader } };
    });
    new Gauge({
      name: 'chronicle_outbox_leader',
      help: '1 when this replica is the one publishing the outbox',
      registers: [this.metrics.registry],
      collect(this: Gauge) {
        this.set(relay.isLeader ? 1 : 0);
      },
    });
    new Gauge({
      name: 'chronicle_outbox_pending',
      help: 'Committed events not yet published to JetStream',
      registers: [this.metrics.registry],
      collect: async function (this: Gauge) {
        this.set((await relay.status()).pending);
      },
    });
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.nc.drain();
    await this.db.destroy();
  }
}

@Module({})
export class AppModule {
  static forRoot(config: LogServiceConfig, games: GameRegistry = defaultGames()): DynamicModule {
    const subjects = new Subjects(config.CHRONICLE_PREFIX);
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ serviceName: 'log-service', logLevel: config.LOG_LEVEL })],
      controllers: [LogController],
      providers: [
        { provide: LogServiceConfig, useValue: config },
        { provide: Subjects, useValue: subjects },
        { provide: GameRegistry, useValue: games },
        {
          provide: DataSource,
          useFactory: () => dependency('DATABASE_URL', config.DATABASE_URL, 'PostgreSQL',
            () => logDataSource(config.DATABASE_URL, config.DB_POOL_SIZE).initialize()),
        },
        ...natsProviders(config, 'log-service'),
        {
          provide: OutboxRelay,
          inject: [DataSource, NATS_CONNECTION],
          useFactory: (db: DataSource, nc: NatsConnection) => new OutboxRelay(db, nc, subjects, {
            pollMs: config.OUTBOX_POLL_MS,
            batch: config.OUTBOX_BATCH,
            pauseAfterCommitMs: config.FAULT_PAUSE_AFTER_COMMIT_MS,
            pauseAfterPublishMs: config.FAULT_PAUSE_AFTER_PUBLISH_MS,
            ...(config.CHRONICLE_SIGNING_KEY ? { signingKey: ed25519PrivateKey(config.CHRONICLE_SIGNING_KEY) } : {}),
          }),
        },
        { provide: DocumentStore, inject: [DataSource], useFactory: (db: DataSource) => new DocumentStore(db) },
        {
          provide: TableStore,
          inject: [DataSource, GameRegistry, OutboxRelay, DocumentStore],
          useFactory: (db: DataSource, registry: GameRegistry, relay: OutboxRelay, documents: DocumentStore) =>
            new TableStore(db, new LogRepository(), registry, {
              onCommitted: () => relay.kick(),
              cacheSize: config.TABLE_CACHE_SIZE,
              batching: { maxBatch: config.APPEND_BATCH_MAX, concurrency: config.APPEND_BATCH_CONCURRENCY },
              seedKey: seedKey(config.CHRONICLE_SEED_KEY),
              ...(config.CHRONICLE_SIGNING_KEY ? { signingKey: ed25519PrivateKey(config.CHRONICLE_SIGNING_KEY) } : {}),
            }, documents),
        },
        Lifecycle,
      ],
    };
  }
}

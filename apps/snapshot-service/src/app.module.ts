import { EventAuthenticity, eventSigners, LogClient, RequestClient, signedHeaders, TableReplayer } from '@chronicle/bus';
import {
  ed25519PrivateKey, ed25519PublicKey, EventSubjects, publicKeyHex, publicMoveMsgId, quarantineMsgId, releaseMsgId, SeatGate, seedKey, Subjects,
  type PublicMoveEventV1, type TableEventV1,
} from '@chronicle/contracts';
import { defaultGames, GameRegistry } from '@chronicle/games';
import { HealthRegistry, Metrics, NATS_CONNECTION, natsProviders, ServiceKitModule } from '@chronicle/service-kit';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import {
  Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown,
} from '@nestjs/common';
import { SnapshotServiceConfig } from './config';
import { keeperObserver } from './snapshots/keeper-metrics';
import { SnapshotController } from './snapshots/snapshot.controller';
import { SnapshotKeeper } from './snapshots/snapshot-keeper';
import { SnapshotStore } from './snapshots/snapshot-store';

/** Flushes snapshots (and re-checks tables that met forged entries) on a timer, reports quarantines in /health, and writes what is left at shutdown. */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private readonly logger = new Logger('SnapshotService');

  constructor(
    private readonly keeper: SnapshotKeeper,
    private readonly config: SnapshotServiceConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly health: HealthRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.CHRONICLE_SNAPSHOT_SIGNING_KEY) {
      this.logger.log(`quarantine and release notices are signed; subscribers verify with public key ${publicKeyHex(ed25519PrivateKey(this.config.CHRONICLE_SNAPSHOT_SIGNING_KEY))}`);
    } else {
      this.logger.warn('CHRONICLE_SNAPSHOT_SIGNING_KEY is not set: quarantine and release notices are published unsigned, and executors holding its public key refuse them');
    }
    // A quarantined table is the operator's business, not a reason to restart the service.
    this.health.register('quarantine', async () => ({ ok: true, detail: { tables: this.keeper.quarantinedTables } }));
    this.timer = setInterval(() => {
      this.flushing ??= this.keeper.resyncSuspects().then(() => this.keeper.flush())
        .catch((error: unknown) => this.logger.error(`writing snapshots failed (the log still has everything): ${String(error)}`))
        .finally(() => { this.flushing = undefined; });
    }, Math.max(this.config.FLUSH_MS, 10));
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.keeper.flush();
    await this.nc.drain();
  }
}

@Module({})
export class AppModule {
  static forRoot(config: SnapshotServiceConfig, games: GameRegistry = defaultGames()): DynamicModule {
    const subjects = new Subjects(config.CHRONICLE_PREFIX);
    const signingKey = config.CHRONICLE_SNAPSHOT_SIGNING_KEY ? ed25519PrivateKey(config.CHRONICLE_SNAPSHOT_SIGNING_KEY) : undefined;
    const gatewayKey = config.CHRONICLE_GATEWAY_PUBLIC_KEY ? ed25519PublicKey(config.CHRONICLE_GATEWAY_PUBLIC_KEY) : undefined;
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ serviceName: 'snapshot-service', logLevel: config.LOG_LEVEL })],
      controllers: [SnapshotController],
      providers: [
        { provide: SnapshotServiceConfig, useValue: config },
        { provide: Subjects, useValue: subjects },
        ...natsProviders(config, 'snapshot-service'),
        {
          provide: SnapshotKeeper,
          inject: [NATS_CONNECTION, Metrics],
          useFactory: async (nc: NatsConnection, metrics: Metrics) => {
            const js = jetstream(nc);
            const replayer = new TableReplayer(new LogClient(new RequestClient(nc, subjects, config.LOG_TIMEOUT_MS)), seedKey(config.CHRONICLE_SEED_KEY), games);
            const observer = keeperObserver(metrics, new Logger('SnapshotKeeper'), () => ({
              quarantined: keeper.quarantinedTables.length, cached: keeper.cachedTables,
            }));
            // Signed as the log service signs its events, with this service's own key.
            const signed = async (logical: string, msgID: string, event: object) => {
              const subject = subjects.of(logical);
              const payload = JSON.stringify(event);
              await js.publish(subject, payload, { msgID, ...(signingKey ? { headers: signedHeaders(signingKey, subject, msgID, payload) } : {}) });
            };
            const keeper = new SnapshotKeeper(replayer, await SnapshotStore.open(nc, subjects, seedKey(config.CHRONICLE_SEED_KEY)), observer, {
              cacheSize: config.TABLE_CACHE_SIZE,
              progressEvery: config.REPLAY_PROGRESS_EVERY,
              publish: (event: TableEventV1) => signed(
                EventSubjects.tables(event.tableId),
                event.kind === 'released' ? releaseMsgId(event.tableId, event.recordedAt) : quarantineMsgId(event.tableId, event.seq),
                event,
              ),
              tell: (event: PublicMoveEventV1) => signed(EventSubjects.publicMoves(event.tableId), publicMoveMsgId(event.tableId, event.seq), event),
            });
            return keeper;
          },
        },
        {
          provide: EventAuthenticity,
          useFactory: () => new EventAuthenticity(subjects,
            eventSigners({ log: config.CHRONICLE_LOG_PUBLIC_KEY }, (message) => new Logger('SnapshotService').warn(message))),
        },
        { provide: SeatGate, useValue: new SeatGate(gatewayKey) },
        Lifecycle,
      ],
    };
  }
}

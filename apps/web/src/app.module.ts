import { EventAuthenticity, eventSigners, LogClient, openingsFromSnapshots, RequestClient, withChapterOpening, withStoredDocuments } from '@chronicle/bus';
import { checkRecordCheckpoint, ed25519PublicKey, EventSubjects, ScheduleSubjects, SnapshotSubjects, StreamRoles, Subjects, type NoticesV1, type SnapshotV1 } from '@chronicle/contracts';
import type { JsonObject } from '@chronicle/engine';
import { defaultGames, GameRegistry } from '@chronicle/games';
import { NATS_CONNECTION, natsProviders, ServiceKitModule } from '@chronicle/service-kit';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WebConfig } from './config';
import { ApiController } from './http/api.controller';
import { GatewayProxy } from './http/gateway-proxy';
import { buildPage } from './http/page';
import { BUILT_PAGE, PageController } from './http/page.controller';
import { EventsController } from './worlds/events.controller';
import { WorldBoard, type WorldSource } from './worlds/world-board';
import { WorldReader } from './worlds/world-reader';

/** Loads every table the tables stream names before the consumers deliver, and stops the board's timers. */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly board: WorldBoard,
    private readonly subjects: Subjects,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly reader: WorldReader,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.board.start();
    await this.board.load(await tablesInStream(this.nc, this.subjects));
  }

  async onApplicationShutdown(): Promise<void> {
    this.board.stop();
    await this.reader.close();
    await this.nc.drain();
  }
}

/** The tables the `TABLES` stream has events of (none when the stream is not there yet). */
async function tablesInStream(nc: NatsConnection, subjects: Subjects): Promise<string[]> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(subjects.stream(StreamRoles.tables), { subjects_filter: subjects.of(EventSubjects.allTables) }).catch(() => null);
  return Object.keys(info?.state.subjects ?? {}).map((s) => s.slice(subjects.of('tables.').length));
}

@Module({})
export class AppModule {
  static forRoot(config: WebConfig, games: GameRegistry = defaultGames()): DynamicModule {
    const subjects = new Subjects(config.CHRONICLE_PREFIX);
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ serviceName: 'web', logLevel: config.LOG_LEVEL })],
      controllers: [EventsController, ApiController, PageController],
      providers: [
        { provide: WebConfig, useValue: config },
        { provide: Subjects, useValue: subjects },
        ...natsProviders(config, 'web'),
        { provide: BUILT_PAGE, useFactory: () => buildPage() },
        { provide: GatewayProxy, useFactory: () => new GatewayProxy(config.GATEWAY_URL) },
        { provide: WorldReader, useFactory: () => new WorldReader() },
        {
          provide: WorldBoard,
          inject: [NATS_CONNECTION, WorldReader],
          useFactory: (nc: NatsConnection, reader: WorldReader) => {
            const requests = new RequestClient(nc, subjects, config.REQUEST_TIMEOUT_MS);
            const log = new LogClient(requests);
            const logKey = config.CHRONICLE_LOG_PUBLIC_KEY ? ed25519PublicKey(config.CHRONICLE_LOG_PUBLIC_KEY) : undefined;
            const source: WorldSource = {
              header: (tableId) => log.header({ tableId }),
              snapshot: (tableId, minRevision) =>
                requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision, waitMs: 2_000 }, config.REQUEST_TIMEOUT_MS + 2_000),
              // A later chapter's log with its opening state attached (the previous chapter's final
              // state, which its options only name), so that it verifies on its own in the browser.
              finishedLog: async (tableId) => {
                const { log: finished, commitment, record } = await log.finishedLog({ tableId });
                // The record's checkpoint must be the log service's (its key, when configured): the page checks moves against it.
                if (record) checkRecordCheckpoint(record, commitment, logKey);
                // A first chapter opened from a scenario file gets it attached (its SHA-256 checked) the same way.
                const options = await withStoredDocuments(requests, await withChapterOpening(finished.options as JsonObject, openingsFromSnapshots(requests, config.REQUEST_TIMEOUT_MS)));
                return { log: { ...finished, options: { ...options } }, record: record ?? null };
              },
              read: (reply, visibility) => reader.read(reply, visibility),
              notices: async () => (await requests.request<NoticesV1>(ScheduleSubjects.notices, { v: 1 })).notices,
            };
            const logger = new Logger('WorldBoard');
            return new WorldBoard(source, games, { refreshMs: config.REFRESH_MS, feedSize: config.FEED_SIZE, summaryMs: config.SUMMARY_MS },
              (tableId, error) => logger.warn(`table ${tableId}: ${error instanceof Error ? error.message : String(error)}`));
          },
        },
        {
          provide: EventAuthenticity,
          useFactory: () => new EventAuthenticity(subjects,
            eventSigners({ log: config.CHRONICLE_LOG_PUBLIC_KEY, snapshots: config.CHRONICLE_SNAPSHOT_PUBLIC_KEY }, (message) => new Logger('WebService').warn(message))),
        },
        Lifecycle,
      ],
    };
  }
}

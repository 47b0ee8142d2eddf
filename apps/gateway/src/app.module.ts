import { RequestClient } from '@chronicle/bus';
import { ed25519PrivateKey, publicKeyHex, Subjects } from '@chronicle/contracts';
import {
  dependency, HealthRegistry, NATS_CONNECTION, natsProviders, postgresCheck, ServiceKitModule,
} from '@chronicle/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import { Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AccountsService } from './accounts/accounts.service';
import { Sessions } from './accounts/sessions';
import { GatewayConfig } from './config';
import { GATEWAY_CONTROLLERS } from './controllers';
import { API_CONTROLLERS } from './http/openapi.controller';
import { gatewayDataSource } from './database/data-source';
import { ErrorFilter } from './http/error-filter';
import { AccountLimitInterceptor, AddressLimitGuard } from './http/limits';
import { SessionGuard } from './http/session.guard';
import { WorldDirectory } from './worlds/world-directory';
import { WorldPlay } from './worlds/world-play';
import { WorldViews } from './views/world-views';
import { ExecuteEngine } from './worlds/execute-engine';

/** Registers the database check, and closes the connections in reverse order at the end. */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly db: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly health: HealthRegistry,
    private readonly directory: WorldDirectory,
    private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.health.register('postgres', postgresCheck(this.db));
    await this.directory.start();
    await this.directory.ready();
    new Logger('Gateway').log(`seat proofs are signed; executors verify them with CHRONICLE_GATEWAY_PUBLIC_KEY=${publicKeyHex(ed25519PrivateKey(this.config.CHRONICLE_GATEWAY_KEY))}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.directory.stop();
    await this.nc.drain();
    await this.db.destroy();
  }
}

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [ServiceKitModule.forRoot({ serviceName: 'gateway', logLevel: config.LOG_LEVEL })],
      controllers: GATEWAY_CONTROLLERS,
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: API_CONTROLLERS, useValue: GATEWAY_CONTROLLERS },
        { provide: Subjects, useValue: new Subjects(config.CHRONICLE_PREFIX) },
        {
          provide: DataSource,
          useFactory: () => dependency('DATABASE_URL', config.DATABASE_URL, 'PostgreSQL',
            () => gatewayDataSource(config.DATABASE_URL, config.DB_POOL_SIZE).initialize()),
        },
        ...natsProviders(config, 'gateway'),
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: APP_GUARD, useClass: AddressLimitGuard },
        { provide: APP_INTERCEPTOR, useClass: AccountLimitInterceptor },
        {
          provide: WorldDirectory, inject: [NATS_CONNECTION, Subjects],
          useFactory: (nc: NatsConnection, subjects: Subjects) => new WorldDirectory(nc, subjects),
        },
        {
          provide: WorldPlay, inject: [DataSource, WorldDirectory, RequestClient],
          useFactory: (db: DataSource, directory: WorldDirectory, requests: RequestClient) =>
            new WorldPlay(db, directory, requests, ed25519PrivateKey(config.CHRONICLE_GATEWAY_KEY), {
              proofTtlMs: config.SEAT_PROOF_TTL_MS, nextChapterWaitMs: config.NEXT_CHAPTER_WAIT_MS,
            }),
        },
        {
          provide: RequestClient, inject: [NATS_CONNECTION, Subjects],
          useFactory: (nc: NatsConnection, subjects: Subjects) => new RequestClient(nc, subjects, 15_000),
        },
        {
          provide: ExecuteEngine, inject: [RequestClient, WorldViews],
          useFactory: (requests: RequestClient, views: WorldViews) => new ExecuteEngine(requests, views, config.EXECUTE_ENGINE_INTERVAL_MS),
        },
        {
          provide: WorldViews, inject: [RequestClient, WorldPlay],
          useFactory: (requests: RequestClient, play: WorldPlay) => new WorldViews(requests, (worldId, seat) => play.proof(worldId, seat).token, (tableId, seat) => play.lastWrite(tableId, seat)),
        },
        AccountsService,
        Sessions,
        SessionGuard,
        Lifecycle,
      ],
    };
  }
}

import { Subjects } from '@chronicle/contracts';
import {
  dependency, HealthRegistry, NATS_CONNECTION, natsProviders, postgresCheck, ServiceKitModule,
} from '@chronicle/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import { Inject, Injectable, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AccountsService } from './accounts/accounts.service';
import { AuthController } from './accounts/auth.controller';
import { GatewayConfig } from './config';
import { gatewayDataSource } from './database/data-source';
import { ErrorFilter } from './http/error-filter';
import { SessionGuard } from './http/session.guard';

/** Registers the database check, and closes the connections in reverse order at the end. */
@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly db: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly health: HealthRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.health.register('postgres', postgresCheck(this.db));
  }

  async onApplicationShutdown(): Promise<void> {
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
      controllers: [AuthController],
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: Subjects, useValue: new Subjects(config.CHRONICLE_PREFIX) },
        {
          provide: DataSource,
          useFactory: () => dependency('DATABASE_URL', config.DATABASE_URL, 'PostgreSQL',
            () => gatewayDataSource(config.DATABASE_URL, config.DB_POOL_SIZE).initialize()),
        },
        ...natsProviders(config, 'gateway'),
        { provide: APP_FILTER, useClass: ErrorFilter },
        AccountsService,
        SessionGuard,
        Lifecycle,
      ],
    };
  }
}

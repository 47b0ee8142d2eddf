import type { GameRegistry } from '@chronicle/games';
import { startService, type RunningService } from '@chronicle/service-kit';
import { AppModule } from './app.module';
import type { LogServiceConfig } from './config';
import { logServiceTopology } from './topology';

export type RunningLogService = RunningService;

/** Starts the log service: HTTP (/health, /metrics) and the NATS request handlers. */
export function startLogService(config: LogServiceConfig, games?: GameRegistry): Promise<RunningLogService> {
  return startService({ name: 'log-service', module: AppModule.forRoot(config, games), config, topology: logServiceTopology() });
}

import type { GameRegistry } from '@chronicle/games';
import { startService, type RunningService } from '@chronicle/service-kit';
import { AppModule } from './app.module';
import type { SnapshotServiceConfig } from './config';
import { snapshotConsumer, snapshotTopology } from './topology';

/** Starts the snapshot service: its durable consumer, its requests, and HTTP (/health, /metrics). */
export function startSnapshotService(config: SnapshotServiceConfig, games?: GameRegistry): Promise<RunningService> {
  return startService({
    name: 'snapshot-service', module: AppModule.forRoot(config, games), config, topology: snapshotTopology(), consumers: [snapshotConsumer()],
  });
}

import type { GameRegistry } from '@chronicle/games';
import { startService, type RunningService } from '@chronicle/service-kit';
import { SchedulerModule } from './app.module';
import type { SchedulerConfig } from './config';
import { movesConsumer, schedulerTopology, tablesConsumer } from './topology';

/** Starts the scheduler: its two durable consumers, its ticker, and HTTP (/health, /metrics). */
export function startScheduler(config: SchedulerConfig, games?: GameRegistry): Promise<RunningService> {
  return startService({
    name: 'scheduler', module: SchedulerModule.forRoot(config, games), config, topology: schedulerTopology(),
    consumers: [movesConsumer(), tablesConsumer()],
  });
}

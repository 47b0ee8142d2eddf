import type { GameRegistry } from '@chronicle/games';
import { startService, type RunningService } from '@chronicle/service-kit';
import { TurnExecutorModule } from './executor.module';
import type { TurnExecutorConfig } from './config';
import { executorTopology, intentConsumer, tickConsumer } from './topology';

/** Starts a turn executor: its two work-queue consumers, its requests, its leases, and HTTP (/health, /metrics). */
export function startTurnExecutor(config: TurnExecutorConfig, games?: GameRegistry): Promise<RunningService> {
  return startService({
    name: 'turn-executor',
    module: TurnExecutorModule.forRoot(config, games),
    config,
    topology: executorTopology(),
    consumers: [tickConsumer(config.WORK_CONCURRENCY), intentConsumer(config.WORK_CONCURRENCY)],
  });
}

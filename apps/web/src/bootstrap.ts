import type { GameRegistry } from '@chronicle/games';
import { startService, type RunningService } from '@chronicle/service-kit';
import { AppModule } from './app.module';
import type { WebConfig } from './config';
import { webMovesConsumer, webTablesConsumer, webTopology } from './topology';

/** Starts the web service: its two consumers, the read API, the live feed and the page on `HTTP_PORT`. */
export function startWeb(config: WebConfig, games?: GameRegistry): Promise<RunningService> {
  return startService({
    name: 'web', module: AppModule.forRoot(config, games), config, topology: webTopology(), consumers: [webMovesConsumer(), webTablesConsumer()],
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GameRegistry } from '@chronicle/games';
import { startService, type RunningService } from '@chronicle/service-kit';
import { AppModule } from './app.module';
import type { WebConfig } from './config';
import { GatewayProxy } from './http/gateway-proxy';
import { webMovesConsumer, webTablesConsumer, webTopology } from './topology';

/**
 * Starts the web service: its two consumers, the read API, the live feed and the page on
 * `HTTP_PORT`, and the players' API (`/api/v1`) forwarded to the gateway ahead of every other
 * handler (before the body parser: bodies pass through untouched).
 */
export function startWeb(config: WebConfig, games?: GameRegistry): Promise<RunningService> {
  return startService({
    name: 'web', module: AppModule.forRoot(config, games), config, topology: webTopology(), consumers: [webMovesConsumer(), webTablesConsumer()],
    configure: (app) => {
      const proxy = app.get(GatewayProxy);
      app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => (GatewayProxy.handles(req.url) ? proxy.handle(req, res) : next()));
    },
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GameRegistry } from '@chronicle/games';
import { METRICS_PATH, ProbePaths, startService, type RunningService } from '@chronicle/service-kit';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import type { WebConfig } from './config';
import { GatewayProxy } from './http/gateway-proxy';
import { webMovesConsumer, webTablesConsumer, webTopology } from './topology';

export interface RunningWeb extends RunningService {
  /** The page's port (`PUBLIC_PORT`). */
  publicPort: number;
  /** The page's address, `http://127.0.0.1:<publicPort>/`. */
  pageUrl: string;
}

/** The internal port's routes: the probes and the metrics. Everything else is the page's. */
const INTERNAL_PATHS = new Set<string>([...Object.values(ProbePaths), METRICS_PATH]);

/**
 * Starts the web service: its two consumers, the read API, the live feed and the page on
 * `PUBLIC_PORT`, with the players' API (`/api/v1`) forwarded to the gateway ahead of every
 * other handler (before the body parser: bodies pass through untouched); the probes and
 * /metrics on the internal `HTTP_PORT` only, as the gateway keeps them.
 */
export async function startWeb(config: WebConfig, games?: GameRegistry): Promise<RunningWeb> {
  const running = await startService({
    name: 'web', module: AppModule.forRoot(config, games), config, topology: webTopology(), consumers: [webMovesConsumer(), webTablesConsumer()],
    publicPort: { port: config.PUBLIC_PORT, serves: (url) => !INTERNAL_PATHS.has(url.split('?')[0]!), what: 'the page' },
    configure: (app) => {
      const proxy = app.get(GatewayProxy);
      app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => (GatewayProxy.handles(req.url) ? proxy.handle(req, res) : next()));
    },
  });
  const publicPort = running.publicPort!;
  running.app.get(Logger).log(`web page on port ${publicPort}`);
  return { ...running, publicPort, pageUrl: `http://127.0.0.1:${publicPort}/` };
}

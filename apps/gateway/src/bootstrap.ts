import { startService, StartupError, type RunningService } from '@chronicle/service-kit';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayModule } from './app.module';
import type { GatewayConfig } from './config';
import { gatewayTopology } from './topology';

export interface RunningGateway extends RunningService {
  /** The players' port (the API under /api/v1). */
  publicPort: number;
  publicUrl: string;
}

const ON_PUBLIC_PORT = Symbol('on the public port');
const API_PREFIX = '/api/';

/**
 * One Nest app, two servers: the internal `HTTP_PORT` (/health, /readyz, /livez, /metrics,
 * as every service) and the players' `PUBLIC_PORT`, which answers only under `/api/` — the
 * probes and metrics are not the players' business, nor the API the probes'.
 */
function separatePorts(app: INestApplication, maxBodyBytes: number, trustProxy: string): void {
  (app as NestExpressApplication).useBodyParser('json', { limit: maxBodyBytes });
  (app as NestExpressApplication).set('trust proxy', trustProxyValue(trustProxy));
  app.use((req: IncomingMessage & { [ON_PUBLIC_PORT]?: boolean }, res: { statusCode: number; setHeader(n: string, v: string): void; end(b: string): void }, next: () => void) => {
    const isApi = (req.url ?? '').startsWith(API_PREFIX);
    if (isApi === (req[ON_PUBLIC_PORT] === true)) return next();
    res.statusCode = 404;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: isApi ? 'the API is served on the public port' : `no such route: ${req.url ?? ''}` } }));
  });
}

/** `TRUST_PROXY` as Express takes it: `false`/`true`, a hop count, or addresses and subnet names. */
function trustProxyValue(value: string): boolean | number | string {
  if (value === 'false' || value === 'true') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Starts the gateway: the internal port as every service, then the players' port. */
export async function startGateway(config: GatewayConfig): Promise<RunningGateway> {
  const running = await startService({
    name: 'gateway', module: GatewayModule.forRoot(config), config,
    topology: gatewayTopology(),
    bodyParser: false,
    configure: (app) => separatePorts(app, config.MAX_BODY_BYTES, config.TRUST_PROXY),
  });
  const handler = running.app.getHttpAdapter().getInstance() as (req: IncomingMessage, res: unknown) => void;
  const server: Server = createServer((req, res) => {
    (req as IncomingMessage & { [ON_PUBLIC_PORT]?: boolean })[ON_PUBLIC_PORT] = true;
    handler(req, res);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PUBLIC_PORT, '0.0.0.0', () => resolve());
    });
  } catch (error) {
    await running.app.close();
    throw new StartupError(['PUBLIC_PORT'], `cannot listen on PUBLIC_PORT=${config.PUBLIC_PORT}: ${String(error)}`, { cause: error });
  }
  running.app.get(Logger).log(`gateway public API on port ${(server.address() as AddressInfo).port}`);
  const close = running.app.close.bind(running.app);
  running.app.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
  };
  const publicPort = (server.address() as AddressInfo).port;
  return { ...running, publicPort, publicUrl: `http://127.0.0.1:${publicPort}` };
}

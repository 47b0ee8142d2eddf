import { startService, type RunningService } from '@chronicle/service-kit';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { GatewayModule } from './app.module';
import type { GatewayConfig } from './config';
import { gatewayTopology } from './topology';

export interface RunningGateway extends RunningService {
  /** The players' port (the API under /api/v1). */
  publicPort: number;
  publicUrl: string;
}

const API_PREFIX = '/api/';

/** The body parser with the gateway's own limit, and the client's address through the proxies it trusts. */
function configureHttp(app: INestApplication, maxBodyBytes: number, trustProxy: string): void {
  (app as NestExpressApplication).useBodyParser('json', { limit: maxBodyBytes });
  (app as NestExpressApplication).set('trust proxy', trustProxyValue(trustProxy));
}

/** `TRUST_PROXY` as Express takes it: `false`/`true`, a hop count, or addresses and subnet names. */
function trustProxyValue(value: string): boolean | number | string {
  if (value === 'false' || value === 'true') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Starts the gateway: the internal `HTTP_PORT` (/health, /readyz, /livez, /metrics, as every
 * service) and the players' `PUBLIC_PORT`, which answers only under `/api/` (service-kit's
 * public port: the probes and metrics are not the players' business, nor the API the probes').
 */
export async function startGateway(config: GatewayConfig): Promise<RunningGateway> {
  const running = await startService({
    name: 'gateway', module: GatewayModule.forRoot(config), config,
    topology: gatewayTopology(),
    bodyParser: false,
    publicPort: { port: config.PUBLIC_PORT, serves: (url) => url.startsWith(API_PREFIX), what: 'the API' },
    configure: (app) => configureHttp(app, config.MAX_BODY_BYTES, config.TRUST_PROXY),
  });
  const publicPort = running.publicPort!;
  running.app.get(Logger).log(`gateway public API on port ${publicPort}`);
  return { ...running, publicPort, publicUrl: `http://127.0.0.1:${publicPort}` };
}

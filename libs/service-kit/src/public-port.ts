import type { INestApplication } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from './startup';

/**
 * A second HTTP port for the people a service serves (the players' API, the web page),
 * beside the internal `HTTP_PORT` of every service (/health, /readyz, /livez, /metrics). One
 * Nest app answers both, and each route belongs to one port only: the probes and metrics are
 * not the public's business, nor the public routes the probes'.
 */
export interface PublicPort {
  /** `PUBLIC_PORT`; 0 takes a free one. */
  port: number;
  /** Whether a request's path is a public route; every other path is the internal port's. */
  serves(url: string): boolean;
  /** What the public routes are, as the internal port's refusal names them ("the page", "the API"). */
  what: string;
}

const ON_PUBLIC_PORT = Symbol('on the public port');
type Tagged = IncomingMessage & { [ON_PUBLIC_PORT]?: boolean };

/** Before every other handler: a request on the wrong port for its route is 404, saying where it belongs. */
export function separatePorts(app: INestApplication, publicPort: PublicPort): void {
  app.use((req: Tagged, res: ServerResponse, next: () => void) => {
    const isPublic = publicPort.serves(req.url ?? '/');
    if (isPublic === (req[ON_PUBLIC_PORT] === true)) return next();
    res.statusCode = 404;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: isPublic ? `${publicPort.what} is served on the public port` : `no such route: ${req.url ?? ''}` } }));
  });
}

/** Listens on the public port with the app's handler (closed with the app's own server); the port it took. */
export async function listenPublicPort(app: INestApplication, publicPort: PublicPort): Promise<number> {
  const handler = app.getHttpAdapter().getInstance() as (req: IncomingMessage, res: ServerResponse) => void;
  const server: Server = createServer((req, res) => {
    (req as Tagged)[ON_PUBLIC_PORT] = true;
    handler(req, res);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(publicPort.port, '0.0.0.0', () => resolve());
    });
  } catch (error) {
    await app.close();
    throw new StartupError(['PUBLIC_PORT'], `cannot listen on PUBLIC_PORT=${publicPort.port}: ${String(error)}`, { cause: error });
  }
  // Closed with the app: app.close() closes Nest's own server, and this one follows it (Nest's
  // application is a proxy, so its close cannot be wrapped without calling itself).
  (app.getHttpServer() as Server).once('close', () => {
    server.closeAllConnections();
    server.close();
  });
  return (server.address() as AddressInfo).port;
}

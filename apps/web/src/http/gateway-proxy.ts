import { Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';

/** The players' API, as the page calls it: same origin, forwarded to the gateway. */
export const PLAYER_API = '/api/v1';

/** Headers of one hop (RFC 9110 §7.6.1): never forwarded either way. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

/** The gateway's refusal shape (`{ error: { code, message } }`), so the page reads one kind of refusal from `/api/v1`. */
function refusal(res: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/**
 * Forwards the page's `/api/v1/*` to the gateway (`GATEWAY_URL`) as it comes: method, path,
 * query, body and headers (the session cookie, `X-CSRF-Token`, `Idempotency-Key`,
 * `Last-Event-ID`), and the answer back as it goes out, streamed (server-sent events flow
 * through chunk by chunk; nothing is buffered or parsed). It runs ahead of the body parser,
 * so a body reaches the gateway byte for byte, under the gateway's own limits. The browser
 * then talks to one origin: the cookie's `Path=/api` and `SameSite=Lax` hold, and no CORS
 * is needed. Nothing of a request is logged here (cookies and tokens stay out of the log).
 */
export class GatewayProxy implements BeforeApplicationShutdown {
  private readonly logger = new Logger('GatewayProxy');
  private readonly target: URL | null;
  /** Answers in flight (live streams among them): cut at shutdown, or the server would wait for them. */
  private readonly open = new Set<ServerResponse>();

  constructor(gatewayUrl: string) {
    this.target = gatewayUrl ? new URL(gatewayUrl) : null;
  }

  /** Whether a request is the players' API (this proxy's), by its path. */
  static handles(url: string | undefined): boolean {
    return url !== undefined && (url === PLAYER_API || url.startsWith(`${PLAYER_API}/`) || url.startsWith(`${PLAYER_API}?`));
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    if (!this.target) {
      refusal(res, 503, 'NO_GATEWAY', '이 서버에는 게임 서버(게이트웨이)가 연결되어 있지 않습니다. This deployment has no players\' API (GATEWAY_URL is not set): worlds can be watched, not played.');
      return;
    }
    const target = this.target;
    const client = target.protocol === 'https:' ? https : http;
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = client.request({
      protocol: target.protocol, hostname: target.hostname, port: target.port || undefined, method: req.method, path: req.url,
      headers: {
        ...forwardable(req.headers), host: target.host,
        'x-forwarded-for': forwardedFor, 'x-forwarded-host': req.headers.host ?? '', 'x-forwarded-proto': (req.headers['x-forwarded-proto'] as string | undefined) ?? 'http',
      },
    });
    this.open.add(res);
    res.on('close', () => {
      this.open.delete(res);
      // The browser left (a closed live stream, a navigation): the gateway's side ends too.
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      // Headers now: a live stream's first event may be minutes away.
      res.flushHeaders();
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      this.logger.warn(`the gateway at ${target.origin} did not answer ${req.method} ${req.url?.split('?')[0]}: ${error.message}`);
      refusal(res, 502, 'GATEWAY_UNAVAILABLE', '게임 서버(게이트웨이)에 연결할 수 없습니다. 잠시 후 다시 시도하십시오. The players\' API cannot be reached; try again in a moment.');
    });
    req.pipe(upstream);
  }

  beforeApplicationShutdown(): void {
    for (const res of this.open) res.destroy();
    this.open.clear();
  }
}

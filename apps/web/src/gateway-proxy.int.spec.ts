import { connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess, type TestDatabase } from '@chronicle/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWeb, type RunningWeb } from './bootstrap';
import { WebConfig } from './config';
import { GatewayProxy } from './http/gateway-proxy';

jest.setTimeout(120_000);

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

/**
 * The page's origin forwards the players' API to the gateway: a real gateway process (its
 * PostgreSQL, NATS) behind the web service, the browser's requests made with fetch as a
 * browser makes them (cookie session, CSRF header).
 */
describe('the web service forwards /api/v1 to the gateway (a real gateway process)', () => {
  const prefix = uniquePrefix('wgp');
  let db: TestDatabase;
  let nc: NatsConnection;
  let gateway: ServiceProcess;
  let web: RunningWeb;
  let origin: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    gateway = spawnService('apps/gateway/src/main.ts', {
      CHRONICLE_PREFIX: prefix, HTTP_PORT: '0', PUBLIC_PORT: '0', LOG_LEVEL: 'info', NATS_PROVISION: 'true', DATABASE_URL: db.url,
      PASSWORD_SCRYPT_LOG2N: '10', COOKIE_SECURE: 'false', CHRONICLE_GATEWAY_KEY: randomBytes(32).toString('hex'),
    });
    await gateway.waitFor(/gateway public API on port \d+/, 90_000);
    const port = /gateway public API on port (\d+)/.exec(gateway.output())![1];
    web = await startWeb(Object.assign(new WebConfig(), {
      CHRONICLE_PREFIX: prefix, PUBLIC_PORT: 0, NATS_PROVISION: 'true', GATEWAY_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    }));
    origin = `http://127.0.0.1:${web.publicPort}`;
  });

  afterAll(async () => {
    await web?.app.close();
    await gateway?.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  it('keeps the probes and metrics on the internal port, and the page and the players\' API on the public one', async () => {
    const internal = `http://127.0.0.1:${web.port}`;
    expect((await fetch(`${internal}/metrics`)).status).toBe(200);
    expect((await fetch(`${internal}/readyz`)).status).toBe(200);
    const metrics = await fetch(`${origin}/metrics`);
    expect([metrics.status, await metrics.json()]).toEqual([404, { error: { code: 'NOT_FOUND', message: 'no such route: /metrics' } }]);
    expect((await fetch(`${origin}/readyz`)).status).toBe(404);
    expect((await fetch(`${origin}/`)).status).toBe(200);
    const page = await fetch(`${internal}/`);
    expect([page.status, await page.json()]).toEqual([404, { error: { code: 'NOT_FOUND', message: 'the page is served on the public port' } }]);
    expect((await fetch(`${internal}/api/v1/auth/me`)).status).toBe(404);
  });

  it('signs up, reads the account and signs out through the page\'s origin: the session cookie and the CSRF header pass both ways', async () => {
    const signUp = await fetch(`${origin}/api/v1/auth/sign-up`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'proxied', password: 'a long enough password' }),
    });
    expect(signUp.status).toBe(201);
    const { session: { csrfToken } } = (await signUp.json()) as { session: { csrfToken: string } };
    const cookie = signUp.headers.getSetCookie().find((c) => c.startsWith('chronicle_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api/);
    const session = cookie!.split(';')[0]!;

    const me = await fetch(`${origin}/api/v1/auth/me`, { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ account: { username: 'proxied' }, session: { kind: 'cookie', csrfToken } });

    // An unsafe request of a cookie session without its CSRF header: the gateway's refusal, as it gave it.
    const forged = await fetch(`${origin}/api/v1/auth/sign-out`, { method: 'POST', headers: { cookie: session } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });

    const out = await fetch(`${origin}/api/v1/auth/sign-out`, { method: 'POST', headers: { cookie: session, 'x-csrf-token': csrfToken } });
    expect(out.status).toBe(204);
    expect((await fetch(`${origin}/api/v1/auth/me`, { headers: { cookie: session } })).status).toBe(401);
  });

  it('passes bodies byte for byte (the gateway judges them) and the query string', async () => {
    const broken = await fetch(`${origin}/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username": "x", ' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { field: '(body)' } });
    const worlds = await fetch(`${origin}/api/v1/worlds?any=1`);
    expect(worlds.status).toBe(200);
    expect(await worlds.json()).toEqual({ worlds: [] });
    // The page's own read API is not forwarded.
    expect((await fetch(`${origin}/api/tables`)).status).toBe(200);
  });
});

/** The forwarding itself, against HTTP servers of the test's own: streaming, a gone gateway, none configured. */
describe('GatewayProxy', () => {
  const servers: Server[] = [];
  const serve = async (handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> => {
    const server = http.createServer(handler);
    servers.push(server);
    return listen(server);
  };
  const proxyTo = (gatewayUrl: string) => {
    const proxy = new GatewayProxy(gatewayUrl);
    return serve((req, res) => proxy.handle(req, res));
  };

  afterAll(async () => {
    for (const server of servers) await close(server);
  });

  it('streams server-sent events as they come (nothing buffered), with Last-Event-ID, and closes the gateway\'s stream when the browser leaves', async () => {
    let upstream: ServerResponse | null = null;
    let lastEventId: string | undefined;
    let closedUpstream = false;
    const gateway = await serve((req, res) => {
      lastEventId = req.headers['last-event-id'] as string | undefined;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('id: 7\nevent: log\ndata: {"n":7}\n\n');
      upstream = res;
      req.on('close', () => (closedUpstream = true));
    });
    const origin = await proxyTo(gateway);
    const aborter = new AbortController();
    const answer = await fetch(`${origin}/api/v1/worlds/w1/events`, { headers: { 'last-event-id': '6' }, signal: aborter.signal });
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    const reader = answer.body!.getReader();
    const text = new TextDecoder();
    // The first event arrives while the stream is still open: the second is not written yet.
    expect(text.decode((await reader.read()).value)).toBe('id: 7\nevent: log\ndata: {"n":7}\n\n');
    expect(lastEventId).toBe('6');
    upstream!.write('id: 8\nevent: log\ndata: {"n":8}\n\n');
    expect(text.decode((await reader.read()).value)).toBe('id: 8\nevent: log\ndata: {"n":8}\n\n');
    aborter.abort();
    await waitUntil(() => closedUpstream || undefined, 5_000, 'the gateway\'s stream closed after the browser left');
  });

  it('answers 502 in words when the gateway does not answer, and 503 when none is configured', async () => {
    const gone = http.createServer();
    const address = await listen(gone);
    await close(gone);
    const unreachable = await fetch(`${await proxyTo(address)}/api/v1/worlds`);
    expect(unreachable.status).toBe(502);
    expect(await unreachable.json()).toEqual({ error: { code: 'GATEWAY_UNAVAILABLE', message: expect.stringContaining('게임 서버') } });
    const none = await fetch(`${await proxyTo('')}/api/v1/worlds`);
    expect(none.status).toBe(503);
    expect(await none.json()).toEqual({ error: { code: 'NO_GATEWAY', message: expect.stringContaining('GATEWAY_URL') } });
  });

  it('knows its paths', () => {
    expect(['/api/v1', '/api/v1/worlds', '/api/v1?x=1'].every((u) => GatewayProxy.handles(u))).toBe(true);
    expect(['/api/v10', '/api/tables', '/api/live', '/'].some((u) => GatewayProxy.handles(u))).toBe(false);
  });
});

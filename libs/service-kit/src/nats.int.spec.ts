import { startNatsServer, waitUntil, type PrivateNatsServer } from '@chronicle/testing';
import { ServiceConfig } from './config';
import { connectService, natsOptions, type NatsLink } from './nats';

jest.setTimeout(30_000);

describe('a service connection (its own nats-server on another port)', () => {
  let server: PrivateNatsServer;
  let link: NatsLink;

  beforeAll(async () => {
    server = await startNatsServer();
    link = await connectService(Object.assign(new ServiceConfig(), { NATS_URL: server.url, NATS_RECONNECT_WAIT_MS: 50 }), 'test');
  });
  afterAll(async () => {
    await link?.nc.close();
    await server?.dispose();
  });

  it('retries for ever and takes credentials from the configuration', () => {
    const options = natsOptions(Object.assign(new ServiceConfig(), { NATS_USER: 'snapshot-service', NATS_PASSWORD: 'pw' }), 'x');
    expect(options).toMatchObject({ maxReconnectAttempts: -1, user: 'snapshot-service', pass: 'pw' });
    expect(natsOptions(new ServiceConfig(), 'x')).not.toHaveProperty('user');
  });

  it('comes back after an outage far longer than the client default of ten attempts, and says why it is failing meanwhile', async () => {
    const check = link.check();
    expect(await check()).toMatchObject({ ok: true, detail: { state: 'connected' } });
    await server.kill();
    const down = await waitUntil(async () => {
      const result = await check();
      return result.ok ? undefined : result;
    }, 5_000, 'health to fail');
    expect(down.detail).toMatchObject({ state: 'reconnecting', why: expect.stringMatching(/reconnecting for ever/) });
    // 50 ms between attempts: 3 s are some 60 attempts, six times the library's default limit.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(link.nc.isClosed()).toBe(false);
    await server.start();
    await waitUntil(async () => (await check()).ok || undefined, 10_000, 'the link to come back');
    const echo = link.nc.subscribe('echo', { callback: (_e, m) => void m.respond(m.data) });
    await expect(link.nc.request('echo', 'ping', { timeout: 2_000 }).then((m) => m.string())).resolves.toBe('ping');
    echo.unsubscribe();
  });

  it('reports a server entering lame-duck mode (SIGUSR2) while it still serves', async () => {
    process.kill(server.pid()!, 'SIGUSR2');
    const detail = await waitUntil(async () => {
      const result = await link.check()();
      return (result.detail as { lameDuck?: string }).lameDuck ? result : undefined;
    }, 10_000, 'the lame-duck notice');
    expect(detail.detail).toMatchObject({ lameDuck: expect.stringMatching(/entered lame-duck mode/) });
  });
});

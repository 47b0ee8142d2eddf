import { connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, type ServiceProcess, type TestDatabase } from '@chronicle/testing';
import { randomBytes } from 'node:crypto';

jest.setTimeout(60_000);

/** The gateway as a process (its real log output is checked for secrets), on real PostgreSQL and NATS. */
describe('gateway accounts and sessions (real PostgreSQL, NATS)', () => {
  let db: TestDatabase;
  let gateway: ServiceProcess;
  let api: string;
  let internal: string;
  const password = 'correct horse battery staple';
  const prefix = uniquePrefix('gw');

  beforeAll(async () => {
    db = await createTestDatabase();
    gateway = spawnService('apps/gateway/src/main.ts', {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, HTTP_PORT: '0', PUBLIC_PORT: '0', NATS_PROVISION: 'true',
      CHRONICLE_GATEWAY_KEY: randomBytes(32).toString('hex'),
      PASSWORD_SCRYPT_LOG2N: '12', LOG_LEVEL: 'info', COOKIE_SECURE: 'false',
    });
    await gateway.waitFor(/gateway public API on port \d+/);
    api = `http://127.0.0.1:${/gateway public API on port (\d+)/.exec(gateway.output())![1]}/api/v1`;
    internal = `http://127.0.0.1:${/http port (\d+)/.exec(gateway.output())![1]}`;
  });

  afterAll(async () => {
    await gateway?.stop();
    await db?.drop();
    const nc = await connectNats();
    await removePrefixed(nc, prefix);
    await nc.drain();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${api}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const cookieOf = (res: Response): string => res.headers.get('set-cookie')!.split(';')[0]!;

  it('signs up with a browser session: an HTTP-only cookie, and a CSRF token every unsafe request must echo', async () => {
    const res = await post('/auth/sign-up', { username: 'Alice', password });
    expect(res.status).toBe(201);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^chronicle_session=[^;]+; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const body = await res.json() as { account: { id: string; username: string }; session: { csrfToken: string; token?: string } };
    expect(body.account.username).toBe('Alice');
    expect(body.session.token).toBeUndefined();
    const cookie = cookieOf(res);

    const me = await fetch(`${api}/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json() as { account: { id: string } }).account.id).toBe(body.account.id);

    const noCsrf = await post('/auth/sign-out', {}, { cookie });
    expect(noCsrf.status).toBe(403);
    expect(await noCsrf.text()).toContain('X-CSRF-Token');
    const wrongCsrf = await post('/auth/sign-out', {}, { cookie, 'x-csrf-token': `${body.session.csrfToken}x` });
    expect(wrongCsrf.status).toBe(403);

    const out = await post('/auth/sign-out', {}, { cookie, 'x-csrf-token': body.session.csrfToken });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await fetch(`${api}/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('signs in API clients with a bearer token, which needs no CSRF token and works only as a bearer', async () => {
    await post('/auth/sign-up', { username: 'bob', password, session: 'bearer' });
    const wrong = await post('/auth/sign-in', { username: 'BOB', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.stringContaining('아이디나 비밀번호가 올바르지 않습니다.') } });
    const unknown = await post('/auth/sign-in', { username: 'nobody', password });
    expect(unknown.status).toBe(401);

    const res = await post('/auth/sign-in', { username: 'BOB', password, session: 'bearer' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const { session } = await res.json() as { session: { token: string } };
    const authorization = `Bearer ${session.token}`;
    expect((await fetch(`${api}/auth/me`, { headers: { authorization } })).status).toBe(200);
    // A bearer token sent as a cookie is not a session: browsers cannot be made to use one.
    expect((await fetch(`${api}/auth/me`, { headers: { cookie: `chronicle_session=${session.token}` } })).status).toBe(401);
    expect((await post('/auth/sign-out', {}, { authorization })).status).toBe(204);
    expect((await fetch(`${api}/auth/me`, { headers: { authorization } })).status).toBe(401);
  });

  it('refuses a taken username, whatever its case, naming the field', async () => {
    const res = await post('/auth/sign-up', { username: 'ALICE', password });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'CONFLICT', message: expect.stringContaining('이미 사용중인 계정명입니다'), field: 'username' } });
  });

  it('answers every bad input with a 4xx naming the field, never a 500', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ username: 'a', password }, 400, 'username'],
      [{ username: 'carol', password: 'short' }, 400, 'password'],
      [{ username: 'carol', password, session: 'jwt' }, 400, 'session'],
      [{ username: 'carol', password, admin: true }, 400, 'admin'],
      [{ username: 'carol', password: 12345678 }, 400, 'password'],
      [[1, 2], 400, '(body)'],
      ['{"username": ', 400, '(body)'],
      [{ username: 'carol', password: 'x'.repeat(70_000) }, 413, '(body)'],
    ];
    for (const [body, status, field] of cases) {
      const res = await post('/auth/sign-up', body);
      expect({ body, status: res.status }).toEqual({ body, status });
      const text = await res.text();
      expect({ body, text }).toEqual({ body, text: expect.stringContaining(`"field":"${field}"`) });
    }
    expect((await fetch(`${api}/auth/me`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(`${api}/no-such-thing`)).status).toBe(404);
  });

  it('offers no OIDC sign-in where the deployment configures no provider, and says so', async () => {
    expect(await (await fetch(`${api}/auth/oidc`)).json()).toEqual({ enabled: false, name: null, start: null });
    const start = await fetch(`${api}/auth/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(404);
    expect(await start.json()).toMatchObject({ error: { message: expect.stringMatching(/^외부 로그인이 설정되지 않았습니다/) } });
  });

  it('keeps the probes and metrics on the internal port and the API on the public one', async () => {
    expect((await fetch(`${internal}/metrics`)).status).toBe(200);
    expect((await fetch(`${internal}/readyz`)).status).toBe(200);
    expect((await fetch(`${api.replace('/api/v1', '')}/metrics`)).status).toBe(404);
    expect((await fetch(`${internal}/api/v1/auth/me`)).status).toBe(404);
  });

  it('writes no password, token, cookie or CSRF token in its log', async () => {
    const res = await post('/auth/sign-up', { username: 'dave', password });
    const { session } = await res.json() as { session: { csrfToken: string } };
    const cookie = cookieOf(res);
    await fetch(`${api}/auth/me`, { headers: { cookie, 'x-csrf-token': session.csrfToken } });
    await new Promise((resolve) => setTimeout(resolve, 300)); // pino writes asynchronously
    const output = gateway.output();
    expect(output).toContain('/api/v1/auth/me');
    for (const secret of [password, cookie.split('=')[1]!, session.csrfToken]) expect(output).not.toContain(secret);
  });
});

import { freePort } from '@chronicle/service-kit';
import { spawnService, type ServiceProcess } from '@chronicle/testing';
import { randomBytes } from 'node:crypto';
import { startSystem, type GatewaySystem } from '../testing/system';

jest.setTimeout(180_000);

/** A browser enough for the flow: a cookie jar per origin, redirects followed by hand, forms posted. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();
  /** Every URL it was sent to, in order. */
  readonly visited: string[] = [];

  /** Goes to `url` and follows redirects until an answer that is none, or one to a URL `stop` accepts. */
  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}, stop: (url: URL) => boolean = () => false): Promise<{ res: Response; url: URL }> {
    let at = new URL(url);
    let method = init.method ?? 'GET';
    let body: URLSearchParams | undefined = init.form ? new URLSearchParams(init.form) : undefined;
    for (let hops = 0; hops < 20; hops++) {
      this.visited.push(at.toString());
      const jar = this.jars.get(at.origin) ?? new Map<string, string>();
      this.jars.set(at.origin, jar);
      const res = await fetch(at, {
        method, redirect: 'manual', body,
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const eq = pair!.indexOf('=');
        const [name, value] = [pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim()];
        if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: at };
      at = new URL(location, at);
      if (stop(at)) return { res, url: at };
      method = 'GET';
      body = undefined;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  /** Posts the page's first form (its action and hidden fields) with `fields`. */
  async submit(page: { res: Response; url: URL }, fields: Record<string, string>, stop?: (url: URL) => boolean) {
    const html = await page.res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${page.url.toString()}: ${html.slice(0, 500)}`);
    const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    return this.go(new URL(action.replace(/&amp;/g, '&'), page.url).toString(), { method: 'POST', form: { ...hidden, ...fields } }, stop);
  }
}

/**
 * Sign-in through an OpenID Connect provider: a real one (the oidc-provider package, its own
 * process) and the real gateway, driven as a browser would be — the provider's sign-in and
 * consent forms posted, every redirect followed — the authorization code flow with PKCE,
 * state and nonce, the account found by the provider's issuer and subject.
 */
describe('gateway: sign-in through an OpenID Connect provider (a real one, run by the test)', () => {
  let provider: ServiceProcess;
  let system: GatewaySystem;
  let gateway: string;
  const secret = randomBytes(24).toString('hex');

  beforeAll(async () => {
    const port = await freePort();
    gateway = `http://127.0.0.1:${port}`;
    const redirectUri = `${gateway}/api/v1/auth/oidc/callback`;
    provider = spawnService('apps/gateway/src/testing/oidc-provider.mjs', { OIDC_CLIENT_ID: 'chronicle', OIDC_CLIENT_SECRET: secret, OIDC_REDIRECT_URI: redirectUri });
    await provider.waitFor(/oidc issuer http:\/\/\S+/, 60_000);
    const issuer = /oidc issuer (http:\/\/\S+)/.exec(provider.output())![1]!;
    system = await startSystem('gwo', {
      gatewayEnv: {
        PUBLIC_PORT: String(port), COOKIE_SECURE: 'false', OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'chronicle', OIDC_CLIENT_SECRET: secret,
        OIDC_REDIRECT_URI: redirectUri, OIDC_NAME: '카카오', OIDC_AFTER_SIGN_IN: '/#/signed-in',
      },
    });
  });

  afterAll(async () => {
    await system?.stop();
    await provider?.stop();
  });

  const atPage = (url: URL) => url.origin === gateway && !url.pathname.startsWith('/api/');

  /** A whole sign-in as `login` at the provider: the gateway's start, the provider's forms, the gateway's callback. */
  async function signIn(browser: Browser, login: string) {
    const form = await browser.go(`${system.api}/auth/oidc/start`, {}, atPage);
    expect(form.res.status).toBe(200);
    const consent = await browser.submit(form, { login, password: 'any' }, atPage);
    // The provider asks for consent the first time only.
    return atPage(consent.url) ? consent : browser.submit(consent, {}, atPage);
  }

  async function me(browser: Browser) {
    const session = browser.cookie(gateway, 'chronicle_session');
    const res = await fetch(`${system.api}/auth/me`, { headers: session ? { cookie: `chronicle_session=${session}` } : {} });
    return { status: res.status, body: await res.json() as { account: { id: string; username: string }; session: { kind: string; csrfToken?: string } } };
  }

  it('says the deployment signs in through its provider', async () => {
    expect(await (await fetch(`${system.api}/auth/oidc`)).json()).toEqual({ enabled: true, name: '카카오', start: '/api/v1/auth/oidc/start' });
  });

  it('signs a browser in with the code flow (PKCE S256, state, nonce), and the same person again into the same account', async () => {
    const browser = new Browser();
    const done = await signIn(browser, 'zhao-yun');
    expect(done.url.toString()).toBe(`${gateway}/#/signed-in`);
    // What the gateway sent the provider: a code flow with PKCE, a state and a nonce.
    const authorize = new URL(browser.visited.find((u) => u.includes('/auth?'))!);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'chronicle', code_challenge_method: 'S256', scope: 'openid profile',
      state: expect.stringMatching(/^[\w-]{43}$/), nonce: expect.stringMatching(/^[\w-]{43}$/), code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    const first = await me(browser);
    expect(first).toMatchObject({ status: 200, body: { account: { username: 'zhao-yun' }, session: { kind: 'cookie', csrfToken: expect.any(String) } } });
    // The flow's cookie is spent.
    expect(browser.cookie(gateway, 'chronicle_oidc')).toBeUndefined();

    const again = new Browser();
    await signIn(again, 'zhao-yun');
    expect((await me(again)).body.account.id).toBe(first.body.account.id);
    const other = new Browser();
    await signIn(other, 'ma-chao');
    expect((await me(other)).body.account).toMatchObject({ username: 'ma-chao' });
    expect((await me(other)).body.account.id).not.toBe(first.body.account.id);

    // The session is a session: the signed-in browser joins a world like any player.
    const cookie = `chronicle_session=${browser.cookie(gateway, 'chronicle_session')!}`;
    const join = await fetch(`${system.api}/worlds/w1/join`, {
      method: 'POST', body: JSON.stringify({ mode: 'create', name: '조운', leadership: 60, strength: 60, intel: 30 }),
      headers: { cookie, 'x-csrf-token': first.body.session.csrfToken!, 'content-type': 'application/json', 'idempotency-key': 'oidc-join' },
    });
    expect([200, 202]).toContain(join.status);
  });

  it('refuses an answer brought to another browser, or brought twice, and signs no one in', async () => {
    const browser = new Browser();
    const callback = (url: URL) => url.pathname === '/api/v1/auth/oidc/callback';
    const form = await browser.go(`${system.api}/auth/oidc/start`, {}, callback);
    let page = await browser.submit(form, { login: 'cao-cao', password: 'any' }, callback);
    if (!callback(page.url)) page = await browser.submit(page, {}, callback);
    const answer = page.url.toString();
    expect(answer).toMatch(/[?&]code=[^&]+/);

    // Another browser (an attacker's link, a leaked URL) brings the answer: refused, no session.
    const stranger = new Browser();
    const stolen = await stranger.go(answer);
    expect(stolen.res.status).toBe(401);
    expect(await stolen.res.json()).toMatchObject({ error: { code: 'OIDC_REFUSED', message: expect.stringMatching(/^로그인 요청이 이 브라우저의 것이 아닙니다/) } });
    expect(stranger.cookie(gateway, 'chronicle_session')).toBeUndefined();

    // Its own browser brings it: signed in; brought again, the flow is spent.
    const kept = browser.cookie(gateway, 'chronicle_oidc')!;
    expect((await browser.go(answer, {}, atPage)).url.toString()).toBe(`${gateway}/#/signed-in`);
    expect((await me(browser)).body.account.username).toBe('cao-cao');
    const replay = await fetch(answer, { headers: { cookie: `chronicle_oidc=${kept}` }, redirect: 'manual' });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: { code: 'OIDC_REFUSED', message: expect.stringMatching(/^로그인 요청이 만료되었습니다/) } });
  });

  it('says so when the provider refuses, and refuses a callback without its code or state naming the field', async () => {
    const browser = new Browser();
    const form = await browser.go(`${system.api}/auth/oidc/start`, {}, atPage);
    const cancel = /href="([^"]*\/abort)"/.exec(await form.res.clone().text())?.[1];
    expect(cancel).toBeDefined();
    const refused = await browser.go(new URL(cancel!, form.url).toString());
    expect(refused.url.pathname).toBe('/api/v1/auth/oidc/callback');
    expect(refused.res.status).toBe(401);
    expect(await refused.res.json()).toMatchObject({ error: { code: 'OIDC_REFUSED', message: expect.stringMatching(/access_denied/) } });
    expect((await fetch(`${system.api}/auth/oidc/callback?state=x`)).status).toBe(400);
    expect(await (await fetch(`${system.api}/auth/oidc/callback?code=abc`)).json()).toMatchObject({ error: { field: 'state' } });
  });

  it('writes no code, state, client secret or session of the flow into its log', () => {
    const output = system.gateway.output();
    expect(output).toContain('/api/v1/auth/oidc/callback?code=[redacted]&state=[redacted]');
    expect(output).not.toContain(secret);
    expect(output).not.toMatch(/[?&](code|state)=(?!\[redacted\])/);
  });
});

/** One answer of the players' API: its status and JSON body (`{ error: { code, message, field? } }` when refused). */
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T & { error?: { code: string; message: string; field?: string } };
}

/**
 * A player of the gateway over HTTP, as any API client is (`session: "bearer"`): signed in
 * with a username and password, it sends the bearer token with every request. The CLI's
 * scripted players (the main job), the whole-path test and the gateway bench use it; a browser uses a cookie
 * session instead (apps/gateway README).
 */
export class GatewayClient {
  private constructor(
    /** The gateway's origin, e.g. `http://127.0.0.1:8080` (the API is under `/api/v1`). */
    readonly origin: string,
    readonly username: string,
    readonly accountId: string,
    private readonly token: string,
  ) {}

  /** Signs in, or signs up first when the account does not exist yet. */
  static async enter(origin: string, username: string, password: string): Promise<GatewayClient> {
    const signIn = await GatewayClient.auth(origin, 'sign-in', username, password);
    if (signIn.status === 200) return GatewayClient.from(origin, username, signIn);
    const signUp = await GatewayClient.auth(origin, 'sign-up', username, password);
    if (signUp.status !== 201) throw new Error(`sign-up of ${username} refused (${signUp.status}): ${signUp.body.error?.message ?? JSON.stringify(signUp.body)}`);
    return GatewayClient.from(origin, username, signUp);
  }

  /** Signs up a new account (fails if it exists). */
  static async signUp(origin: string, username: string, password: string): Promise<GatewayClient> {
    const answer = await GatewayClient.auth(origin, 'sign-up', username, password);
    if (answer.status !== 201) throw new Error(`sign-up of ${username} refused (${answer.status}): ${answer.body.error?.message ?? JSON.stringify(answer.body)}`);
    return GatewayClient.from(origin, username, answer);
  }

  get authorization(): string {
    return `Bearer ${this.token}`;
  }

  get<T = Record<string, unknown>>(path: string): Promise<ApiAnswer<T>> {
    return this.send<T>('GET', path);
  }

  /** A write: `key` goes in the `Idempotency-Key` header (sent again, it is the same write). */
  post<T = Record<string, unknown>>(path: string, body: unknown, key?: string): Promise<ApiAnswer<T>> {
    return this.send<T>('POST', path, body, key ? { 'idempotency-key': key } : {});
  }

  /** `path` is under the API (`/worlds`), or absolute (`/api/v1/…`, as a `follow` link is). */
  async send<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
    const res = await fetch(this.url(path), {
      method,
      headers: { authorization: this.authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as ApiAnswer<T>['body'] };
  }

  /**
   * Opens the caller's live stream of a world (`GET /worlds/:world/events`, Server-Sent
   * Events); each event goes to `onEvent`, and is kept for `waitFor` unless `keep` is false.
   */
  async live(worldId: string, onEvent: (event: LiveEvent) => void = () => undefined, keep = true): Promise<LiveStream> {
    const abort = new AbortController();
    const res = await fetch(this.url(`/worlds/${worldId}/events`), { headers: { authorization: this.authorization }, signal: abort.signal });
    if (res.status !== 200 || !res.body) throw new Error(`GET /worlds/${worldId}/events answered ${res.status}: ${await res.text().catch(() => '')}`);
    const stream = new LiveStream(abort, onEvent, keep);
    void stream.read(res.body);
    return stream;
  }

  url(path: string): string {
    return `${this.origin}${path.startsWith('/api/') ? path : `/api/v1${path}`}`;
  }

  private static async auth(origin: string, route: 'sign-in' | 'sign-up', username: string, password: string): Promise<ApiAnswer<AuthBody>> {
    const res = await fetch(`${origin}/api/v1/auth/${route}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password, session: 'bearer' }),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as ApiAnswer<AuthBody>['body'] };
  }

  private static from(origin: string, username: string, answer: ApiAnswer<AuthBody>): GatewayClient {
    return new GatewayClient(origin, username, answer.body.account.id, answer.body.session.token);
  }
}

interface AuthBody {
  account: { id: string };
  session: { token: string };
}

/** One Server-Sent Event of the gateway's live stream: `hello`, `move`, `log`, `outcome`, `chapter` (apps/gateway README). */
export interface LiveEvent {
  event: string;
  id?: string;
  data: Record<string, unknown>;
  /** When this client read it (epoch ms). */
  at: number;
}

/** A live stream being read: every event kept in order, until closed. */
export class LiveStream {
  readonly events: LiveEvent[] = [];
  private readonly waiting = new Set<() => void>();
  private ended: Error | undefined;

  constructor(private readonly abort: AbortController, private readonly onEvent: (event: LiveEvent) => void, private readonly keep: boolean) {}

  async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
      this.ended = new Error('the live stream ended');
    } catch (error) {
      this.ended = error as Error;
    }
    for (const wake of this.waiting) wake();
  }

  /** The first event (kept or to come) that `matches`, or an error after `timeoutMs`. */
  async waitFor(matches: (event: LiveEvent) => boolean, timeoutMs = 60_000): Promise<LiveEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(matches);
      if (found) return found;
      if (this.ended) throw new Error(`no such event before the stream ended (${this.ended.message})`);
      if (Date.now() >= deadline) throw new Error(`no such event on the live stream within ${timeoutMs} ms (${this.events.length} events read)`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(0, deadline - Date.now()));
        this.waiting.add(wake);
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private take(text: string): void {
    const event = /^event: (.*)$/m.exec(text)?.[1];
    const data = /^data: (.*)$/m.exec(text)?.[1];
    if (!event || data === undefined) return; // a comment (keep-alive) or the retry hint
    const read: LiveEvent = { event, id: /^id: (.*)$/m.exec(text)?.[1], data: JSON.parse(data) as Record<string, unknown>, at: Date.now() };
    if (this.keep) this.events.push(read);
    this.onEvent(read);
    for (const wake of this.waiting) wake();
  }
}

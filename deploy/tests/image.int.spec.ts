import {
  createTestDatabase, renderOverlay, spawnService, startNatsServer, uniquePrefix, waitUntil, type PrivateNatsServer, type ServiceProcess,
  type TestDatabase,
} from '@chronicle/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

jest.setTimeout(180_000);

// What the image runs, run here: the Dockerfile's build step (scripts/build.cjs) compiles
// the services, and the compiled entry points are started the way docker-compose.yml starts
// them — its provisioning command and each service's environment, NATS with the accounts of
// deploy/nats — on a nats-server and a database of the test's own. No container engine runs
// on CI, so this is as close to `docker compose up` as it gets.

const ROOT = path.resolve(__dirname, '../..');
const OUT = `tmp/${uniquePrefix('image')}`;
const ROLES = ['log-service', 'snapshot-service', 'turn-executor', 'scheduler', 'web', 'gateway', 'operator', 'public', 'provision'];
const passwordVariable = (role: string) => `${role.toUpperCase().replace(/-/g, '_')}_NATS_PASSWORD`;

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
}
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };

/** Production dependencies loaded by name rather than required by the compiled code, and why. */
const LOADED_BY_NAME: Record<string, string> = {
  '@nestjs/platform-express': "Nest's HTTP adapter: NestFactory.create loads it by name",
  'pino-http': 'the request logger nestjs-pino requires (its peer dependency)',
};

/**
 * Development dependencies the compiled code names but never loads in the image, and why:
 * checked here so that the list stays this short.
 */
const BUILD_TIME_ONLY: Record<string, string> = {
  esbuild: 'apps/web bundles its page with it at start only when run from its sources; the image serves the page scripts/build.cjs bundled (the web service in this test is served that way)',
};

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : jsFiles(file);
    return entry.name.endsWith('.js') ? [file] : [];
  });
}

describe('the image (compiled build, started as docker-compose.yml starts it)', () => {
  const passwords = Object.fromEntries(ROLES.map((role) => [role, `p${randomBytes(12).toString('hex')}`]));
  const signing = generateKeyPairSync('ed25519');
  const snapshotSigning = generateKeyPairSync('ed25519');
  const gatewaySigning = generateKeyPairSync('ed25519');
  const secrets: Record<string, string> = {
    CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'),
    // The raw 32 bytes at the end of the DER forms, as `openssl pkey … | tail -c 32` takes them (deploy/compose/env.example).
    CHRONICLE_SIGNING_KEY: signing.privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32).toString('hex'),
    CHRONICLE_LOG_PUBLIC_KEY: signing.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex'),
    CHRONICLE_SNAPSHOT_SIGNING_KEY: snapshotSigning.privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32).toString('hex'),
    CHRONICLE_SNAPSHOT_PUBLIC_KEY: snapshotSigning.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex'),
    CHRONICLE_GATEWAY_KEY: gatewaySigning.privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32).toString('hex'),
    CHRONICLE_GATEWAY_PUBLIC_KEY: gatewaySigning.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex'),
    ...Object.fromEntries(ROLES.map((role) => [passwordVariable(role), passwords[role]!])),
  };
  let nats: PrivateNatsServer;
  let db: TestDatabase;
  const processes: ServiceProcess[] = [];

  /** A compose service's environment, its `${VAR:?…}` filled in, pointed at this test's servers. */
  const environment = (service: string, overrides: Record<string, string> = {}): Record<string, string> => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(compose.services[service]!.environment ?? {})) {
      env[key] = String(value).replace(/\$\{(\w+)(:?[?-][^}]*)?\}/g, (_m, name: string, rest?: string) =>
        secrets[name] ?? (/^:?-/.test(rest ?? '') ? rest!.replace(/^:?-/, '') : `<unset ${name}>`)); // `${VAR:-default}`: the default
    }
    return {
      ...env, NATS_URL: nats.url, HTTP_PORT: '0', ...(env.DATABASE_URL ? { DATABASE_URL: db.url } : {}), ...(env.PUBLIC_PORT ? { PUBLIC_PORT: '0' } : {}), ...overrides,
    };
  };
  const start = (entry: string, env: Record<string, string>) => {
    const started = spawnService(path.join(ROOT, OUT, entry.replace(/^dist\//, '')), env);
    processes.push(started);
    return started;
  };
  const port = (service: ServiceProcess) => Number(/http port (\d+)/.exec(service.output())![1]);

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.cjs', OUT], { cwd: ROOT, stdio: 'pipe' });
    nats = await startNatsServer({ config: readFileSync(path.join(ROOT, 'deploy/nats/chronicle.conf'), 'utf8'), env: secrets });
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const started of processes) await started.stop();
    await nats?.dispose();
    await db?.drop();
    rmSync(path.join(ROOT, OUT), { recursive: true, force: true });
  });

  it('needs nothing but production dependencies at run time', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const required = new Set<string>();
    for (const file of jsFiles(path.join(ROOT, OUT))) {
      for (const [, request] of readFileSync(file, 'utf8').matchAll(/require\("([^".][^"]*)"\)/g)) {
        const name = request!.startsWith('@') ? request!.split('/').slice(0, 2).join('/') : request!.split('/')[0]!;
        if (!builtins.has(request!) && !builtins.has(name) && !name.startsWith('@chronicle/')) required.add(name);
      }
    }
    expect(required.size).toBeGreaterThan(5);
    expect([...required].filter((name) => !(name in dependencies) && !(name in BUILD_TIME_ONLY)).sort()).toEqual([]);
    // And carries no production dependency the compiled code does not use (embedded PostgreSQL
    // and esbuild are the main job's and the page build's: development dependencies).
    expect(Object.keys(dependencies).filter((name) => !required.has(name) && !(name in LOADED_BY_NAME)).sort()).toEqual([]);
  });

  it('provisions with the compose command and limits, as the provision user', async () => {
    const steps = compose.services.provision!.command!.join(' ').split('&&').map((step) => step.trim().replace(/^node /, ''));
    expect(steps.length).toBeGreaterThan(1);
    for (const step of steps) {
      const provision = start(step, environment('provision'));
      expect(await provision.exited).toEqual({ code: 0, signal: null });
      expect(provision.output()).toMatch(/provisioned: created \[/);
    }
    const nc = await connect({ servers: nats.url, user: 'provision', pass: passwords.provision!, inboxPrefix: '_INBOX_provision' });
    try {
      const jsm = await jetstreamManager(nc);
      // Every stream and bucket compose names got its limits (the values: NATS_LIMITS in docker-compose.yml).
      const limits = JSON.parse(environment('provision').NATS_LIMITS!) as Record<string, { maxBytes?: string }>;
      expect(Object.keys(limits).length).toBeGreaterThan(3);
      for (const name of Object.keys(limits)) {
        const stream = (await jsm.streams.info(`chronicle_${name}`).catch(() => jsm.streams.info(`KV_chronicle_${name}`))).config;
        expect([name, stream.max_bytes > 0]).toEqual([name, true]);
      }
      expect((await jsm.streams.info('chronicle_MOVES')).config).toMatchObject({ max_bytes: 10 * 1024 ** 3, max_age: 30 * 86_400 * 1e9 });
      expect((await jsm.streams.info('KV_chronicle_SNAPSHOTS')).config).toMatchObject({ max_bytes: 5 * 1024 ** 3, discard: 'new' });
    } finally {
      await nc.close();
    }
  });

  it("applies the prod overlay's limits to streams and buckets that exist (one server: one replica)", async () => {
    const prod = renderOverlay('prod').find((o) => o.kind === 'ConfigMap' && (o.metadata as { name: string }).name === 'chronicle-provision')!;
    const { NATS_LIMITS } = prod.data as Record<string, string>;
    const steps = compose.services.provision!.command!.join(' ').split('&&').map((step) => step.trim().replace(/^node /, ''));
    for (const step of steps) {
      const provision = start(step, environment('provision', { NATS_LIMITS: NATS_LIMITS!, NATS_REPLICAS: '1' }));
      expect([await provision.exited, provision.output()]).toEqual([{ code: 0, signal: null }, provision.output()]);
    }
    const nc = await connect({ servers: nats.url, user: 'provision', pass: passwords.provision!, inboxPrefix: '_INBOX_provision' });
    try {
      const jsm = await jetstreamManager(nc);
      for (const [name, limits] of Object.entries(JSON.parse(NATS_LIMITS!) as Record<string, { maxBytes?: string }>)) {
        const stream = (await jsm.streams.info(`chronicle_${name}`).catch(() => jsm.streams.info(`KV_chronicle_${name}`))).config;
        expect([name, stream.max_bytes > 0]).toEqual([name, limits.maxBytes !== undefined]);
      }
    } finally {
      await nc.close();
    }
  });

  it('starts each service: live, ready, and stopped cleanly on SIGTERM with the drain logged', async () => {
    const services = Object.entries(compose.services).filter(([, s]) => s.command?.[0]?.endsWith('/main.js'));
    expect(services.map(([name]) => name)).toEqual(expect.arrayContaining(['log-service', 'snapshot-service', 'web']));
    for (const [name, definition] of services) {
      const service = start(definition.command![0]!, environment(name));
      await service.waitFor(new RegExp(`${name} ready`), 60_000);
      const base = `http://127.0.0.1:${port(service)}`;
      expect((await fetch(`${base}/livez`)).status).toBe(200);
      await waitUntil(async () => (await fetch(`${base}/readyz`)).status === 200 || undefined, 10_000, `${name} ready`);
      if (name === 'log-service') expect(service.output()).toContain(`public key ${secrets.CHRONICLE_LOG_PUBLIC_KEY}`);
      if (name === 'snapshot-service') expect(service.output()).toContain(`public key ${secrets.CHRONICLE_SNAPSHOT_PUBLIC_KEY}`);
      if (name === 'gateway') {
        // The players' API on its own port, signing with the key whose public half the executors hold.
        expect(service.output()).toContain(`CHRONICLE_GATEWAY_PUBLIC_KEY=${secrets.CHRONICLE_GATEWAY_PUBLIC_KEY}`);
        const api = Number(/gateway public API on port (\d+)/.exec(service.output())![1]);
        expect((await fetch(`http://127.0.0.1:${api}/api/v1/worlds`)).status).toBe(200);
      }
      if (name === 'web') {
        // The page bundled by the build (the compiled tree has no page sources to bundle), and its modules, on its public port only.
        const pageBase = `http://127.0.0.1:${/web page on port (\d+)/.exec(service.output())![1]}`;
        expect((await fetch(`${base}/`)).status).toBe(404);
        expect((await fetch(`${pageBase}/metrics`)).status).toBe(404);
        const page = await fetch(`${pageBase}/`);
        expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/html/)]);
        expect(await page.text()).toMatch(/main\.js/);
        const script = await fetch(`${pageBase}/main.js`);
        expect([script.status, script.headers.get('content-type'), (await script.text()).length > 1_000])
          .toEqual([200, expect.stringMatching(/^application\/javascript/), true]);
      }
      // Every key is given: nothing is taken on trust.
      expect([name, service.output()]).not.toEqual([name, expect.stringMatching(/is not set|TRUST_NAMED_SEATS/)]);
      await service.stop(20_000);
      expect(await service.exited).toEqual({ code: 0, signal: null });
      const messages = service.output().trim().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg);
      const stopping = messages.findIndex((m) => m.startsWith(`${name} stopping on SIGTERM`));
      const drained = messages.findIndex((m) => m.startsWith('drained: '));
      const stopped = messages.findIndex((m) => new RegExp(`^${name} stopped after \\d+ ms$`).test(m));
      expect([name, stopping >= 0 && stopping < drained && drained < stopped, messages.slice(-4)]).toEqual([name, true, messages.slice(-4)]);
    }
  });

  it("refuses to start an executor without the gateway's key, naming it and the waiver", async () => {
    const service = start(compose.services['turn-executor']!.command![0]!, environment('turn-executor', { CHRONICLE_GATEWAY_PUBLIC_KEY: '' }));
    expect(await service.exited).toEqual({ code: 1, signal: null });
    const line = JSON.parse(service.output().trim()) as { level: number; variables: string[]; msg: string };
    expect(line).toMatchObject({ level: 60, variables: ['CHRONICLE_GATEWAY_PUBLIC_KEY'] });
    expect(line.msg).toMatch(/CHRONICLE_TRUST_NAMED_SEATS=true/);
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'postgres://chronicle:hunter2@127.0.0.1:1/chronicle' }],
    ['NATS_URL', { NATS_URL: '127.0.0.1:1' }],
    ['NATS_PASSWORD', { NATS_PASSWORD: 'pwrong' }],
    ['CHRONICLE_SEED_KEY', { CHRONICLE_SEED_KEY: 'not-hex' }],
  ])('refuses to start with a bad %s in one line that names it', async (variable, overrides) => {
    const service = start(compose.services['log-service']!.command![0]!, environment('log-service', overrides));
    expect(await service.exited).toEqual({ code: 1, signal: null });
    const lines = service.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; variables: string[]; msg: string };
    expect(line.level).toBe(60);
    expect(line.variables).toContain(variable);
    expect(line.msg).toMatch(new RegExp(`fix .*${variable}`));
    expect(line.msg).not.toMatch(/hunter2|pwrong/);
  });

  it("carries the operator's CLI, compiled: it opens and lists tables of the running system, and sends the main job to a checkout", async () => {
    const log = start(compose.services['log-service']!.command![0]!, environment('log-service'));
    await log.waitFor(/log-service ready/, 60_000);
    const operator = { NATS_URL: nats.url, NATS_USER: 'operator', NATS_PASSWORD: passwords.operator!, CHRONICLE_PREFIX: 'chronicle' };
    const cli = (...args: string[]) => {
      const run = spawnSync(process.execPath, [path.join(ROOT, OUT, 'apps/cli/src/main.js'), ...args], {
        env: { PATH: process.env.PATH, ...operator }, encoding: 'utf8', timeout: 60_000,
      });
      return { code: run.status, out: `${run.stdout}${run.stderr}` };
    };
    expect(cli('open', 'from-the-image', '--game', 'journal', '--seats', 'ann')).toMatchObject({ code: 0 });
    // The table's opened event reaches the TABLES stream the CLI reads through the log service's outbox.
    const listed = await waitUntil(() => {
      const run = cli('tables');
      return /from-the-image\s+journal/.test(run.out) ? run : undefined;
    }, 20_000, 'the table listed');
    expect(listed.code).toBe(0);
    expect(cli('start')).toEqual({
      code: 1,
      out: expect.stringContaining('chronicle start runs the whole system from a checkout of the repository (npm ci && npm start)'),
    });
    await log.stop(20_000);
  });
});

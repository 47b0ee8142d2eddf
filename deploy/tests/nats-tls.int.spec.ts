import { LogClient, RequestClient } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import { natsOptions, ServiceConfig } from '@chronicle/service-kit';
import {
  createTestDatabase, makeTestCertificates, spawnService, startNatsServer, type PrivateNatsServer, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { connect } from '@nats-io/transport-node';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../..');
const COMPONENT = path.join(ROOT, 'deploy/k8s/components/tls');

describe('NATS over TLS (deploy/k8s/components/tls, NATS_TLS_CA)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-tls-'));
  const variables = [...new Set([...readFileSync(path.join(ROOT, 'deploy/nats/chronicle.conf'), 'utf8').matchAll(/\$([A-Z_]+_NATS_PASSWORD)/g)].map((m) => m[1]!))];
  const passwords = Object.fromEntries(variables.map((v) => [v, `p${randomBytes(12).toString('hex')}`]));
  const password = (role: string) => passwords[`${role.toUpperCase().replace(/-/g, '_')}_NATS_PASSWORD`]!;
  let server: PrivateNatsServer;
  let db: TestDatabase;
  const services: ServiceProcess[] = [];
  let url: string;

  beforeAll(async () => {
    makeTestCertificates(dir);
    // The component's client TLS settings, its mounted files here, and the accounts.
    const tls = readFileSync(path.join(COMPONENT, 'tls.conf'), 'utf8').replaceAll('/etc/nats-tls/', `${dir}/`);
    server = await startNatsServer({ config: `${tls}\n${readFileSync(path.join(ROOT, 'deploy/nats/chronicle.conf'), 'utf8')}`, env: passwords });
    url = `tls://127.0.0.1:${server.port}`;
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const service of services) await service.stop();
    await server?.dispose();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the provisioning and a service over TLS checked against the authority, and the operator opens a table', async () => {
    const common = { CHRONICLE_PREFIX: 'chronicle', CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'), HTTP_PORT: '0', LOG_LEVEL: 'info', NATS_URL: url, NATS_TLS_CA: path.join(dir, 'ca.crt') };
    const provision = spawnService('apps/log-service/src/provision.ts', { ...common, NATS_USER: 'provision', NATS_PASSWORD: password('provision') });
    services.push(provision);
    expect([await provision.exited, provision.output()]).toEqual([{ code: 0, signal: null }, provision.output()]);
    const log = spawnService('apps/log-service/src/main.ts', {
      ...common, NATS_USER: 'log-service', NATS_PASSWORD: password('log-service'), DATABASE_URL: db.url, CHRONICLE_SIGNING_KEY: randomBytes(32).toString('hex'),
    });
    services.push(log);
    await log.waitFor(/log-service ready/, 90_000);
    const nc = await connect(natsOptions(Object.assign(new ServiceConfig(), {
      NATS_URL: url, NATS_USER: 'operator', NATS_PASSWORD: password('operator'), NATS_TLS_CA: path.join(dir, 'ca.crt'),
    }), 'test-operator'));
    try {
      expect(nc.info?.tls_required).toBe(true);
      const opened = await new LogClient(new RequestClient(nc, new Subjects('chronicle'), 15_000)).open({ tableId: 'over-tls', gameId: 'journal', seats: ['ann'] });
      expect(opened.tableId).toBe('over-tls');
    } finally {
      await nc.close();
    }
  });

  it("refuses a client that does not trust the server's authority, and the CLI says what to set", async () => {
    const untrusted = connect({ servers: url, user: 'operator', pass: password('operator'), timeout: 5_000, maxReconnectAttempts: 0 });
    await expect(untrusted).rejects.toThrow(/certificate/i);
    const cli = (env: Record<string, string>) => spawnSync(process.execPath, ['scripts/run-ts.cjs', 'apps/cli/src/main.ts', 'tables'], {
      cwd: ROOT, encoding: 'utf8', timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NATS_URL: url, NATS_USER: 'operator', NATS_PASSWORD: password('operator'), ...env },
    });
    const refused = cli({});
    expect([refused.status, refused.stderr]).toEqual([1, expect.stringMatching(/cannot reach NATS at tls:\/\/127\.0\.0\.1:\d+ \(.*certificate.*\).*set NATS_TLS_CA to the deployment's ca\.crt/i)]);
    const trusted = cli({ NATS_TLS_CA: path.join(dir, 'ca.crt') });
    expect([trusted.status, trusted.stdout]).toEqual([0, expect.stringMatching(/over-tls|no tables yet/)]);
  });
});

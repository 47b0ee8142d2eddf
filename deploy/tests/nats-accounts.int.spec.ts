import { LogClient, RequestClient } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import { natsOptions, ServiceConfig } from '@chronicle/service-kit';
import {
  createTestDatabase, spawnService, startNatsServer, waitUntil, type PrivateNatsServer, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { PermissionViolationError, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderAccounts } from '../nats/accounts';

jest.setTimeout(180_000);

const CONF = readFileSync(path.resolve(__dirname, '../nats/chronicle.conf'), 'utf8');
const PREFIX = 'acme-eu';

describe('the NATS accounts for another prefix (deploy/nats/render-accounts.ts)', () => {
  const rendered = renderAccounts(CONF, PREFIX);
  // Every role's password variable, as the file names them.
  const variables = [...new Set([...CONF.matchAll(/\$([A-Z_]+_NATS_PASSWORD)/g)].map((m) => m[1]!))];
  const passwords = Object.fromEntries(variables.map((v) => [v, `p${randomBytes(12).toString('hex')}`]));
  const password = (role: string) => passwords[`${role.toUpperCase().replace(/-/g, '_')}_NATS_PASSWORD`]!;
  let server: PrivateNatsServer;
  let db: TestDatabase;
  const services: ServiceProcess[] = [];
  let operator: NatsConnection;
  const violations: PermissionViolationError[] = [];

  beforeAll(async () => {
    server = await startNatsServer({ config: rendered, env: passwords });
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await operator?.close();
    for (const service of services) await service.stop();
    await server?.dispose();
    await db?.drop();
  });

  it('renames every subject, stream, consumer and bucket, and nothing else', () => {
    expect(variables.length).toBeGreaterThanOrEqual(8);
    // Only the file's own name in a comment is left; users, the account and the variables stay.
    expect(rendered.match(/chronicle/g)).toEqual(['chronicle']);
    expect(rendered).toContain('# Start: nats-server -c chronicle.conf');
    expect(rendered).toContain(`"${PREFIX}.log.v1.>"`);
    expect(rendered).toContain(`$KV.${PREFIX}_SNAPSHOTS.>`);
    expect(rendered).toContain(`$JS.API.CONSUMER.INFO.KV_${PREFIX}_schedule.*`);
    expect(rendered).toContain(`$JS.API.CONSUMER.MSG.NEXT.${PREFIX}_MOVES.${PREFIX}_scheduler-moves`);
    expect(rendered).toContain('{ user: "log-service", password: $LOG_SERVICE_NATS_PASSWORD, permissions: $LOG_SERVICE_ROLE }');
    expect(rendered.replace(new RegExp(PREFIX, 'g'), 'chronicle')).toBe(CONF);
    expect(renderAccounts(CONF, 'chronicle')).toBe(CONF);
    expect(() => renderAccounts(CONF, 'acme.eu')).toThrow('prefix "acme.eu" must be 1 to 32 letters, digits, "_" or "-" (the CHRONICLE_PREFIX the services run with)');
  });

  it('runs the provisioning and the log service under the new prefix, and an operator opens a table there, but not under the old one', async () => {
    const common = { CHRONICLE_PREFIX: PREFIX, CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'), HTTP_PORT: '0', LOG_LEVEL: 'info', NATS_URL: server.url };
    const provision = spawnService('apps/log-service/src/provision.ts', { ...common, NATS_USER: 'provision', NATS_PASSWORD: password('provision') });
    services.push(provision);
    expect([await provision.exited, provision.output()]).toEqual([{ code: 0, signal: null }, provision.output()]);
    const log = spawnService('apps/log-service/src/main.ts', {
      ...common, NATS_USER: 'log-service', NATS_PASSWORD: password('log-service'), DATABASE_URL: db.url, CHRONICLE_SIGNING_KEY: randomBytes(32).toString('hex'),
    });
    services.push(log);
    await log.waitFor(/log-service ready/, 90_000);

    operator = await connect(natsOptions(Object.assign(new ServiceConfig(), { NATS_URL: server.url, NATS_USER: 'operator', NATS_PASSWORD: password('operator') }), 'test-operator'));
    void (async () => {
      for await (const status of operator.status()) if (status.type === 'error' && status.error instanceof PermissionViolationError) violations.push(status.error);
    })();
    const opened = await new LogClient(new RequestClient(operator, new Subjects(PREFIX), 15_000)).open({ tableId: 'renamed', gameId: 'journal', seats: ['ann'] });
    expect(opened.tableId).toBe('renamed');
    // The default prefix is nobody's here: the operator may not even ask there.
    operator.publish('chronicle.log.v1.open', '{"v":1}');
    await waitUntil(() => violations.some((v) => v.operation === 'publish' && v.subject === 'chronicle.log.v1.open') || undefined, 5_000, 'the old prefix refused');
    expect(log.output()).not.toMatch(/Permissions Violation/);
  });
});

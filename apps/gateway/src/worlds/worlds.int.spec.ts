import { LogClient, provision, RequestClient } from '@chronicle/bus';
import { EventSubjects, publicKeyHex, ed25519PrivateKey, Subjects, worldEventMsgId, type WorldEventV1 } from '@chronicle/contracts';
import { firstChapter } from '@chronicle/engine';
import {
  connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { gatewayTopology } from '../topology';

jest.setTimeout(180_000);

/**
 * Joining a world and playing it through the gateway: the log service and an executor that
 * checks the gateway's seat proofs (no trusted named seats) as processes, real PostgreSQL and
 * NATS; the test announces the world's chapter as the scheduler does.
 */
describe('gateway: joining a world and sending moves (real services)', () => {
  const prefix = uniquePrefix('gww');
  const subjects = new Subjects(prefix);
  const gatewayKey = randomBytes(32).toString('hex');
  const common = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'info', HTTP_PORT: '0' };
  let logDb: TestDatabase;
  let gatewayDb: TestDatabase;
  let nc: NatsConnection;
  const services: ServiceProcess[] = [];
  let api: string;

  beforeAll(async () => {
    [logDb, gatewayDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    nc = await connectNats();
    await provision(nc, subjects, gatewayTopology());
    const logService = spawnService('apps/log-service/src/main.ts', { ...common, DATABASE_URL: logDb.url, NATS_PROVISION: 'true', OUTBOX_POLL_MS: '100', DB_POOL_SIZE: '4' });
    const executor = spawnService('apps/turn-executor/src/main.ts', {
      ...common, NATS_PROVISION: 'true', EXECUTOR_ID: 'exec-a', CHRONICLE_GATEWAY_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(gatewayKey)),
      CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(randomBytes(32).toString('hex'))),
    });
    services.push(logService, executor);
    await logService.waitFor(/log-service ready/, 90_000);
    await executor.waitFor(/turn-executor ready/, 90_000);
    const log = new LogClient(new RequestClient(nc, subjects, 15_000));
    // A small world whose clock does not move (no ticks here): chapter 1 of world w1.
    const opened = await log.open({
      tableId: 'w1-c1', gameId: 'sammo', seats: ['founder'],
      options: { world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60, start: Date.now(), ...firstChapter('w1') },
    });
    const event: WorldEventV1 = {
      v: 1, kind: 'chapter-opened', worldId: 'w1', chapter: 1, tableId: 'w1-c1', commitment: opened.commitment, previousTableId: null,
      recordedAt: new Date().toISOString(),
    };
    await jetstream(nc).publish(subjects.of(EventSubjects.worlds('w1')), JSON.stringify(event), { msgID: worldEventMsgId('w1', 1, 'chapter-opened') });
    const gateway = spawnService('apps/gateway/src/main.ts', {
      ...common, DATABASE_URL: gatewayDb.url, PUBLIC_PORT: '0', PASSWORD_SCRYPT_LOG2N: '10', CHRONICLE_GATEWAY_KEY: gatewayKey,
    });
    services.push(gateway);
    await gateway.waitFor(/gateway public API on port \d+/, 90_000);
    api = `http://127.0.0.1:${/gateway public API on port (\d+)/.exec(gateway.output())![1]}/api/v1`;
  });

  afterAll(async () => {
    for (const service of services.reverse()) await service.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await logDb?.drop();
    await gatewayDb?.drop();
  });

  const signUp = async (username: string): Promise<string> => {
    const res = await fetch(`${api}/auth/sign-up`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'a long enough password', session: 'bearer' }),
    });
    return `Bearer ${((await res.json()) as { session: { token: string } }).session.token}`;
  };
  const post = async (authorization: string, path: string, body: unknown, key?: string) => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization, ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() as Record<string, unknown> & { error?: { message: string; field?: string } } };
  };

  it('lists the world, joins it with a new general, and reserves commands for it, each write answered with its outcome', async () => {
    const worlds = await (await fetch(`${api}/worlds`)).json();
    expect(worlds).toEqual({ worlds: [{ worldId: 'w1', chapter: 1, tableId: 'w1-c1', finished: false }] });
    const alice = await signUp('alice');

    const notJoined = await post(alice, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [0] }, 'r0');
    expect(notJoined).toMatchObject({ status: 403, body: { error: { code: 'NOT_JOINED', message: expect.stringContaining('등록된 장수가 없습니다') } } });

    const joined = await post(alice, '/worlds/w1/join', { mode: 'create', name: '조운', leadership: 60, strength: 60, intel: 30 });
    expect(joined).toMatchObject({ status: 200, body: { status: 'accepted', worldId: 'w1', tableId: 'w1-c1', revision: 1 } });
    const again = await post(alice, '/worlds/w1/join', { mode: 'create', name: '마초', leadership: 60, strength: 60, intel: 30 });
    expect(again).toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^이미 등록하셨습니다!/) }, outcome: { status: 'refused' } } });

    const conscript = await post(alice, '/worlds/w1/commands/reserve', { command: 'che_징병', arg: { crewType: 1100, amount: 1000 }, slots: [0] }, 'r1');
    expect(conscript).toMatchObject({ status: 200, body: { status: 'accepted', key: 'r1', revision: 2, follow: '/api/v1/worlds/w1/intents/r1' } });
    const train = await post(alice, '/worlds/w1/intents', { move: { type: 'reserve', command: 'che_훈련', slots: [1] } }, 'r2');
    expect(train).toMatchObject({ status: 200, body: { status: 'accepted', revision: 3 } });
    // The same key again: the same outcome, nothing new.
    expect(await post(alice, '/worlds/w1/commands/reserve', { command: 'che_징병', arg: { crewType: 1100, amount: 1000 }, slots: [0] }, 'r1')).toEqual(conscript);
    const followed = await fetch(`${api}/worlds/w1/intents/r1`, { headers: { authorization: alice } });
    expect(await followed.json()).toMatchObject({ status: 'accepted', revision: 2 });

    const refused = await post(alice, '/worlds/w1/commands/reserve', { command: 'che_징병', arg: { crewType: 42, amount: 1000 }, slots: [2] }, 'r3');
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'ILLEGAL_MOVE', message: expect.stringContaining('crew type 42') } } });
  });

  it('keeps one account from another: a second account joins on its own seat and cannot read or follow the first one\'s intents', async () => {
    const bob = await signUp('bob');
    const taken = await post(bob, '/worlds/w1/join', { mode: 'create', name: '조운', leadership: 50, strength: 50, intel: 50 });
    expect(taken).toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^이미 있는 장수입니다/) } } });
    expect(await post(bob, '/worlds/w1/join', { mode: 'create', name: '장비', leadership: 50, strength: 70, intel: 30, cityId: 2 })).toMatchObject({ status: 200 });
    // bob's key r1 is his own: alice's outcome under the same key is not his.
    expect((await fetch(`${api}/worlds/w1/intents/r1`, { headers: { authorization: bob } })).status).toBe(404);
    const seat = await (await fetch(`${api}/worlds/w1/seat`, { headers: { authorization: bob } })).json() as { seat: string; seatToken: string };
    expect(seat.seatToken.split('.')).toHaveLength(3);
  });

  it('answers bad writes with a 4xx naming the field', async () => {
    const carol = await signUp('carol');
    expect(await post(carol, '/worlds/w1/join', { mode: 'create', name: '', leadership: 50, strength: 50, intel: 50 })).toMatchObject({ status: 400, body: { error: { field: 'name' } } });
    expect(await post(carol, '/worlds/w1/join', { mode: 'fly' })).toMatchObject({ status: 400, body: { error: { field: 'mode' } } });
    expect(await post(carol, '/worlds/w1/join', { mode: 'create', name: '유비', leadership: 90, strength: 30, intel: 30 })).toMatchObject({ status: 400, body: { error: { field: 'leadership' } } });
    expect(await post(carol, '/worlds/nowhere/join', { mode: 'possess', generalId: 1 })).toMatchObject({ status: 404 });
    expect(await post(carol, '/worlds/w1/join', { mode: 'possess', generalId: 1 })).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect(await post(carol, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [0] })).toMatchObject({ status: 400, body: { error: { field: 'Idempotency-Key' } } });
    expect(await post(carol, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [30] }, 'k')).toMatchObject({ status: 400, body: { error: { field: 'slots' } } });
    expect(await post(carol, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [0] }, 'bad key!')).toMatchObject({ status: 400, body: { error: { field: 'Idempotency-Key' } } });
  });
});

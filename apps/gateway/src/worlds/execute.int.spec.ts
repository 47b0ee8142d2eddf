import { AdminSubjects, type WorldActionV1 } from '@chronicle/contracts';
import { RequestClient } from '@chronicle/bus';
import { startSystem, type GatewaySystem } from '../testing/system';

jest.setTimeout(240_000);

type Executed = { updated: boolean; locked: boolean; lastExecuted: string };

/**
 * The legacy's ExecuteEngine through the gateway, against the real scheduler (which owns the
 * ticks and serves `schedule.v1.execute-now`), executors, snapshot service and log service.
 */
describe('gateway: ExecuteEngine (real services)', () => {
  let system: GatewaySystem;

  beforeAll(async () => {
    system = await startSystem('gwx', { snapshots: true, scheduler: true, turnterm: 5, startAgoMs: 20 * 60_000, gatewayEnv: { EXECUTE_ENGINE_INTERVAL_MS: '1000' } });
  });

  afterAll(async () => {
    await system?.stop();
  });

  const execute = (body: unknown = {}) => fetch(`${system.api}/worlds/w1/execute`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const clock = async () => (await system.get<{ revision: number; env: { turntime: number } }>(undefined, '/worlds/w1/nations')).body;

  it('runs the world\'s due work without a session and answers { updated, locked, lastExecuted } as the world stands', async () => {
    const res = await execute();
    expect(res.status).toBe(200);
    const answer = await res.json() as Executed;
    expect(answer).toEqual({ updated: expect.any(Boolean), locked: false, lastExecuted: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    // The world stands where the answer says, and its clock has caught up with the time (20 minutes of turns were due).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const now = await clock();
    expect(Date.parse(answer.lastExecuted)).toBeLessThanOrEqual(now.env.turntime);
    expect(now.revision).toBeGreaterThanOrEqual(1);
    expect(Date.now() - now.env.turntime).toBeLessThan(10 * 60_000);
  });

  it('is limited to one request a world a second, with Retry-After', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await execute()).status).toBe(200);
    const again = await execute();
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('answers locked for a paused world, and refuses another server\'s id naming the field', async () => {
    const requests = new RequestClient(system.nc, system.subjects, 15_000);
    const pause: WorldActionV1 = { v: 1, target: 'w1', operator: 'test', reason: 'ExecuteEngine must not move a paused world' };
    await requests.request(AdminSubjects.pause, pause);
    const before = await clock();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await execute({ serverID: 'w1' });
    expect(await res.json()).toMatchObject({ updated: false, locked: true });
    expect((await clock()).revision).toBe(before.revision);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const other = await execute({ serverID: 'another' });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { field: 'serverID', message: expect.stringMatching(/^서버 아이디가 다릅니다/) } });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await execute({ unknown: 1 })).status).toBe(400);
  });
});

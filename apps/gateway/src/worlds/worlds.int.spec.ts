import { MoveNotLogged, OwnMoves } from '@chronicle/contracts';
import type { Json } from '@chronicle/engine';
import { startSystem, type GatewaySystem } from '../testing/system';

jest.setTimeout(180_000);

/**
 * Joining a world and playing it through the gateway: the log service and an executor that
 * checks the gateway's seat proofs (no trusted named seats) as processes, real PostgreSQL and
 * NATS; the test announces the world's chapter as the scheduler does.
 */
describe('gateway: joining a world and sending moves (real services)', () => {
  let system: GatewaySystem;
  let api: string;

  beforeAll(async () => {
    system = await startSystem('gww');
    api = system.api;
  });

  afterAll(async () => {
    await system?.stop();
  });

  const signUp = (username: string) => system.signUp(username);
  const post = async (authorization: string, path: string, body: unknown, key?: string) => {
    const { status, body: answer } = await system.post(authorization, path, body, key);
    return { status, body: answer };
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

    // The answer carries what the client's own check of its moves needs (contracts OwnMoves):
    // the entry the move became, the seat and the move as the log keeps it, proved in the log's tree.
    const told = conscript.body as unknown as { seq: number; revision: number; seat: string; move: Json };
    expect(told).toMatchObject({ seq: expect.any(Number), seat: expect.stringMatching(/^p-/), move: { type: 'reserve', command: 'che_징병', slots: [0] } });
    // The chapter's audit, over HTTP for anyone: the signed checkpoint and the proof of each entry asked.
    type Audit = { tableId: string; commitment: string; checkpoint: string; treeSize: number; consistency: never; inclusions: never[] };
    const audit = async (query: string) => (await fetch(`${api}/worlds/w1/chapters/1/audit?${query}`)).json() as Promise<Audit>;
    const first = await audit(`seqs=${told.seq}`);
    const own = new OwnMoves(first.tableId, first.commitment, undefined);
    const seen = own.see(first.checkpoint, null);
    own.include({ seq: told.seq, revision: told.revision, seat: told.seat, payload: told.move }, first.inclusions[0]!);
    expect(own.proved.map((m) => m.seq)).toEqual([told.seq]);
    // A later checkpoint extends the one seen (its consistency proof), and still holds the move.
    const later = await audit(`from=${seen.treeSize}&seqs=${told.seq}`);
    expect(later.treeSize).toBeGreaterThanOrEqual(seen.treeSize);
    own.see(later.checkpoint, later.consistency);
    own.include({ seq: told.seq, revision: told.revision, seat: told.seat, payload: told.move }, later.inclusions[0]!);
    // A wrong entry is not the move: the check can fail.
    const wrong = { tableId: 'w1-c1', seq: told.seq + 1, treeSize: later.treeSize, leaf: own.proved[0]!.leaf, rootHash: own.latest!.rootHash, proof: [] };
    expect(() => own.include({ ...own.proved[0]!, seq: told.seq + 1 }, wrong)).toThrow(MoveNotLogged);
    // Bad asks name the field.
    for (const [query, field] of [['seqs=0', 'seqs'], ['seqs=a', 'seqs'], [`seqs=${later.treeSize + 5}`, 'seqs'], [`from=${later.treeSize + 5}`, 'from']]) {
      const answer = await fetch(`${api}/worlds/w1/chapters/1/audit?${query}`);
      expect([answer.status, ((await answer.json()) as { error: { field: string } }).error.field]).toEqual([400, field]);
    }

    const refused = await post(alice, '/worlds/w1/commands/reserve', { command: 'che_징병', arg: { crewType: 42, amount: 1000 }, slots: [2] }, 'r3');
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'ILLEGAL_MOVE', message: '그런 병종이 없습니다. 목록에서 다시 고르십시오.', detail: expect.stringContaining('crew type 42') } } });
  });

  it('keeps one account from another: a second account joins on its own seat and cannot read or follow the first one\'s intents', async () => {
    const bob = await signUp('bob');
    const taken = await post(bob, '/worlds/w1/join', { mode: 'create', name: '조운', leadership: 50, strength: 50, intel: 50 });
    expect(taken).toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^이미 있는 장수입니다/) } } });
    // The legacy's join: the name measured as it stores it (a Hangul syllable 2 columns), the total (the general: reads.int.spec).
    expect(await post(bob, '/worlds/w1/join', { mode: 'create', name: '장비장비장비장비장비', leadership: 50, strength: 70, intel: 30 }))
      .toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^이름은 1~18칸이어야 합니다\. .*createGeneral\.name/) } } });
    expect(await post(bob, '/worlds/w1/join', { mode: 'create', name: '장비', leadership: 80, strength: 80, intel: 30 }))
      .toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^능력치가 165을 넘어섰습니다\. 다시 가입해주세요!/) } } });
    expect(await post(bob, '/worlds/w1/join', { mode: 'create', name: '장비', leadership: 50, strength: 70, intel: 30, personality: 'che_왕좌' })).toMatchObject({ status: 200 });
    // bob's key r1 is his own: alice's outcome under the same key is not his.
    expect((await fetch(`${api}/worlds/w1/intents/r1`, { headers: { authorization: bob } })).status).toBe(404);
    const seat = await (await fetch(`${api}/worlds/w1/seat`, { headers: { authorization: bob } })).json() as { seat: string; seatToken: string };
    expect(seat.seatToken.split('.')).toHaveLength(3);
  });

  it('answers bad writes with a 4xx naming the field', async () => {
    const carol = await signUp('carol');
    expect(await post(carol, '/worlds/w1/join', { mode: 'create', name: '', leadership: 50, strength: 50, intel: 50 })).toMatchObject({ status: 400, body: { error: { field: 'name' } } });
    expect(await post(carol, '/worlds/w1/join', { mode: 'fly' })).toMatchObject({ status: 400, body: { error: { field: 'mode' } } });
    expect(await post(carol, '/worlds/w1/join', { mode: 'create', name: '유비', leadership: 90, strength: 30, intel: 30 })).toMatchObject({ status: 400, body: { error: { field: 'leadership', message: expect.stringMatching(/^통솔은 80 이하로 넣으십시오\./) } } });
    expect(await post(carol, '/worlds/w1/join', { mode: 'create', name: '유비', leadership: 50, strength: 30, intel: 30, personality: 'che_은둔' }))
      .toMatchObject({ status: 400, body: { error: { field: 'personality', message: expect.stringMatching(/^성격은 목록에 있는 것 중에서 고르십시오\./) } } });
    // No city is chosen (the legacy's join offers one only for inheritance points).
    expect(await post(carol, '/worlds/w1/join', { mode: 'create', name: '유비', leadership: 50, strength: 30, intel: 30, cityId: 2 }))
      .toMatchObject({ status: 400, body: { error: { field: 'cityId', message: expect.stringMatching(/^도시는 받지 않는 항목입니다/) } } });
    expect(await post(carol, '/worlds/nowhere/join', { mode: 'possess', generalId: 1 })).toMatchObject({ status: 404 });
    expect(await post(carol, '/worlds/w1/join', { mode: 'possess', generalId: 1 })).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect(await post(carol, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [0] })).toMatchObject({ status: 400, body: { error: { field: 'Idempotency-Key' } } });
    expect(await post(carol, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [30] }, 'k')).toMatchObject({ status: 400, body: { error: { field: 'slots', message: expect.stringMatching(/^칸은 29 이하로 넣으십시오\./) } } });
    expect(await post(carol, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [0] }, 'bad key!')).toMatchObject({ status: 400, body: { error: { field: 'Idempotency-Key' } } });
  });

  it('serves its OpenAPI document, and every route it names is served', async () => {
    const res = await fetch(`${api}/openapi.json`);
    expect(res.status).toBe(200);
    const document = await res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const url = `${api.replace(/\/api\/v1$/, '')}${path.replace(/\{world\}/g, 'w1').replace(/\{key\}/g, 'k').replace(/\{\w+\}/g, '1')}`;
        const answer = await fetch(url, { method: method.toUpperCase(), signal: AbortSignal.timeout(10_000) });
        const body = await answer.text();
        // Unknown routes are Nest's "Cannot GET …"; a served one answers, most without a session with 401.
        expect(`${method} ${path}: ${answer.status} ${body.slice(0, 80)}`).not.toMatch(/Cannot (GET|POST)/);
      }
    }
  });
});

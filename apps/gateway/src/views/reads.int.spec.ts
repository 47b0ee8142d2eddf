import Ajv2020 from 'ajv/dist/2020';
import { startSystem, type GatewaySystem } from '../testing/system';

jest.setTimeout(180_000);

type Body = Record<string, unknown>;

/**
 * The reads: each from the seat's view or the public view the snapshot service serves (real
 * log service, executor, snapshot service and gateway). What one seat reserved is on no read
 * of another seat nor of the public; what the view contract hides (a purse, a queue, a
 * treasury) is absent from the public routes.
 */
describe('gateway: a seat\'s reads and the public reads (real services)', () => {
  let system: GatewaySystem;
  let alice: string;
  let bob: string;
  let carol: string;
  let carolGeneral: number;

  beforeAll(async () => {
    system = await startSystem('gwr', {
      snapshots: true, gatewayEnv: { RATE_LIMIT_ADDRESS_PER_MIN: '100000', RATE_LIMIT_SIGN_IN_PER_MIN: '10', RATE_LIMIT_ACCOUNT_PER_MIN: '150' },
    });
    [alice, bob, carol] = await Promise.all([system.signUp('alice'), system.signUp('bob'), system.signUp('carol')]);
    expect((await system.post(alice, '/worlds/w1/join', { mode: 'create', name: '조운', leadership: 60, strength: 60, intel: 30 })).status).toBe(200);
    expect((await system.post(bob, '/worlds/w1/join', { mode: 'create', name: '장비', leadership: 50, strength: 70, intel: 30 })).status).toBe(200);
    // carol takes over an NPC that serves a nation (빙의).
    const generals = (await system.get<{ generals: Array<{ id: number; nation: number; npc: number }> }>(undefined, '/worlds/w1/generals')).body.generals;
    carolGeneral = generals.find((g) => g.nation !== 0 && g.npc >= 2)!.id;
    expect((await system.post(carol, '/worlds/w1/join', { mode: 'possess', generalId: carolGeneral })).status).toBe(200);
    // alice's secret: a conscription of 1,234 in her first slot.
    expect((await system.post(alice, '/worlds/w1/commands/reserve', { command: 'che_징병', arg: { crewType: 1100, amount: 1234 }, slots: [0] }, 'c1')).status).toBe(200);
  });

  afterAll(async () => {
    await system?.stop();
  });

  // Each read from an address of its own (the gateway trusts X-Forwarded-For from loopback): the
  // general list answers one address once in 10 s.
  let addresses = 0;
  const get = <B = Body>(authorization: string | undefined, path: string) =>
    system.get<B>(authorization, path, { 'x-forwarded-for': `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}` });

  const seatRoutes = ['general', 'commands', 'log', 'log?scope=nation', 'cities', 'nation', 'nation/generals', 'nation/commands'];
  const publicRoutes = ['map', 'nations', 'generals', 'diplomacy', 'history', 'constants'];

  it('shows the caller its own general and queue, at the revision it read', async () => {
    const front = await get<Body & { general: { name: string; nation: number; gold: number; detail: { crew: number }; permission: number } }>(alice, '/worlds/w1/general');
    expect(front).toMatchObject({ status: 200, body: { worldId: 'w1', tableId: 'w1-c1', general: { name: '조운', nation: 0, permission: -1 }, nation: null } });
    expect(front.body.revision).toBeGreaterThanOrEqual(4);
    expect(typeof front.body.general.gold).toBe('number');
    const queue = await get<{ queue: Array<{ slot: number; action: string; arg: unknown }> }>(alice, '/worlds/w1/commands');
    expect(queue.body.queue).toHaveLength(30);
    expect(queue.body.queue[0]).toEqual({ slot: 0, action: 'che_징병', arg: { crewType: 1100, amount: 1234 } });
    expect(queue.body.queue[1]!.action).toBe('휴식');
  });

  it('made alice\'s general by the legacy\'s join: 3–5 bonus points, the age they give, a birth city of level 5–6, the welcome lines', async () => {
    const front = await get<{ general: { id: number; leadership: number; strength: number; intel: number; age: number; city: number; gold: number; rice: number } }>(alice, '/worlds/w1/general');
    const g = front.body.general;
    const bonus = [g.leadership - 60, g.strength - 60, g.intel - 30];
    const total = bonus[0]! + bonus[1]! + bonus[2]!;
    expect(bonus.every((b) => b >= 0) && total >= 3 && total <= 5).toBe(true);
    expect([20 + total * 2, 19 + total * 2]).toContain(g.age);
    expect(g).toMatchObject({ gold: 1000, rice: 1000 });
    const map = await get<{ cities: Array<{ id: number; level: number }> }>(undefined, '/worlds/w1/map');
    expect([5, 6]).toContain(map.body.cities.find((c) => c.id === g.city)!.level);
    const log = await get<{ lines: Array<{ text: string }> }>(alice, '/worlds/w1/log');
    const texts = log.body.lines.map((l) => l.text);
    expect(texts).toContain(`통솔 ${bonus[0]} 무력 ${bonus[1]} 지력 ${bonus[2]} 의 보너스를 받으셨습니다.`);
    expect(texts).toContain(`연령은 ${g.age}세로 시작합니다.`);
    const history = await get<{ logs: Array<{ text: string }> }>(undefined, '/worlds/w1/history');
    expect(history.body.logs.map((l) => l.text)).toContainEqual(expect.stringMatching(/에서 조운이라는 (호걸이|기재가) 천하에 이름을 알립니다\.$/));
  });

  it('gives the caller its command table, each command possible or the legacy\'s reason, as the OpenAPI document describes it', async () => {
    type Choice = { key: string; name: string; possible: boolean; needsArg: boolean; reason: string | null };
    type Table = { general: Choice[]; chief: Choice[] | null };
    const table = await get<Table>(alice, '/worlds/w1/command-table');
    expect(table).toMatchObject({ status: 200, body: { worldId: 'w1', tableId: 'w1-c1', chief: null } });
    const byKey = new Map(table.body.general.map((c) => [c.key, c]));
    expect(byKey.get('휴식')).toMatchObject({ possible: true, reason: null, needsArg: false });
    // alice is a wanderer: she cannot conscript (the legacy's reason), and 임관 takes a nation.
    expect(byKey.get('che_징병')).toMatchObject({ name: '징병', possible: false, needsArg: true, reason: '재야입니다.' });
    expect(byKey.get('che_임관')).toMatchObject({ needsArg: true });

    // A ruler (an NPC taken over) gets the chiefs' table too.
    const ruler = (await get<{ generals: Array<{ id: number; officerLevel: number; npc: number }> }>(undefined, '/worlds/w1/generals')).body.generals
      .find((g) => g.officerLevel === 12 && g.id !== carolGeneral)!;
    const hank = await system.signUp('hank');
    expect(await system.post(hank, '/worlds/w1/join', { mode: 'possess', generalId: ruler.id })).toMatchObject({ status: 200 });
    const chief = await get<Table>(hank, '/worlds/w1/command-table');
    expect(chief.body.chief!.map((c) => c.key)).toEqual(expect.arrayContaining(['휴식', 'che_포상', 'che_선전포고']));
    expect(chief.body.general.find((c) => c.key === 'che_징병')!.reason).not.toBe('재야입니다.');

    const document = (await get<{ components: object; paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }> }>(undefined, '/openapi.json')).body;
    expect(document.paths['/api/v1/worlds/{world}/command-table']!.get.responses['2XX']!.content['application/json']!.schema)
      .toEqual({ $ref: '#/components/schemas/CommandTableAnswer' });
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'gateway', components: document.components });
    for (const answer of [table.body, chief.body]) {
      expect(ajv.validate({ $ref: 'gateway#/components/schemas/CommandTableAnswer' }, answer) ? null : ajv.errors).toBeNull();
    }
    // The schema is no formality: an answer without its reasons is not one.
    expect(ajv.validate({ $ref: 'gateway#/components/schemas/CommandTableAnswer' }, { ...table.body, general: [{ key: '휴식' }] })).toBe(false);
    expect(await get(undefined, '/worlds/w1/command-table')).toMatchObject({ status: 401 });
  });

  it('keeps a seat\'s reservations from every other seat and from the public', async () => {
    const secret = /che_징병|1234/;
    for (const route of seatRoutes) {
      const read = await get(bob, `/worlds/w1/${route}`);
      expect([200, 403]).toContain(read.status);
      expect(`${route}: ${JSON.stringify(read.body)}`).not.toMatch(secret);
    }
    for (const route of [...seatRoutes, ...publicRoutes.filter((r) => r !== 'constants')]) {
      const read = await get(carol, `/worlds/w1/${route}`);
      expect(`${route}: ${JSON.stringify(read.body)}`).not.toMatch(secret);
    }
    for (const route of publicRoutes.filter((r) => r !== 'constants')) {
      const read = await get(undefined, `/worlds/w1/${route}`);
      expect(read.status).toBe(200);
      expect(`${route}: ${JSON.stringify(read.body)}`).not.toMatch(secret);
    }
  });

  it('leaves out of the public reads what the view contract hides: purses, crews, queues, treasuries, tech', async () => {
    const generals = (await get<{ generals: Body[] }>(undefined, '/worlds/w1/generals')).body.generals;
    expect(generals.length).toBeGreaterThanOrEqual(14);
    for (const g of generals) for (const hidden of ['gold', 'rice', 'crew', 'queue', 'detail', 'turntime']) expect(g).not.toHaveProperty(hidden);
    const nations = (await get<{ nations: Body[] }>(undefined, '/worlds/w1/nations')).body.nations;
    expect(nations).toHaveLength(2);
    for (const n of nations) for (const hidden of ['gold', 'rice', 'tech', 'bill', 'rate', 'spy']) expect(n).not.toHaveProperty(hidden);
    const map = (await get<{ cities: Body[] }>(undefined, '/worlds/w1/map')).body.cities;
    expect(map).toHaveLength(6);
    for (const c of map) for (const hidden of ['pop', 'agri', 'trust', 'officers']) expect(c).not.toHaveProperty(hidden);
  });

  it('shows a nation\'s member its nation and its members as its office allows', async () => {
    const nation = await get<{ nation: { gold: number; tech: number; id: number } }>(carol, '/worlds/w1/nation');
    expect(nation.status).toBe(200);
    expect(typeof nation.body.nation.gold).toBe('number');
    const members = await get<{ members: Array<{ id: number; nation: number; gold: number }>; permission: number }>(carol, '/worlds/w1/nation/generals');
    expect(members.status).toBe(200);
    expect(members.body.members.map((m) => m.id)).toContain(carolGeneral);
    expect(members.body.members.every((m) => m.nation === nation.body.nation.id)).toBe(true);
    const chiefs = await get(carol, '/worlds/w1/nation/commands');
    if (members.body.permission >= 1) expect(chiefs.status).toBe(200);
    else expect(chiefs).toMatchObject({ status: 403, body: { error: { message: expect.stringMatching(/^수뇌부가 아니거나 사관년도가 부족합니다/) } } });
    // alice serves no nation.
    for (const route of ['nation', 'nation/generals', 'nation/commands']) {
      expect(await get(alice, `/worlds/w1/${route}`)).toMatchObject({ status: 403, body: { error: { message: expect.stringMatching(/^국가에 소속되어있지 않습니다/) } } });
    }
  });

  it('reads the log newest first, and only what is new since a revision', async () => {
    const log = await get<{ revision: number; lines: Array<{ text: string; move: number }> }>(alice, '/worlds/w1/log');
    expect(log.status).toBe(200);
    const moves = log.body.lines.map((l) => l.move);
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    const since = await get<{ lines: unknown[] }>(alice, `/worlds/w1/log?since=${log.body.revision}`);
    expect(since.body.lines).toEqual([]);
    const history = await get<{ history: Array<{ move: number }>; logs: Array<{ move: number }> }>(undefined, '/worlds/w1/history');
    expect(history.status).toBe(200);
    expect(history.body.logs.map((l) => l.move)).toEqual([...history.body.logs.map((l) => l.move)].sort((a, b) => b - a));
  });

  it('serves the constants and refuses bad reads with a 4xx naming the field', async () => {
    const constants = await get<{
      gameConst: { maxTurn: number }; crewTypes: unknown[]; commands: { general: Array<{ key: string }> };
      nationTypes: Array<{ key: string; name: string }>; nationColors: string[]; shopItems: Array<{ key: string; slot: string; name: string; cost: number }>;
    }>(undefined, '/worlds/w1/constants');
    expect(constants.body.gameConst.maxTurn).toBe(30);
    expect(constants.body.commands.general.map((c) => c.key)).toContain('che_징병');
    // What the forms choose from by name: 건국's types (the legacy's 13), the 33 flag colours, the shop's items of every slot.
    expect(constants.body.nationTypes).toHaveLength(13);
    expect(constants.body.nationTypes).toContainEqual({ key: 'che_법가', name: '법가' });
    expect(constants.body.nationColors).toHaveLength(33);
    expect(constants.body.nationColors[0]).toBe('#FF0000');
    expect(new Set(constants.body.shopItems.map((i) => i.slot))).toEqual(new Set(['horse', 'weapon', 'book', 'item']));
    for (const item of constants.body.shopItems) expect(item.cost).toBeGreaterThan(0);
    expect(await get(alice, '/worlds/w1/log?since=abc')).toMatchObject({ status: 400, body: { error: { field: 'since' } } });
    expect(await get(alice, '/worlds/w1/log?scope=city')).toMatchObject({ status: 400, body: { error: { field: 'scope' } } });
    expect(await get(alice, '/worlds/nowhere/general')).toMatchObject({ status: 404 });
    expect(await get(alice, '/worlds/bad%20id/map')).toMatchObject({ status: 400, body: { error: { field: 'world' } } });
    expect(await get(undefined, '/worlds/w1/general')).toMatchObject({ status: 401 });
    const dave = await system.signUp('dave');
    expect(await get(dave, '/worlds/w1/commands')).toMatchObject({ status: 403, body: { error: { code: 'NOT_JOINED' } } });
  });

  it('takes the typed writes: bulk reservations, push and repeat change the queue the caller then reads', async () => {
    const eve = await system.signUp('eve');
    expect((await system.post(eve, '/worlds/w1/join', { mode: 'create', name: '마초', leadership: 40, strength: 80, intel: 30 })).status).toBe(200);
    const bulk = await system.post(eve, '/worlds/w1/commands/reserve-bulk', { reservations: [{ command: 'che_훈련', slots: [0] }, { command: 'che_사기진작', slots: [1] }] }, 'e1');
    expect(bulk).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect((await system.post(eve, '/worlds/w1/commands/push', { amount: 1 }, 'e2')).status).toBe(200);
    expect((await system.post(eve, '/worlds/w1/commands/repeat', { amount: 3 }, 'e3')).status).toBe(200);
    const queue = (await get<{ queue: Array<{ action: string }> }>(eve, '/worlds/w1/commands')).body.queue.map((s) => s.action);
    expect(queue.slice(0, 7)).toEqual(['휴식', 'che_훈련', 'che_사기진작', '휴식', 'che_훈련', 'che_사기진작', '휴식']);
  });

  it('refuses typed writes in the legacy\'s words (422) or naming the field (400)', async () => {
    const write = (path: string, body: unknown, key: string) => system.post(alice, `/worlds/w1/${path}`, body, key);
    expect(await write('commands/push', { amount: 0 }, 'x1')).toMatchObject({ status: 400, body: { error: { field: 'amount', message: expect.stringContaining('0은 불가능합니다') } } });
    expect(await write('commands/repeat', { amount: 13 }, 'x2')).toMatchObject({ status: 400, body: { error: { field: 'amount', message: expect.stringMatching(/^칸 수는 12 이하로 넣으십시오\./) } } });
    expect(await write('commands/reserve-bulk', { reservations: [{ command: 'che_훈련' }] }, 'x3')).toMatchObject({ status: 400, body: { error: { field: 'reservations.0.slots' } } });
    expect(await write('general/drop-item', { itemType: 'horse' }, 'x4')).toMatchObject({ status: 422, body: { error: { message: '아이템을 가지고 있지 않습니다.' } } });
    expect(await write('general/drop-item', { itemType: 'hat' }, 'x5')).toMatchObject({ status: 400, body: { error: { field: 'itemType' } } });
    expect(await write('nation/commands/push', { amount: 1 }, 'x6')).toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^수뇌부가 아닙니다/) } } });
    expect(await write('troops/abc/join', {}, 'x7')).toMatchObject({ status: 400, body: { error: { field: 'troop' } } });
    expect(await write('troops', { name: '' }, 'x8')).toMatchObject({ status: 400, body: { error: { field: 'name' } } });
    expect(await write('auctions', { kind: 'gems', amount: 1, closeTurnCnt: 1, startBidAmount: 1, finishBidAmount: 2 }, 'x9')).toMatchObject({ status: 400, body: { error: { field: 'kind' } } });
    expect(await write('auctions/7/bids', { amount: 100 }, 'x10')).toMatchObject({ status: 422 });
    expect(await write('letters/3/answer', { accept: 'yes' }, 'x11')).toMatchObject({ status: 400, body: { error: { field: 'accept' } } });
    expect(await write('general/instant-retreat', { now: true }, 'x12')).toMatchObject({ status: 400, body: { error: { field: 'now' } } });
    // A refused write leaves the queue as it was.
    expect((await get<{ queue: Array<{ action: string }> }>(alice, '/worlds/w1/commands')).body.queue[0]!.action).toBe('che_징병');
  });

  it('limits the general list to once in 10 s per address, with Retry-After and the legacy\'s words', async () => {
    const from = { 'x-forwarded-for': '10.9.9.9' };
    expect((await system.get(undefined, '/worlds/w1/generals', from)).status).toBe(200);
    const again = await system.get(undefined, '/worlds/w1/generals', from);
    expect(again).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^장수 리스트는 10초에 한번 갱신 가능합니다\. 다음 시간 : /) } } });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect((await system.get(undefined, '/worlds/w1/generals', { 'x-forwarded-for': '10.9.9.10' })).status).toBe(200);
  });

  it('limits sign-ins per address and requests per account, answering 429 with Retry-After in Korean', async () => {
    const signIn = () => fetch(`${system.api}/auth/sign-in`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.8.8.8' }, body: JSON.stringify({ username: 'alice', password: 'wrong password!' }),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn()).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const limited = await signIn();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(/^접속 제한중입니다/);

    const frank = await system.signUp('frank');
    let status = 0;
    for (let i = 0; i < 151 && status !== 429; i++) status = (await get(frank, '/auth/me')).status;
    expect(status).toBe(429);
    // Another account is not held back by frank's count.
    expect((await get(alice, '/auth/me')).status).toBe(200);
  });

  it('writes no password, token, cookie or CSRF token into its log', async () => {
    const res = await fetch(`${system.api}/auth/sign-up`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'grace', password: 'grace secret pass 42' }),
    });
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const { session } = await res.json() as { session: { csrfToken: string } };
    await fetch(`${system.api}/auth/me`, { headers: { cookie } });
    await fetch(`${system.api}/worlds/w1/join`, { method: 'POST', headers: { cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/json' }, body: '{"mode":"fly"}' });
    await fetch(`${system.api}/auth/me`, { headers: { authorization: alice } });
    const output = system.gateway.output();
    expect(output).toContain('/api/v1/auth/me');
    for (const secret of ['grace secret pass 42', 'a long enough password', cookie.split('=')[1]!, session.csrfToken, alice.slice('Bearer '.length)]) {
      expect(output).not.toContain(secret);
    }
  });
});

import Ajv2020 from 'ajv/dist/2020';
import { waitUntil } from '@chronicle/testing';
import { startSystem, type GatewaySystem } from '../testing/system';

jest.setTimeout(180_000);

type Message = { id: number; kind: string; from: number; to: number; text: string; masked?: true };
type Mailbox = { public: Message[]; national: Message[]; diplomacy: Message[]; private: Message[] };
type Nation = { id: number; rate: number; bill: number; secretlimit: number; war: number; scout: number; warSettingsLeft: number; notice: { msg: string; author: string } | null; scoutMsg: string | null };

/**
 * A chief's nation settings and the mailbox over HTTP against the real services: each a move
 * judged by the game's rules, read back from the seat's view; what a nation keeps and what a
 * general writes privately reach no other seat's reads and no public read.
 */
describe('gateway: nation settings and the mailbox (real services)', () => {
  let system: GatewaySystem;
  /** The ruler of a nation (an NPC taken over), a plain member of the same nation, and a wanderer. */
  let ruler: string;
  let member: string;
  let wanderer: string;
  let nationId: number;
  let memberGeneral: number;
  let wandererGeneral: number;

  let addresses = 0;
  const get = <B = Record<string, unknown>>(authorization: string | undefined, path: string) =>
    system.get<B>(authorization, path, { 'x-forwarded-for': `10.2.${Math.floor(++addresses / 250)}.${addresses % 250}` });
  let keys = 0;
  /** The revision of the last accepted write: a seat's read waits only for its own writes, so a read of another's waits for this. */
  let written = 0;
  const write = async (authorization: string, path: string, body: unknown) => {
    const answer = await system.post(authorization, `/worlds/w1/${path}`, body, `k${++keys}`);
    if (answer.status === 200) written = Math.max(written, (answer.body as { revision: number }).revision);
    return answer;
  };
  /** A seat's read once its view holds every accepted write. */
  const read = <B>(who: string, path: string) => waitUntil(async () => {
    const answer = await get<B & { revision: number }>(who, path);
    return answer.body.revision >= written ? answer.body : undefined;
  }, 30_000, `${path} at revision ${written}`);

  beforeAll(async () => {
    system = await startSystem('gwn', { snapshots: true, gatewayEnv: { RATE_LIMIT_ADDRESS_PER_MIN: '100000' } });
    [ruler, member, wanderer] = await Promise.all([system.signUp('ruler'), system.signUp('member'), system.signUp('wanderer')]);
    const generals = (await get<{ generals: Array<{ id: number; nation: number; npc: number; officerLevel: number }> }>(undefined, '/worlds/w1/generals')).body.generals;
    const head = generals.find((g) => g.officerLevel === 12 && g.npc >= 2 && g.npc !== 5)!;
    nationId = head.nation;
    memberGeneral = generals.find((g) => g.nation === nationId && g.officerLevel < 5 && g.npc >= 2 && g.npc !== 5)!.id;
    expect(await system.post(ruler, '/worlds/w1/join', { mode: 'possess', generalId: head.id })).toMatchObject({ status: 200 });
    expect(await system.post(member, '/worlds/w1/join', { mode: 'possess', generalId: memberGeneral })).toMatchObject({ status: 200 });
    expect(await system.post(wanderer, '/worlds/w1/join', { mode: 'create', name: '방랑자', leadership: 50, strength: 50, intel: 50 })).toMatchObject({ status: 200 });
    wandererGeneral = (await get<{ general: { id: number } }>(wanderer, '/worlds/w1/general')).body.general.id;
  });

  afterAll(async () => {
    await system?.stop();
  });

  const nation = async (who: string) => (await read<{ nation: Nation }>(who, '/worlds/w1/nation')).nation;

  it('lets the ruler set the rate, the salary, the secret limit and 임관 금지, which the members read', async () => {
    const before = await nation(ruler);
    expect(await write(ruler, 'nation/rate', { amount: 25 })).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect(await write(ruler, 'nation/bill', { amount: 150 })).toMatchObject({ status: 200 });
    expect(await write(ruler, 'nation/secret-limit', { amount: 7 })).toMatchObject({ status: 200 });
    expect(await write(ruler, 'nation/block-scout', { value: before.scout === 0 })).toMatchObject({ status: 200 });
    const after = await nation(member);
    expect(after).toMatchObject({
      id: nationId, rate: 25, bill: 150, secretlimit: 7, scout: before.scout === 0 ? 1 : 0, war: before.war,
    });
  });

  it('refuses a member, a wanderer and out-of-range settings in the rules\' words (422), and a malformed body naming the field (400), each in Korean naming the field as the page does', async () => {
    for (const who of [member, wanderer]) {
      expect(await write(who, 'nation/rate', { amount: 10 })).toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^권한이 부족합니다\./) } } });
    }
    // 전쟁 금지 spends one of the nation's changes, and a world's first month gives none yet.
    expect(await nation(ruler)).toMatchObject({ warSettingsLeft: 0 });
    expect(await write(ruler, 'nation/block-war', { value: true })).toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^잔여 횟수가 부족합니다\./) } } });
    expect(await write(ruler, 'nation/rate', { amount: 31 })).toMatchObject({ status: 422, body: { error: { message: '세율은 5~30 사이의 정수로 넣으십시오.', detail: expect.stringContaining('setRate.amount must be a whole number from 5 to 30') } } });
    expect(await write(ruler, 'nation/bill', { amount: '100' })).toMatchObject({ status: 400, body: { error: { field: 'amount', message: expect.stringMatching(/^지급률은 정수로 넣으십시오\./) } } });
    expect(await write(ruler, 'nation/block-war', { value: 1 })).toMatchObject({ status: 400, body: { error: { field: 'value', message: expect.stringMatching(/^전쟁 금지는 켜기 또는 끄기로 고르십시오\./) } } });
    expect(await write(ruler, 'nation/notice', {})).toMatchObject({ status: 400, body: { error: { field: 'msg', message: expect.stringMatching(/^국가 방침을 글로 쓰십시오\./) } } });
    expect(await write(ruler, 'nation/scout-message', { msg: 'x'.repeat(1_001) })).toMatchObject({ status: 422, body: { error: { message: '임관 권유문은 1,000자 이하로 쓰십시오.', detail: expect.stringContaining('at most 1000 characters') } } });
    // The refusals changed nothing.
    expect(await nation(ruler)).toMatchObject({ rate: 25, bill: 150 });
  });

  it('keeps the notice and the scout message with the nation\'s members: no other seat and no public read shows them', async () => {
    const notice = `남쪽을 지킨다 ${'가'.repeat(16_000)}`; // the legacy's longest notice fits the body limit in Korean
    expect(await write(ruler, 'nation/notice', { msg: notice })).toMatchObject({ status: 200 });
    expect(await write(ruler, 'nation/scout-message', { msg: '서량으로 오라' })).toMatchObject({ status: 200 });
    expect(await nation(member)).toMatchObject({ notice: { msg: notice, author: expect.any(String) }, scoutMsg: '서량으로 오라' });
    for (const route of ['general', 'nation', 'nation/generals', 'cities', 'messages', 'log?scope=nation']) {
      expect(`${route}: ${JSON.stringify((await get(wanderer, `/worlds/w1/${route}`)).body)}`).not.toMatch(/남쪽을 지킨다|서량으로 오라/);
    }
    for (const route of ['map', 'nations', 'diplomacy', 'history']) {
      expect(`${route}: ${JSON.stringify((await get(undefined, `/worlds/w1/${route}`)).body)}`).not.toMatch(/남쪽을 지킨다|서량으로 오라/);
    }
  });

  it('carries messages to whom the legacy lets read them: everyone, the nation\'s members, the two of a private one', async () => {
    expect(await write(wanderer, 'messages', { mailbox: 9999, text: '모두 들으라' })).toMatchObject({ status: 200 });
    expect(await write(member, 'messages', { mailbox: 9000 + nationId, text: '우리 나라에 고한다' })).toMatchObject({ status: 200 });
    expect(await write(ruler, 'messages', { mailbox: wandererGeneral, text: '은밀히 전한다' })).toMatchObject({ status: 200 });
    const mailbox = (who: string) => read<Mailbox>(who, '/worlds/w1/messages');
    const texts = (messages: Message[]) => messages.map((m) => m.text);
    const ruled = await mailbox(ruler);
    expect(texts(ruled.public)).toEqual(['모두 들으라']);
    expect(texts(ruled.national)).toEqual(['우리 나라에 고한다']);
    expect(texts(ruled.private)).toEqual(['은밀히 전한다']);
    const wandered = await mailbox(wanderer);
    expect(texts(wandered.private)).toEqual(['은밀히 전한다']);
    expect(wandered.national).toEqual([]);
    const membered = await mailbox(member);
    expect(texts(membered.national)).toEqual(['우리 나라에 고한다']);
    expect(membered.private).toEqual([]);
    // Nobody else reads the private one nor the nation's: not on the public reads, not on the seat's own routes.
    for (const route of ['map', 'nations', 'generals', 'diplomacy', 'history']) {
      expect(`${route}: ${JSON.stringify((await get(undefined, `/worlds/w1/${route}`)).body)}`).not.toMatch(/은밀히|우리 나라에/);
    }
    for (const route of ['general', 'commands', 'log', 'nation', 'nation/generals', 'cities']) {
      expect(`${route}: ${JSON.stringify((await get(member, `/worlds/w1/${route}`)).body)}`).not.toMatch(/은밀히/);
    }

    const document = (await get<{ components: object }>(undefined, '/openapi.json')).body;
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'gateway', components: document.components });
    for (const answer of [ruled, wandered]) expect(ajv.validate({ $ref: 'gateway#/components/schemas/MailboxAnswer' }, answer) ? null : ajv.errors).toBeNull();
  });

  it('refuses messages in the legacy\'s words: a second private one within 2 s (429), a general or nation that is not, an empty text', async () => {
    expect(await write(member, 'messages', { mailbox: 8_888, text: '누구?' })).toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^존재하지 않는 유저입니다\./) } } });
    // Two at once: one goes, the other is refused in the legacy's words.
    const both = await Promise.all(['또 전한다', '다시 전한다'].map((text) => write(wanderer, 'messages', { mailbox: memberGeneral, text })));
    expect(both.map((w) => w.status).sort()).toEqual([200, 429]);
    const sooner = both.find((w) => w.status === 429)!;
    expect(sooner).toMatchObject({ body: { error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^개인메세지는 2초당 1건만 보낼 수 있습니다!/) } } });
    expect(Number(sooner.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await read<Mailbox>(member, '/worlds/w1/messages')).private).toHaveLength(1);
    expect(await write(member, 'messages', { mailbox: 9999, text: '' })).toMatchObject({ status: 422, body: { error: { message: '내용을 쓰십시오.', detail: expect.stringContaining('sendMessage.text') } } });
    expect(await write(member, 'messages', { mailbox: 'all', text: 'x' })).toMatchObject({ status: 400, body: { error: { field: 'mailbox' } } });
    expect(await get(undefined, '/worlds/w1/messages')).toMatchObject({ status: 401 });
    const stranger = await system.signUp('stranger');
    expect(await get(stranger, '/worlds/w1/messages')).toMatchObject({ status: 403, body: { error: { code: 'NOT_JOINED' } } });
  });

  it('lets the ruler appoint, name permissions and expel as the legacy\'s personnel page does, refusing in its words', async () => {
    const general = async (who: string) => (await read<{ general: { nation: number; officerLevel: number } }>(who, '/worlds/w1/general')).general;
    const city = (await read<{ cities: Array<{ id: number; nation: number }> }>(ruler, '/worlds/w1/cities')).cities.find((c) => c.nation === nationId)!;
    // 종사 (2) asks no stat.
    expect(await write(ruler, 'nation/officers', { officerLevel: 2, destGeneralId: memberGeneral, destCityId: city.id })).toMatchObject({ status: 200 });
    expect(await general(member)).toMatchObject({ nation: nationId, officerLevel: 2 });
    expect(await write(member, 'nation/officers', { officerLevel: 2, destGeneralId: memberGeneral, destCityId: city.id }))
      .toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^수뇌가 아닙니다\./) } } });
    expect(await write(ruler, 'nation/officers', { officerLevel: 3 })).toMatchObject({ status: 400, body: { error: { field: 'destGeneralId' } } });
    expect(await write(ruler, 'nation/permissions', { permission: 'ambassador', generalIds: [memberGeneral] })).toMatchObject({ status: 200 });
    expect(await write(ruler, 'nation/expel', { destGeneralId: memberGeneral }))
      .toMatchObject({ status: 422, body: { error: { message: expect.stringMatching(/^외교권자는 추방할 수 없습니다\./) } } });
    expect(await write(ruler, 'nation/permissions', { permission: 'ambassador', generalIds: [] })).toMatchObject({ status: 200 });
    expect(await write(ruler, 'nation/expel', { destGeneralId: memberGeneral })).toMatchObject({ status: 200 });
    expect(await general(member)).toMatchObject({ nation: 0, officerLevel: 0 });
    expect(await write(ruler, 'nation/permissions', { permission: 'chief', generalIds: [] })).toMatchObject({ status: 400, body: { error: { field: 'permission' } } });
  });
});

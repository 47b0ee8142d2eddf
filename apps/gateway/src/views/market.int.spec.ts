import Ajv2020 from 'ajv/dist/2020';
import { waitUntil } from '@chronicle/testing';
import { startSystem, type GatewaySystem } from '../testing/system';

jest.setTimeout(240_000);

type Bid = { amount: number; date: number; generalId: number; generalName: string | null };
type Lot = { id: number; kind: string; hostGeneralId: number; hostName: string | null; amount: number; startBidAmount: number; finishBidAmount: number; openDate: number; closeDate: number; highestBid: Bid | null };
type AuctionList = { revision: number; generalId: number; buyRice: Lot[]; sellRice: Lot[]; recentLogs: Array<{ text: string }> };
type Front = { general: { id: number; gold: number; rice: number } };

/**
 * A month lasts 5 minutes; the world opened six months ago (the most an advance may be late
 * before months are skipped), so its first tick runs past the three months before auctions
 * open and into July, when the nations pay rice.
 */
const TURNTERM = 5;
const MONTHS_AGO = 6;

/**
 * The market reads over HTTP against the real services (log service, executor, snapshot
 * service, gateway): one player opens a resource auction, another sees it on its own read and
 * bids on it, and each sees the bid as the highest; the public reads carry the tournament
 * board and nothing of the lots; a seat reads only its own stakes.
 */
describe('gateway: the auctions and the tournament reads (real services)', () => {
  let system: GatewaySystem;
  let host: string;
  let bidder: string;
  let hostId: number;
  let bidderId: number;
  let bidderFront: Front['general'];

  let addresses = 0;
  const get = <B = Record<string, unknown>>(authorization: string | undefined, path: string) =>
    system.get<B>(authorization, path, { 'x-forwarded-for': `10.3.${Math.floor(++addresses / 250)}.${addresses % 250}` });
  let keys = 0;
  let written = 0;
  const write = async (authorization: string, path: string, body: unknown) => {
    const answer = await system.post(authorization, `/worlds/w1/${path}`, body, `m${++keys}`);
    if (answer.status === 200) written = Math.max(written, (answer.body as { revision: number }).revision);
    return answer;
  };
  const read = <B>(who: string, path: string) => waitUntil(async () => {
    const answer = await get<B & { revision: number }>(who, path);
    return answer.status === 200 && answer.body.revision >= written ? answer.body : undefined;
  }, 30_000, `${path} at revision ${written}`);

  beforeAll(async () => {
    system = await startSystem('gwm', {
      snapshots: true, turnterm: TURNTERM, startAgoMs: MONTHS_AGO * TURNTERM * 60_000 + 20_000,
      worldOptions: { auctions: true, tournaments: true }, gatewayEnv: { RATE_LIMIT_ADDRESS_PER_MIN: '100000' },
    });
    await system.tick('w1-c1');
    const start = (await get<{ env: { year: number; month: number; startyear: number } }>(undefined, '/worlds/w1/map')).body.env;
    // Ticked again every few seconds, as the scheduler re-ticks: a tick that came before the
    // executor was ready, or an advance its budget cut short, is followed by the next one.
    let tickedAt = Date.now();
    await waitUntil(async () => {
      const { env } = (await get<{ env: { year: number; month: number; startyear: number } }>(undefined, '/worlds/w1/map')).body;
      if ((env.year - env.startyear) * 12 + env.month >= 1 + MONTHS_AGO) return env;
      if (Date.now() - tickedAt > 5_000) {
        tickedAt = Date.now();
        await system.tick('w1-c1');
      }
      return undefined;
    }, 120_000, `the world past its first year (from ${JSON.stringify(start)})`);
    host = await system.signUp('host');
    expect(await system.post(host, '/worlds/w1/join', { mode: 'create', name: '미축', leadership: 40, strength: 40, intel: 70 })).toMatchObject({ status: 200 });
    // The bidder takes over a chief of a nation, paid in July (a new general has 1,000 of each, all a
    // bidder must keep): the best paid of them, each taken by an account of its own.
    const generals = (await get<{ generals: Array<{ id: number; nation: number; npc: number; officerLevel: number }> }>(undefined, '/worlds/w1/generals')).body.generals;
    const chiefs = generals.filter((g) => g.officerLevel >= 11 && g.npc >= 2 && g.npc !== 5);
    const taken = await Promise.all(chiefs.map(async (chief, i) => {
      const account = await system.signUp(`chief${i}`);
      expect(await system.post(account, '/worlds/w1/join', { mode: 'possess', generalId: chief.id })).toMatchObject({ status: 200 });
      return { account, general: (await get<Front>(account, '/worlds/w1/general')).body.general };
    }));
    const spare = (g: Front['general']) => Math.max(g.gold, g.rice);
    const best = taken.reduce((a, b) => (spare(b.general) > spare(a.general) ? b : a));
    bidder = best.account;
    bidderFront = best.general;
    bidderId = bidderFront.id;
    hostId = (await get<Front>(host, '/worlds/w1/general')).body.general.id;
  });

  afterAll(async () => {
    await system?.stop();
  });

  it('shows a bidder the lot another opened, takes its bid, and shows both the bid as the highest', async () => {
    // What the bidder pays with: rice for a 금 경매 (sellRice), gold for a 쌀 경매 (buyRice); a bidder keeps 1,000.
    const kind = bidderFront.rice >= bidderFront.gold ? 'sellRice' : 'buyRice';
    const spare = Math.max(bidderFront.rice, bidderFront.gold) - 1000;
    expect(spare).toBeGreaterThanOrEqual(51);
    const opened = await write(host, 'auctions', { kind, amount: 100, closeTurnCnt: 12, startBidAmount: 50, finishBidAmount: 200 });
    expect(opened).toMatchObject({ status: 200, body: { status: 'accepted' } });

    const seen = await read<AuctionList>(bidder, '/worlds/w1/auctions');
    expect(seen.generalId).toBe(bidderId);
    const lot = seen[kind].find((l) => l.hostGeneralId === hostId)!;
    expect(lot).toMatchObject({ kind, hostName: '미축', amount: 100, startBidAmount: 50, finishBidAmount: 200, highestBid: null });
    expect(lot.closeDate - lot.openDate).toBe(12 * TURNTERM * 60_000);

    const amount = Math.min(60, spare);
    expect(await write(bidder, `auctions/${lot.id}/bids`, { amount })).toMatchObject({ status: 200, body: { status: 'accepted' } });
    for (const who of [bidder, host]) {
      const after = (await read<AuctionList>(who, '/worlds/w1/auctions'))[kind].find((l) => l.id === lot.id)!;
      expect(after.highestBid).toMatchObject({ amount, generalId: bidderId, generalName: expect.any(String) });
    }
    // The rules' refusals in their words: a host may not bid on its own lot, a bid must beat the highest.
    expect(await write(host, `auctions/${lot.id}/bids`, { amount: amount + 10 })).toMatchObject({ status: 422, body: { error: { message: '자신이 연 경매에 입찰할 수 없습니다.' } } });
    expect(await write(bidder, `auctions/${lot.id}/bids`, { amount })).toMatchObject({ status: 422, body: { error: { message: '현재입찰가보다 높게 입찰해야 합니다.' } } });

    const document = (await get<{ components: object }>(undefined, '/openapi.json')).body;
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'gateway', components: document.components });
    expect(ajv.validate({ $ref: 'gateway#/components/schemas/AuctionListAnswer' }, await read<AuctionList>(host, '/worlds/w1/auctions')) ? null : ajv.errors).toBeNull();
  });

  it('keeps the lots from the public: the auctions need a signed-in general, the public reads name no bid', async () => {
    expect(await get(undefined, '/worlds/w1/auctions')).toMatchObject({ status: 401 });
    const stranger = await system.signUp('stranger');
    expect((await get(stranger, '/worlds/w1/auctions')).status).toBeGreaterThanOrEqual(400);
    for (const route of ['map', 'nations', 'generals', 'history', 'tournament']) {
      expect(`${route}: ${JSON.stringify((await get(undefined, `/worlds/w1/${route}`)).body)}`).not.toMatch(/startBidAmount|finishBidAmount|highestBid/);
    }
  });

  it('shows anyone the tournament board as the OpenAPI document describes it, and a seat only its own part', async () => {
    const board = await get<{ tournament: { stage: number; stageName: string; kindName: string; bracket: unknown[][]; qualifiers: unknown[][] } }>(undefined, '/worlds/w1/tournament');
    expect(board.status).toBe(200);
    const names = ['경기 없음', '참가 모집중', '예선 진행중', '본선 추첨중', '본선 진행중', '16강 배정중', '베팅 진행중', '16강 진행중', '8강 진행중', '4강 진행중', '결승 진행중'];
    expect(board.body.tournament.stageName).toBe(names[board.body.tournament.stage]);
    expect(board.body.tournament.bracket.map((row) => row.length)).toEqual([1, 2, 4, 8, 16]);
    expect(board.body.tournament.qualifiers).toHaveLength(8);
    const document = (await get<{ components: object }>(undefined, '/openapi.json')).body;
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'gateway', components: document.components });
    expect(ajv.validate({ $ref: 'gateway#/components/schemas/TournamentAnswer' }, board.body) ? null : ajv.errors).toBeNull();

    const mine = await read<{ entered: boolean; autoEntry: boolean; bets: unknown[]; gold: number }>(host, '/worlds/w1/tournament/mine');
    expect(mine).toMatchObject({ autoEntry: true, bets: [] });
    expect(ajv.validate({ $ref: 'gateway#/components/schemas/OwnTournamentAnswer' }, mine) ? null : ajv.errors).toBeNull();
    expect(await write(host, 'tournament/auto-entry', { auto: false })).toMatchObject({ status: 200 });
    expect(await read(host, '/worlds/w1/tournament/mine')).toMatchObject({ autoEntry: false });
    expect(await read(bidder, '/worlds/w1/tournament/mine')).toMatchObject({ autoEntry: true });
    expect(await get(undefined, '/worlds/w1/tournament/mine')).toMatchObject({ status: 401 });
  });
});

import { StreamRoles } from '@chronicle/contracts';
import { waitUntil } from '@chronicle/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { startSystem, type GatewaySystem, type ReadEvent } from '../testing/system';

jest.setTimeout(240_000);

type Line = { scope: string; subject: number; text: string; move: number };

/**
 * Live updates over Server-Sent Events against the real system (log service, executor,
 * snapshot service, gateway): the world's public move events as they are applied, a seat's
 * own outcomes and log lines, resumption with Last-Event-ID — and nothing of one seat on
 * another's stream.
 */
describe('gateway: live updates (real services)', () => {
  let system: GatewaySystem;
  let alice: string;
  let bob: string;
  let aliceGeneral: number;
  let bobGeneral: number;

  beforeAll(async () => {
    // Five-minute months, begun 25 minutes ago: the first tick runs five months of turns at
    // once (within the six turns an advance may be late before months are skipped).
    system = await startSystem('gwl', { snapshots: true, turnterm: 5, startAgoMs: 25 * 60_000 });
    [alice, bob] = await Promise.all([system.signUp('alice'), system.signUp('bob')]);
    expect((await system.post(alice, '/worlds/w1/join', { mode: 'create', name: '조운', leadership: 60, strength: 60, intel: 30 })).status).toBe(200);
    expect((await system.post(bob, '/worlds/w1/join', { mode: 'create', name: '장비', leadership: 50, strength: 70, intel: 30 })).status).toBe(200);
    aliceGeneral = (await system.get<{ general: { id: number } }>(alice, '/worlds/w1/general')).body.general.id;
    bobGeneral = (await system.get<{ general: { id: number } }>(bob, '/worlds/w1/general')).body.general.id;
    // alice's secret: a conscription of 1,234.
    expect((await system.post(alice, '/worlds/w1/commands/reserve', { command: 'che_징병', arg: { crewType: 1100, amount: 1234 }, slots: [0, 1, 2] }, 'c1')).status).toBe(200);
  });

  afterAll(async () => {
    await system?.stop();
  });

  const secret = /che_징병|1234/;

  it('streams public moves, the seat\'s outcomes and its log lines as moves are applied, and nothing of another seat', async () => {
    const aliceLive = await system.events(alice, 'w1');
    const bobLive = await system.events(bob, 'w1');
    expect(aliceLive.status).toBe(200);
    await aliceLive.waitFor((e) => e.event === 'hello');
    await bobLive.waitFor((e) => e.event === 'hello');

    // bob's move reaches alice as a public event, without what bob reserved.
    expect((await system.post(bob, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [0] }, 'b1')).status).toBe(200);
    const told = await aliceLive.waitFor((e) => e.event === 'move');
    expect(told.id).toMatch(/^w1-c1~\d+~\d+$/);
    expect(JSON.stringify(told.data)).not.toMatch(/che_훈련|payload/);
    // bob hears his own outcome; alice does not.
    await bobLive.waitFor((e) => e.event === 'outcome' && e.data.key === 'b1' && e.data.status === 'accepted');

    // Time passes: alice's general runs its turns and the lines reach her stream alone.
    await system.tick('w1-c1');
    const log = await aliceLive.waitFor((e) => e.event === 'log' && e.data.scope === 'general', 60_000);
    const lines = log.data.lines as Line[];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.scope === 'general' && l.subject === aliceGeneral)).toBe(true);
    expect(lines.map((l) => l.text).join('\n')).toMatch(/징병/);
    await bobLive.waitFor((e) => e.event === 'log' && e.data.scope === 'general', 60_000);
    const bobLines = bobLive.events.filter((e) => e.event === 'log').flatMap((e) => e.data.lines as Line[]);
    expect(bobLines.every((l) => l.subject === bobGeneral || l.scope !== 'general')).toBe(true);
    expect(JSON.stringify(bobLive.events)).not.toMatch(secret);
    expect(aliceLive.events.filter((e) => e.event === 'outcome').map((e) => e.data.key)).not.toContain('b1');
    aliceLive.close();
    bobLive.close();
  });

  it('resumes a stream from Last-Event-ID with what was missed', async () => {
    const first = await system.events(alice, 'w1');
    await first.waitFor((e) => e.event === 'hello');
    expect((await system.post(bob, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [1] }, 'b2')).status).toBe(200);
    const seen = await first.waitFor((e) => e.event === 'move');
    first.close();
    // While alice is away: two more moves.
    expect((await system.post(bob, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [2] }, 'b3')).status).toBe(200);
    expect((await system.post(bob, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [3] }, 'b4')).status).toBe(200);
    const back = await system.events(alice, 'w1', seen.id);
    const missed: ReadEvent[] = [];
    for (let from = 0; missed.length < 2; from = back.events.indexOf(missed[missed.length - 1]!) + 1) {
      missed.push(await back.waitFor((e) => e.event === 'move', 30_000, from));
    }
    const seqOf = (e: ReadEvent) => Number(e.id!.split('~')[1]);
    expect(seqOf(missed[0]!)).toBeGreaterThan(seqOf(seen));
    expect(seqOf(missed[1]!)).toBeGreaterThan(seqOf(missed[0]!));
    expect(back.events.some((e) => e.event === 'hello')).toBe(false);
    back.close();
  });

  it('reads a table\'s public events once for all its streams; a resumed stream catches up on its own consumer, then joins them', async () => {
    const jsm = await jetstreamManager(system.nc);
    const consumers = async () => (await jsm.streams.info(system.subjects.stream(StreamRoles.publicMoves))).state.consumer_count;
    const before = await consumers();
    const streams = await Promise.all([alice, alice, bob, bob].map((who) => system.events(who, 'w1')));
    for (const stream of streams) await stream.waitFor((e) => e.event === 'hello');
    // One consumer for the four (none more if the table's feed is still open for a stream of the tests before).
    const shared = await consumers();
    expect(shared - before).toBeLessThanOrEqual(1);
    expect((await system.post(bob, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [4] }, 'b5')).status).toBe(200);
    const told = await Promise.all(streams.map((stream) => stream.waitFor((e) => e.event === 'move')));
    expect(new Set(told.map((e) => e.id!.split('~')[1])).size).toBe(1);
    expect(told.every((e) => JSON.stringify(e.data) === JSON.stringify(told[0]!.data) && !/payload|che_훈련/.test(JSON.stringify(e.data)))).toBe(true);

    // Back from before that move: it comes first, from the stream's own consumer, which is closed once the feed covers the rest.
    const seqOf = (e: ReadEvent) => Number(e.id!.split('~')[1]);
    const back = await system.events(alice, 'w1', `w1-c1~${seqOf(told[0]!) - 1}~0`);
    expect(seqOf(await back.waitFor((e) => e.event === 'move'))).toBe(seqOf(told[0]!));
    expect((await system.post(bob, '/worlds/w1/commands/reserve', { command: 'che_훈련', slots: [5] }, 'b6')).status).toBe(200);
    const next = await back.waitFor((e) => e.event === 'move' && seqOf(e) > seqOf(told[0]!));
    for (const stream of streams) expect(seqOf(await stream.waitFor((e) => e.event === 'move' && seqOf(e) > seqOf(told[0]!)))).toBe(seqOf(next));
    await waitUntil(async () => (await consumers()) === shared || undefined, 30_000, 'the resumed stream on the feed alone');
    expect(back.events.filter((e) => e.event === 'move').map(seqOf)).toEqual([seqOf(told[0]!), seqOf(next)]);
    for (const stream of [...streams, back]) stream.close();
  });

  it('refuses a stream without a session, or for a world that does not exist', async () => {
    expect((await fetch(`${system.api}/worlds/w1/events`)).status).toBe(401);
    const nowhere = await system.events(alice, 'nowhere');
    expect(nowhere.status).toBe(404);
    nowhere.close();
  });
});

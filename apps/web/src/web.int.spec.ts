/// <reference lib="dom" />
// The page-side callbacks (page.evaluate, $eval) run in the browser.
import { LogClient, RequestClient, TableReplayer } from '@chronicle/bus';
import { ed25519PrivateKey, EventSubjects, publicKeyHex, seedKey, StreamRoles, Subjects, type DeadLetterV1, type MoveEventV1 } from '@chronicle/contracts';
import { endedChapter, firstChapter, nextChapter, stateToArray, type JsonObject } from '@chronicle/engine';
import { defaultGames } from '@chronicle/games';
import { sammo } from '@chronicle/sammo';
import { connectNats, createTestDatabase, readStream, removePrefixed, spawnService, uniquePrefix, waitUntil, WorldDriver, type Seen, type ServiceProcess, type TestDatabase } from '@chronicle/testing';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startWeb, type RunningWeb } from './bootstrap';
import { WebConfig } from './config';
import { NEUTRAL_CITY, type TableDetail } from './view/api';

jest.setTimeout(120_000);

const GAME_START = Date.UTC(2026, 0, 1);
/** Screenshots for people (CI keeps them as artefacts); git ignores tmp/. */
const SHOTS = path.resolve(__dirname, '../../..', 'tmp', 'test-output', 'web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('the web page against a running system (real NATS and PostgreSQL, headless Chromium)', () => {
  const prefix = uniquePrefix('web');
  const key = randomBytes(32).toString('hex');
  const signingKey = randomBytes(32).toString('hex');
  let db: TestDatabase;
  let nc: NatsConnection;
  let requests: RequestClient;
  let log: LogClient;
  let seeds: TableReplayer;
  let services: ServiceProcess[] = [];
  let web: RunningWeb;
  let browser: Browser;
  let page: Page;
  let url: string;
  /** The finished first chapter of world `chapter`, whose next chapter the last test opens. */
  let firstOfWorld: WorldDriver;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await createTestDatabase();
    nc = await connectNats();
    const env = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: key, HTTP_PORT: '0', LOG_LEVEL: 'info', NATS_PROVISION: 'true' };
    const publicKey = publicKeyHex(ed25519PrivateKey(signingKey));
    services = [
      spawnService('apps/log-service/src/main.ts', { ...env, DATABASE_URL: db.url, OUTBOX_POLL_MS: '50', DB_POOL_SIZE: '4', CHRONICLE_SIGNING_KEY: signingKey }),
      spawnService('apps/snapshot-service/src/main.ts', { ...env, FLUSH_MS: '50', CHRONICLE_LOG_PUBLIC_KEY: publicKey }),
    ];
    await Promise.all([services[0]!.waitFor(/log-service ready/, 90_000), services[1]!.waitFor(/snapshot-service ready/, 90_000)]);
    web = await startWeb(Object.assign(new WebConfig(), {
      CHRONICLE_PREFIX: prefix, PUBLIC_PORT: 0, CHRONICLE_LOG_PUBLIC_KEY: publicKey, NATS_PROVISION: 'true', REFRESH_MS: 100, SUMMARY_MS: 500,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    }));
    url = web.pageUrl;
    requests = new RequestClient(nc, new Subjects(prefix), 15_000);
    log = new LogClient(requests);
    seeds = new TableReplayer(log, seedKey(key), defaultGames());
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'ko-KR' });
  });

  afterAll(async () => {
    // Stopped while the page still holds a live feed open: the stop must not wait for it.
    await web?.app.close();
    await browser?.close();
    for (const service of services.reverse()) await service.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  /** Every city on the page's map: its id, its nation and its colour. */
  const mapCities = () => page.$$eval('svg#map circle', (circles) => circles.map((c) => ({
    city: Number(c.getAttribute('data-city')), nation: Number(c.getAttribute('data-nation')), fill: c.getAttribute('fill'),
  })));
  /** Each nation's colour as the legend shows it. */
  const legend = async () => new Map(await page.$$eval('#legend > span', (items) => items.map((i) => [
    Number(i.getAttribute('data-nation')), (i.querySelector('.swatch') as HTMLElement).style.backgroundColor,
  ] as [number, string])));
  const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
  /** Every city in its holder's colour, the one the legend gives that nation; every nation a colour of its own. */
  const expectMapShows = async (seen: Seen) => {
    const shown = await mapCities();
    const colours = new Map([...(await legend())].map(([nation, rgb]) => [nation, hex(rgb)]));
    expect(shown).toHaveLength(seen.nations.size);
    expect(shown.map((c) => [c.city, c.nation, c.fill]).sort((a, b) => Number(a[0]) - Number(b[0])))
      .toEqual([...seen.nations].map(([city, nation]) => [city, nation, nation === 0 ? NEUTRAL_CITY : colours.get(nation)]));
    const held = new Set([...seen.nations.values()].filter((n) => n !== 0));
    expect(new Set([...held].map((n) => colours.get(n))).size).toBe(held.size);
  };

  it('shows every city of a living world in its nation\'s colour, and the live feed advances as moves land', async () => {
    const world = await WorldDriver.open(log, seeds, 'living', { world: 'sample', start: GAME_START, turnterm: 60 });
    await world.play(2);
    await page.goto(`${url}#/table/living`);
    await page.waitForSelector('svg#map[data-revision="2"]', { timeout: 20_000 });
    expect(await page.textContent('#world-date')).toBe(world.seen[2]!.date);
    await expectMapShows(world.seen[2]!);
    expect(await page.$$eval('#nations tbody tr', (rows) => rows.length)).toBe(world.state.data.nations.size);
    await page.screenshot({ path: path.join(SHOTS, 'world.png'), fullPage: true });

    await world.play(1);
    // Time passing move after move is one line, its range growing.
    await page.waitForSelector('#feed .move[data-move="3"] >> text=/^수 (\\d+–)?3: 시간이 흘렀습니다$/', { timeout: 10_000 });
    await page.waitForSelector('svg#map[data-revision="3"]', { timeout: 10_000 });
    await expectMapShows(world.seen[3]!);
    const delays = await page.evaluate(() => (window as unknown as { chronicle: { feedDelays: number[] } }).chronicle.feedDelays);
    expect(delays).toHaveLength(1);

    // A click on a city (or Enter on it) shows what the public may know of it: not who stands there.
    await page.focus('svg#map circle[data-city="1"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#details strong >> text=/^업/');
    expect(await page.textContent('#details')).toContain('장수: 비공개');
  });

  it('shows only the public view while the chapter is in play: no nation\'s gold, rice or tech, no general\'s purse or queue, no move\'s payload', async () => {
    const detail = (await (await fetch(`${url}api/tables/living`)).json()) as TableDetail;
    expect(detail.view!.visibility).toBe('public');
    for (const n of detail.view!.nations) expect([n.gold, n.rice, n.tech]).toEqual([null, null, null]);
    const general = await (await fetch(`${url}api/tables/living/generals/1`)).json() as Record<string, unknown>;
    expect(general).toMatchObject({ gold: null, rice: null, crew: null, queue: null, city: null });
    expect(JSON.stringify(detail.feed)).not.toMatch(/payload|advance|until|budget|player-/);
    await page.goto(`${url}#/world/living`);
    await page.waitForSelector('svg#map[data-revision="3"]', { timeout: 10_000 });
    expect(await page.$$eval('#nations th', (ths) => ths.filter((th) => !(th as HTMLElement).hidden).map((th) => th.textContent))).toEqual(['국가', '도시', '장수', '국력']);
    expect(await page.isVisible('#public-note')).toBe(true);
    const feed = await page.textContent('#feed');
    expect(feed).not.toMatch(/[{}]|advance|reserve/);
    // English on the switch, and back.
    await page.click('#lang');
    await page.waitForSelector('#feed .move >> text=/^move (\\d+–)?3: time passed$/');
    await page.click('#lang');
    await page.waitForSelector('#feed .move >> text=/^수 (\\d+–)?3: 시간이 흘렀습니다$/');
  });

  it('fits a phone\'s width (390 px): nothing wider than the screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'ko-KR' });
    try {
      await phone.goto(`${url}#/world/living`);
      await phone.waitForSelector('svg#map[data-revision]', { timeout: 10_000 });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const map = await phone.$eval('svg#map', (svg) => svg.getBoundingClientRect().width);
      expect(map).toBeLessThanOrEqual(390);
      await phone.screenshot({ path: path.join(SHOTS, 'phone-world.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it('refuses move events that are not the log service\'s (dead-lettered, never shown)', async () => {
    const subjects = new Subjects(prefix);
    const shown = async () => ((await (await fetch(`${url}api/tables/living`)).json()) as TableDetail).summary.revision;
    const before = await shown();
    const forged: MoveEventV1 = {
      v: 1, kind: 'move', tableId: 'living', seq: before + 1, revision: before + 1, number: before + 1, seat: null, payload: { type: 'advance', until: 0 },
      random: false, stateHash: null, nextDueAt: null, recordedAt: new Date().toISOString(),
    };
    const js = jetstream(nc);
    await js.publish(subjects.of(EventSubjects.moves('living')), JSON.stringify(forged), { msgID: `living:${before + 1}` });
    await js.publish(subjects.of(EventSubjects.moves('living')), 'not json', { msgID: 'living:garbage' });
    const dead = await waitUntil(async () => {
      const letters = (await readStream(nc, subjects.stream(StreamRoles.deadLetters))).map((m) => m.data as DeadLetterV1).filter((d) => d.consumer.endsWith('web-moves'));
      return letters.length >= 2 ? letters : undefined;
    }, 10_000, 'two dead letters of the web service');
    expect(dead.map((d) => d.reason).join('\n')).toMatch(/refused: entry \d+ of table living is not signed by the log service's key/);
    expect(await shown()).toBe(before);
  });

  it('says in one sentence that a world is unknown', async () => {
    await page.goto(`${url}#/table/nowhere`);
    await page.waitForSelector('#error >> text=No table nowhere is known here.');
    await page.goto(`${url}#/world/nowhere`);
    await page.waitForSelector('#error >> text=No world nowhere is known here.');
  });

  it('verifies a finished chapter in the browser, steps through its moves, and refuses tampered logs with the reason', async () => {
    const chapter = firstOfWorld = await WorldDriver.open(log, seeds, 'chapter-c1', {
      world: 'sample', start: GAME_START, turnterm: 60, chapterYears: 1, ...firstChapter('chapter'),
    });
    while (!chapter.over) await chapter.play(6);
    const moves = chapter.local.revision;
    // Followed as a world: its chapter, finished, shown whole (the nations' treasuries, a city's generals).
    await page.goto(`${url}#/world/chapter`);
    await page.waitForSelector('#world-status[data-status="finished"]', { timeout: 20_000 });
    expect(await page.textContent('#world-title')).toBe('chapter · 1장');
    await page.waitForFunction(() => !document.querySelector('#nations th.full')?.hasAttribute('hidden'));
    await page.click('svg#map circle[data-city="1"]');
    await page.click('#details a[data-general]');
    await page.waitForSelector('#details >> text=/통솔 \\d+/');
    await page.waitForSelector('#details >> text=/금 [\\d,]+/');
    await page.click('#verify');
    await page.waitForSelector('#verdict[data-verdict]', { timeout: 60_000 });
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('verified');
    expect(await page.textContent('#verdict')).toContain(`all ${moves} moves replay to the state its last move recorded`);
    expect(await page.getAttribute('#verify-progress', 'value')).toBe(String(moves));
    await page.screenshot({ path: path.join(SHOTS, 'verified.png'), fullPage: true });

    // The scrubber: the map at a chosen move is the state the log had there.
    const at = 4;
    await page.$eval('#scrubber', (input, move) => {
      (input as HTMLInputElement).value = String(move);
      input.dispatchEvent(new Event('input'));
    }, at);
    await page.waitForSelector(`#scrub-label[data-move="${at}"]`);
    expect(await page.getAttribute('svg#map', 'data-date')).toBe(chapter.seen[at]!.date);
    await expectMapShows(chapter.seen[at]!);
    await page.click('#scrub-next');
    await page.waitForSelector(`#scrub-label[data-move="${at + 1}"]`);
    expect(await page.getAttribute('svg#map', 'data-date')).toBe(chapter.seen[at + 1]!.date);

    const finished = await log.finishedLog({ tableId: 'chapter-c1' });
    const good = finished.log as { seed: string; moves: Array<{ payload: { until: number } }> };
    const otherSeed = { ...finished, log: { ...good, seed: `${good.seed.slice(0, -1)}${good.seed.endsWith('0') ? '1' : '0'}` } };
    await verifyFile(otherSeed);
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('refused');
    expect(await page.textContent('#verdict')).toMatch(/^Refused: the seed in this log is not the one committed to when the table opened/);
    await page.screenshot({ path: path.join(SHOTS, 'refused.png'), fullPage: true });

    // A move changed (its month advanced an hour less): the seed is right, the move is not the one the log service stored.
    const movesChanged = good.moves.map((m, i) => (i === 2 ? { ...m, payload: { ...m.payload, until: m.payload.until - 3_600_000 } } : m));
    await verifyFile({ ...finished, log: { ...good, moves: movesChanged } });
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('refused');
    expect(await page.textContent('#verdict')).toMatch(/^Refused: move 3 is not the move the log service stored \(entry 3\): the log was changed there/);
    // Two moves swapped, and the log cut short: each named by its first bad move, whatever the file says of itself.
    const swapped = [...good.moves];
    [swapped[4], swapped[5]] = [swapped[5]!, swapped[4]!];
    await verifyFile({ ...finished, log: { ...good, moves: swapped.map((m, i) => ({ ...m, number: i + 1 })) } });
    expect(await page.textContent('#verdict')).toMatch(/^Refused: move 5 is not the move the log service stored/);
    await verifyFile({ ...finished, log: { ...good, moves: good.moves.slice(0, -1) }, record: null });
    expect(await page.textContent('#verdict')).toMatch(new RegExp(`^Refused: move ${moves} \\(entry ${moves}\\) is stored by the log service but missing from this log, which stops at move ${moves - 1}: it was cut short`));
  });

  async function verifyFile(content: unknown): Promise<void> {
    await page.evaluate(() => document.getElementById('verdict')!.removeAttribute('data-verdict'));
    await page.setInputFiles('#verify-file', { name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) });
    await page.waitForSelector('#verdict[data-verdict]', { timeout: 60_000 });
  }

  it('lists the worlds, one row each, with their chapters, date and status', async () => {
    await page.goto(url);
    await waitUntil(async () => (await page.$$('#worlds tr[data-world]')).length === 2 || undefined, 10_000, 'two worlds listed');
    const rows = await page.$$eval('#worlds tr[data-world]', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    expect(rows.map((r) => [r[0], r[2], r[4]])).toEqual([['chapter', '1', '끝남'], ['living', '1', '진행 중']]);
    await page.screenshot({ path: path.join(SHOTS, 'worlds.png'), fullPage: true });
  });

  it('follows a world from chapter to chapter: the page watching it moves on to the next chapter as it opens', async () => {
    await page.goto(`${url}#/world/chapter`);
    await page.waitForSelector('#world-status[data-status="finished"]', { timeout: 20_000 });
    expect(await page.textContent('#world-title')).toBe('chapter · 1장');
    // Opened as the scheduler opens a world's next chapter.
    const next = nextChapter(sammo, endedChapter(firstOfWorld.local), firstOfWorld.state);
    const second = await WorldDriver.open(log, seeds, next.tableId, next.options ?? {}, undefined, stateToArray(sammo, firstOfWorld.state) as JsonObject);
    await page.waitForSelector('#world-title >> text=chapter · 2장', { timeout: 20_000 });
    await page.waitForSelector('#world-status[data-status="open"]');
    expect(page.url()).toMatch(/#\/world\/chapter$/);
    expect(await page.$$eval('#chapters a[href^="#/table/"]', (links) => links.map((a) => a.textContent))).toEqual(['1', '2']);

    // Its second chapter played to the end: the whole world verified in the page, each chapter from the one before, every link checked.
    while (!second.over) await second.play(6);
    await page.waitForSelector('#world-status[data-status="finished"]', { timeout: 20_000 });
    await page.click('#verify-world');
    await page.waitForSelector('#world-verdict[data-verdict]', { timeout: 180_000 });
    await page.screenshot({ path: path.join(SHOTS, 'world-verified.png'), fullPage: true });
    expect(await page.textContent('#world-verdict')).toBe(
      `Verified: world chapter: 2 finished chapters, ${firstOfWorld.local.revision + second.local.revision} moves, each replayed from the one before, every link holding (commitment, final revision, final state hash, rules version).`,
    );
  }, 300_000);
});

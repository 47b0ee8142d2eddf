/// <reference lib="dom" />
// The page-side callbacks (page.evaluate, $eval) run in the browser.
import { LogClient, RequestClient } from '@chronicle/bus';
import { AdminSubjects, ed25519PrivateKey, EventSubjects, publicKeyHex, Subjects, worldEventMsgId, type AuditTrailV1, type WorldEventV1 } from '@chronicle/contracts';
import { clockOptions, firstChapter, type Json } from '@chronicle/engine';
import { connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, type ServiceProcess, type TestDatabase } from '@chronicle/testing';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startWeb, type RunningWeb } from './bootstrap';
import { WebConfig } from './config';
import type { TableDetail } from './view/api';

jest.setTimeout(240_000);

const GAME_START = Date.UTC(2026, 0, 1);
/** Screenshots of each screen of the journey; git ignores tmp/. */
const SHOTS = path.resolve(__dirname, '../../..', 'tmp', 'test-output', 'web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Game time runs this many times faster than the wall: with one-minute turns, a month every 6 s. */
const SPEED = 10;

/**
 * A new player's journey in the browser, against the whole system as processes on real
 * NATS and PostgreSQL — the log service, an executor that checks the gateway's seat proofs,
 * the snapshot service, the scheduler making time pass, the gateway — and the web service
 * (in-process) forwarding the players' API to the gateway: sign up, join a world with a
 * general in a city picked on the map, reserve two commands (one with a city picked on the
 * map), see them run on the next turns and the general's log say so.
 */
describe('a new player plays a world from the page (the whole system, headless Chromium)', () => {
  const prefix = uniquePrefix('wpl');
  const subjects = new Subjects(prefix);
  const gatewayKey = randomBytes(32).toString('hex');
  const gatewayPublicKey = publicKeyHex(ed25519PrivateKey(gatewayKey));
  const common = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'info', HTTP_PORT: '0', NATS_PROVISION: 'true' };
  let logDb: TestDatabase;
  let gatewayDb: TestDatabase;
  let nc: NatsConnection;
  const services: ServiceProcess[] = [];
  let web: RunningWeb;
  let browser: Browser;
  let page: Page;
  /** The second player, a ruler (a page of its own: its own cookie). */
  let chief: Page;
  let url: string;
  let gateway: ServiceProcess;
  let gatewayEnv: Record<string, string>;

  const start = (entry: string, env: Record<string, string>) => {
    const service = spawnService(entry, { ...common, ...env });
    services.push(service);
    return service;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [logDb, gatewayDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    nc = await connectNats();
    const logService = start('apps/log-service/src/main.ts', { DATABASE_URL: logDb.url, OUTBOX_POLL_MS: '50', DB_POOL_SIZE: '4' });
    await logService.waitFor(/log-service ready/, 90_000);
    const others = [
      start('apps/turn-executor/src/main.ts', {
        EXECUTOR_ID: 'exec-a', CHRONICLE_GATEWAY_PUBLIC_KEY: gatewayPublicKey,
        CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(randomBytes(32).toString('hex'))),
      }),
      start('apps/snapshot-service/src/main.ts', { FLUSH_MS: '50', CHRONICLE_GATEWAY_PUBLIC_KEY: gatewayPublicKey }),
      start('apps/scheduler/src/main.ts', { RETICK_MS: '2000' }),
    ];
    await Promise.all([
      others[0]!.waitFor(/turn-executor ready/, 90_000), others[1]!.waitFor(/snapshot-service ready/, 90_000), others[2]!.waitFor(/scheduler ready/, 90_000),
    ]);
    // World w1's first chapter, a small world whose months pass every few seconds, announced as the scheduler announces chapters.
    const log = new LogClient(new RequestClient(nc, subjects, 15_000));
    const opened = await log.open({
      tableId: 'w1-c1', gameId: 'sammo', seats: ['founder'],
      options: {
        world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 1, start: GAME_START, auctions: true, ...firstChapter('w1'),
        ...clockOptions({ openedAt: Date.now(), gameStart: GAME_START, speed: SPEED, minTickInterval: 0 }),
      } as Json as Record<string, Json>,
    });
    const event: WorldEventV1 = {
      v: 1, kind: 'chapter-opened', worldId: 'w1', chapter: 1, tableId: 'w1-c1', commitment: opened.commitment, previousTableId: null, recordedAt: new Date().toISOString(),
    };
    await jetstream(nc).publish(subjects.of(EventSubjects.worlds('w1')), JSON.stringify(event), { msgID: worldEventMsgId('w1', 1, 'chapter-opened') });
    gatewayEnv = { DATABASE_URL: gatewayDb.url, PUBLIC_PORT: '0', PASSWORD_SCRYPT_LOG2N: '10', COOKIE_SECURE: 'false', CHRONICLE_GATEWAY_KEY: gatewayKey };
    gateway = start('apps/gateway/src/main.ts', gatewayEnv);
    await gateway.waitFor(/gateway public API on port \d+/, 90_000);
    // A gateway started again (the lost connection's test) comes back on the same port.
    gatewayEnv.PUBLIC_PORT = /gateway public API on port (\d+)/.exec(gateway.output())![1]!;
    web = await startWeb(Object.assign(new WebConfig(), {
      CHRONICLE_PREFIX: prefix, PUBLIC_PORT: 0, NATS_PROVISION: 'true', REFRESH_MS: 200, SUMMARY_MS: 500,
      GATEWAY_URL: `http://127.0.0.1:${gatewayEnv.PUBLIC_PORT}`, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    }));
    url = web.pageUrl;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: 'ko-KR' });
    chief = await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: 'ko-KR' });
  });

  afterAll(async () => {
    await browser?.close();
    await web?.app.close();
    for (const service of services.reverse()) await service.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await logDb?.drop();
    await gatewayDb?.drop();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  const chiefShot = (name: string) => chief.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  /** The general's queue as the page shows it, slot by slot. */
  const actions = (on: Page) => on.$$eval('#queue tr[data-slot]', (rows) => rows.map((r) => r.getAttribute('data-action')));

  it('signs up, joins with a new general, reserves two commands and sees them run, the log saying so', async () => {
    // Sign up, from the world's page.
    await page.goto(`${url}#/world/w1`);
    await page.waitForSelector('svg#map circle[data-city]', { timeout: 30_000 });
    await page.click('#account a');
    await page.fill('#username', 'newcomer');
    await page.fill('#password', 'a long enough password');
    await shot('play-sign-up');
    await page.click('#sign-up');
    await page.waitForSelector('#account >> text=newcomer 님');

    // Back on the world: the join form. A refusal first, in the legacy's words (a name another general has).
    await page.waitForSelector('#join', { timeout: 20_000 });
    const detail = (await (await fetch(`${url}api/tables/w1-c1`)).json()) as TableDetail;
    const taken = (await (await fetch(`${url}api/tables/w1-c1/generals/1`)).json()) as { name: string };
    await page.fill('#join-name', taken.name);
    await page.selectOption('#join-personality', 'che_왕좌');
    await page.click('#join');
    await page.waitForSelector('#error >> text=/이미 있는 장수입니다/', { timeout: 20_000 });
    await shot('play-join-refused');
    await page.fill('#join-name', '새내기');
    await page.fill('#join-leadership', '60');
    await page.fill('#join-strength', '50');
    await page.fill('#join-intel', '40');
    await page.click('#join');

    // The general's panel: its name, its city — one of level 5–6, where the legacy's join places
    // a general (none of this world's is unowned: it draws among them all) —, its 30 slots.
    await page.waitForSelector('#general-name >> text=/새내기/', { timeout: 20_000 });
    const stats = await page.textContent('#general-stats') ?? '';
    const home = detail.view!.cities.find((c) => stats.includes(c.name))!;
    expect([5, 6]).toContain(home.level);
    expect(await page.$$eval('#queue tr[data-slot]', (rows) => rows.length)).toBe(30);
    // Each slot's real time: the world's clock runs SPEED times the wall, so slot 0 comes within a month's few seconds.
    const times = await page.$$eval('#queue tr[data-slot]', (rows) => rows.map((r) => Number(r.getAttribute('data-at'))));
    expect(Math.abs(times[0]! - Date.now())).toBeLessThan(30_000);
    expect(times[1]! - times[0]!).toBe(60_000 / SPEED);
    await shot('play-general');

    // What anyone watching the world hears meanwhile (the web service's live feed): the moves, never who made them or what they were.
    const stopWatching = new AbortController();
    const watched = await fetch(`${url}api/live?table=w1-c1`, { signal: stopWatching.signal });
    const heard: string[] = [];
    const listening = (async () => {
      const reader = watched.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        heard.push(decoder.decode(value));
      }
    })();

    // Two commands: 견문 into the first slot, then 이동 to a neighbouring city picked on the map into the second.
    await page.check('#queue tr[data-slot="0"] input[type=checkbox]');
    await page.selectOption('#command', 'che_견문');
    await page.click('#reserve');
    await page.waitForSelector('#reserve-outcome >> text=접수되었습니다', { timeout: 20_000 });
    const destination = detail.view!.cities.find((c) => c.id === home.neighbours[0])!;
    await page.check('#queue tr[data-slot="1"] input[type=checkbox]');
    await page.selectOption('#command', 'che_이동');
    await page.click(`svg#map circle[data-city="${destination.id}"]`);
    await page.waitForSelector(`#arg-city >> text=#${destination.id}`);
    await page.click('#reserve');
    await page.waitForSelector('#reserve-outcome >> text=접수되었습니다', { timeout: 20_000 });
    await shot('play-reserved');

    // The next turns run them: the log says the general moved, and the panel shows it in the new city.
    await page.waitForSelector(`#general-log >> text=/${destination.name}(으|)로 이동했습니다/`, { timeout: 60_000 });
    await page.waitForSelector(`#general-stats >> text=${destination.name}`, { timeout: 20_000 });
    const log = await page.$$eval('#general-log div', (lines) => lines.map((l) => l.textContent));
    expect(log.length).toBeGreaterThanOrEqual(2);
    await shot('play-ran');

    // The page checked its own moves against the chapter's log (page/own-moves.ts: the gateway's
    // audit, each checkpoint extending the last, each move in the tree): both reservations.
    await page.waitForSelector('#own-moves[data-state="proved"] >> text=/내 명령 [2-9]건/', { timeout: 30_000 });
    // A history replaced under it is caught: the checkpoint it keeps, given another root, is not extended by the log's.
    await page.evaluate(() => {
      const store = JSON.parse(localStorage.getItem('chronicle.own-moves')!) as Record<string, { record: { latest: string } }>;
      for (const table of Object.values(store)) {
        const lines = table.record.latest.split('\n');
        lines[2] = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
        table.record.latest = lines.join('\n');
      }
      localStorage.setItem('chronicle.own-moves', JSON.stringify(store));
    });
    await page.waitForSelector('#own-moves[data-state="broken"] >> text=경고', { timeout: 30_000 });
    await shot('play-own-moves-broken');

    stopWatching.abort();
    await listening;
    const events = heard.join('').split('\n\n').filter((e) => e.startsWith('event: move')).map((e) => JSON.parse(e.slice(e.indexOf('data: ') + 6)) as { move: Record<string, unknown>; feed: { by: string } });
    expect(events.filter((e) => e.feed.by === 'player').length).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(Object.keys(e.move).sort()).toEqual(['kind', 'nextDueAt', 'number', 'recordedAt', 'revision', 'seq', 'tableId']);
    expect(heard.join('')).not.toMatch(/che_견문|che_이동|destCityId|newcomer/);
  });

  it("shows the operators' notice on the world's page as a banner, live and as text, and takes it down when cleared", async () => {
    const requests = new RequestClient(nc, subjects, 15_000);
    const notice = (text: string) => requests.request(AdminSubjects.notice, { v: 1, target: 'w1', operator: 'ops', reason: 'an operator test', text });
    const viewer = await browser.newPage({ locale: 'ko-KR' });
    try {
      await viewer.goto(`${url}#/world/w1`);
      await viewer.waitForSelector('svg#map', { timeout: 20_000 });
      expect(await viewer.isHidden('#world-notice')).toBe(true);
      // Posted while the page is open: it comes with the next summary, and markup in it stays text.
      await notice('서버 점검: <b onmouseover="alert(1)">10분</b> 뒤 재개합니다');
      await viewer.waitForSelector('#world-notice', { state: 'visible', timeout: 10_000 });
      expect(await viewer.textContent('#world-notice')).toBe('운영자 메세지: 서버 점검: <b onmouseover="alert(1)">10분</b> 뒤 재개합니다');
      expect(await viewer.$$('#world-notice b')).toHaveLength(0);
      await notice('점검이 끝났습니다');
      await viewer.waitForSelector('#world-notice-text >> text=점검이 끝났습니다', { timeout: 10_000 });
      await notice('');
      await viewer.waitForSelector('#world-notice', { state: 'hidden', timeout: 10_000 });
      await expect(notice('')).rejects.toThrow('w1 has no notice to clear; post one with chronicle banner w1 "<text>"');
      const trail = await requests.request<AuditTrailV1>(AdminSubjects.audit, { v: 1, target: 'w1' });
      expect(trail.entries.filter((e) => e.action === 'notice').map((e) => e.detail)).toEqual([expect.stringMatching(/^서버 점검/), '점검이 끝났습니다', 'cleared']);
    } finally {
      await viewer.close();
    }
  });

  it('picks from the command table: the commands possible now first, the others with the game\'s reason', async () => {
    // The table as the gateway reads it for a wanderer: some commands possible now, the others each with why not, in the game's words.
    await page.waitForSelector('#command optgroup[data-group="unavailable"] option', { state: 'attached', timeout: 20_000 });
    const groups = await page.$$eval('#command optgroup', (gs) => gs.map((g) => ({ group: g.getAttribute('data-group'), options: [...g.querySelectorAll('option')].map((o) => o.textContent ?? '') })));
    expect(groups.map((g) => g.group)).toEqual(['possible', 'unavailable']);
    expect(groups[0]!.options.length).toBeGreaterThan(0);
    for (const text of groups[1]!.options) expect(text).toMatch(/ — .*[가-힣]/);
    const unavailable = await page.$eval('#command optgroup[data-group="unavailable"] option', (o) => (o as HTMLOptionElement).value);
    await page.selectOption('#command', unavailable);
    await page.waitForSelector('#command-reason >> text=/지금은 할 수 없습니다: .*[가-힣]/');
    await shot('play-command-table');
  });

  it('fits the argument form to the command, and pushes and repeats the queue', async () => {
    // 징병: a crew type with its cost, an amount up to 100 soldiers a point of leadership.
    await page.selectOption('#command', 'che_징병');
    expect(await page.$$eval('#arg-crew option', (os) => os.map((o) => o.textContent)).then((names) => names.some((n) => /\(금 [\d,]+\/100\)/.test(n ?? '')))).toBe(true);
    const leadership = Number(/통솔 (\d+)/.exec(await page.textContent('#general-stats') ?? '')![1]);
    expect(await page.getAttribute('#arg-amount', 'max')).toBe(String(100 * leadership));
    await page.waitForSelector('#arg-cost >> text=/≈ 금 [\\d,]+/');
    // 헌납: gold or rice, up to what the general holds.
    await page.selectOption('#command', 'che_헌납');
    await page.waitForSelector('#arg-resource');
    await shot('play-picker');
    // 건국: the nation types by their names and the legacy's 33 flag colours; 장비매매: the shop's items by name and price, or selling the one held. No key typed by hand.
    await page.selectOption('#command', 'che_건국');
    const types = await page.$$eval('#arg-nation-type option', (os) => os.map((o) => o.textContent ?? ''));
    expect(types.length).toBeGreaterThan(5);
    for (const name of types) expect(name).toMatch(/^[가-힣]+$/);
    expect(await page.$$eval('#arg-color option', (os) => os.map((o) => o.textContent))).toEqual(Array.from({ length: 33 }, (_, i) => `색 ${i + 1}`));
    await page.selectOption('#command', 'che_장비매매');
    await page.selectOption('#arg-item-type', 'weapon');
    const items = await page.$$eval('#arg-item-code option', (os) => os.map((o) => o.textContent ?? ''));
    expect(items[0]).toBe('지금 것을 팔기');
    expect(items.length).toBeGreaterThan(1);
    for (const item of items.slice(1)) expect(item).toMatch(/^[가-힣].*\(금 [\d,]+\)$/);
    await shot('play-picker-items');

    // 견문 into the first four slots, repeated over the whole queue (반복 4); turns running meanwhile take at most a few.
    for (const slot of [0, 1, 2, 3]) await page.check(`#queue tr[data-slot="${slot}"] input[type=checkbox]`);
    await page.selectOption('#command', 'che_견문');
    await page.click('#reserve');
    await page.waitForSelector('#reserve-outcome >> text=접수되었습니다', { timeout: 20_000 });
    expect((await actions(page)).filter((a) => a === 'che_견문').length).toBeLessThanOrEqual(4);
    await page.fill('#shift-amount', '4');
    await page.click('#repeat');
    await page.waitForFunction(() => document.querySelectorAll('#queue tr[data-action="che_견문"]').length >= 14, undefined, { timeout: 20_000 });
    await shot('play-repeated');

    // Pushed back 12 slots (미루기): the front of the queue rests, the 견문 follow (turns running meanwhile take at most a few).
    const restsFirst = () => page.evaluate(() => [...document.querySelectorAll('#queue tr[data-slot]')].findIndex((r) => r.getAttribute('data-action') !== '휴식'));
    expect(await restsFirst()).toBeLessThan(4);
    await page.fill('#shift-amount', '12');
    await page.click('#push');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('#queue tr[data-slot]')].map((r) => r.getAttribute('data-action'));
      const rests = rows.findIndex((a) => a !== '휴식');
      return rests >= 8 && rows.slice(rests).filter((a) => a === 'che_견문').length >= 8;
    }, undefined, { timeout: 20_000 });
    await shot('play-pushed');
    // Pulled forward again (a negative push): the 견문 are at the front.
    await page.fill('#shift-amount', '-12');
    await page.click('#push');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('#queue tr[data-slot]')].map((r) => r.getAttribute('data-action'));
      return rows.findIndex((a) => a !== '휴식') < 4 && rows.slice(0, 8).filter((a) => a === 'che_견문').length >= 4;
    }, undefined, { timeout: 20_000 });
  });

  it('lets a chief reserve a nation command in the nation\'s 12-slot queue, which runs on the chief\'s turn', async () => {
    // A ruler no player holds (the web service's public view of the world), taken over (빙의) from the join form.
    const publicGenerals = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await fetch(`${url}api/tables/w1-c1/generals/${i + 1}`)).json() as Promise<{ id: number; officerLevel: number; owner: string | null }>));
    const ruler = publicGenerals.find((g) => g.officerLevel === 12 && !g.owner)!;
    await chief.goto(`${url}#/sign-in`);
    await chief.fill('#username', 'ruler');
    await chief.fill('#password', 'a long enough password');
    await chief.click('#sign-up');
    await chief.waitForSelector('#account >> text=ruler 님');
    await chief.goto(`${url}#/world/w1`);
    await chief.waitForSelector(`#possess-general option[value="${ruler.id}"]`, { state: 'attached', timeout: 30_000 });
    await chief.selectOption('#possess-general', String(ruler.id));
    await chief.click('#possess');
    await chief.waitForSelector('#nation-slots tr[data-slot="11"]', { timeout: 20_000 });
    expect(await chief.$$eval('#nation-slots tr[data-slot]', (rows) => rows.length)).toBe(12);

    // The third slot: shown for two months (12 s) before the chief's turns reach it.
    await chief.check('#nation-slots tr[data-slot="2"] input[type=checkbox]');
    await chief.selectOption('#nation-command', 'che_증축');
    await chief.click('#nation-reserve');
    await chief.waitForSelector('#nation-reserve-outcome >> text=접수되었습니다', { timeout: 20_000 });
    await chief.waitForSelector('#nation-slots tr[data-action="che_증축"]', { timeout: 10_000 });
    await chiefShot('play-chief-reserved');
    // The chief's turn takes it up: the chief's log says so (its progress, or why it cannot be done).
    await chief.waitForSelector('#general-log >> text=/증축/', { timeout: 60_000 });
    await chiefShot('play-chief-ran');

    // The nation as its ruler reads it: the treasury and the members; a troop created from the panel.
    await chief.waitForSelector('#nation-panel >> text=/금 [\\d,]+ · 쌀 [\\d,]+/', { timeout: 20_000 });
    expect(await chief.$$eval('#nation-members tr', (rows) => rows.length)).toBeGreaterThan(1);
    await chief.fill('#troop-name', '선봉대');
    await chief.click('#create-troop');
    await chief.waitForSelector(`#troops [data-troop="${ruler.id}"] >> text=/선봉대/`, { timeout: 20_000 });
    await chief.waitForSelector('#leave-troop');
    await chiefShot('play-chief-nation');
  });

  it('lets the ruler change the nation\'s settings and read its relations', async () => {
    await chief.waitForSelector('#nation-settings #set-rate', { timeout: 20_000 });
    expect(await chief.$$eval('#diplomacy tr[data-nation]', (rows) => rows.length)).toBeGreaterThan(0);
    const rate = Number(await chief.inputValue('#set-rate')) === 25 ? 20 : 25;
    await chief.fill('#set-rate', String(rate));
    await chief.click('#set-rate-set');
    await chief.waitForSelector(`#nation-panel >> text=/세율 ${rate}%/`, { timeout: 20_000 });
    await chief.fill('#set-notice', '북벌을 준비하라');
    await chief.click('#set-notice-set');
    await chief.waitForSelector('#nation-notice >> text=북벌을 준비하라', { timeout: 20_000 });
    // Out of bounds: refused in the game's words, nothing changed.
    await chief.fill('#set-rate', '99');
    await chief.click('#set-rate-set');
    await chief.waitForSelector('#error >> text=/^세율은 5~30 사이의 정수로 넣으십시오\.$/', { timeout: 20_000 });
    await chief.waitForSelector(`#nation-panel >> text=/세율 ${rate}%/`);
    await chiefShot('play-chief-settings');
    // 국기변경: the legacy's colours to choose from, each shown in its colour, not a number typed by hand.
    await chief.selectOption('#nation-command', 'che_국기변경');
    const colours = await chief.$$eval('#nation-arg-color-type option', (os) => os.map((o) => ({ words: o.textContent, colour: (o as HTMLElement).style.backgroundColor })));
    expect(colours).toHaveLength(33);
    expect(colours[0]).toEqual({ words: '색 1', colour: 'rgb(255, 0, 0)' });
  });

  it('carries a message from one player to another: the ruler writes, the newcomer reads it in the private mailbox', async () => {
    // The newcomer's general, as the mailbox lists the world's generals (the general list may be read once in 10 s: it comes on a later read).
    await chief.waitForSelector('#mail-to option >> text=새내기', { state: 'attached', timeout: 60_000 });
    const to = await chief.$eval('#mail-to', (select) => [...(select as HTMLSelectElement).options].find((o) => o.textContent === '새내기')!.value);
    await chief.selectOption('#mail-to', to);
    await chief.fill('#mail-text', '우리 나라에 오시오');
    await chief.click('#mail-send');
    await chief.waitForSelector('#mail-private >> text=/우리 나라에 오시오/', { timeout: 40_000 });
    await page.waitForSelector('#mail-private >> text=/우리 나라에 오시오/', { timeout: 40_000 });
    expect(await chief.textContent('#mail-public')).not.toContain('우리 나라에 오시오');
    await shot('play-message-received');
  });

  it('shows each player their own secrets and none of the other\'s: the queue, the purse, the log and the letters, in the page\'s text, attributes and hidden elements', async () => {
    // Secrets no page can show by chance: a nation's name reserved in each general's last slot (건국, run well after this test), a letter to a third general each.
    const secrets = {
      newcomer: { queue: '새내기밀계국', letter: '새내기의 밀서 7341' },
      ruler: { queue: '군주밀계국', letter: '군주의 밀서 9058' },
    };
    const reserveSecret = async (on: Page, name: string) => {
      await on.check('#queue tr[data-slot="29"] input[type=checkbox]');
      await on.selectOption('#command', 'che_건국');
      await on.fill('#arg-nation-name', name);
      await on.click('#reserve');
      await on.waitForSelector('#reserve-outcome >> text=접수되었습니다', { timeout: 20_000 });
      // In the last slot, or the one before once the general's turn has run meanwhile.
      const reserved = on.locator('#queue tr[data-slot]', { hasText: name });
      await reserved.waitFor({ timeout: 20_000 });
      // The reservation in the page's words: the nation type and the colour by name, no key.
      expect(await reserved.textContent()).toMatch(new RegExp(`건국 \\(국호 ${name}, 성향 [가-힣]+, 색 \\d+\\)$`));
    };
    const writeSecret = async (on: Page, to: string, words: string) => {
      const id = await on.$eval('#mail-to', (select, name) => [...(select as HTMLSelectElement).options].find((o) => o.textContent === name)!.value, to);
      await on.selectOption('#mail-to', id);
      await on.fill('#mail-text', words);
      await on.click('#mail-send');
      await on.waitForSelector(`#mail-private >> text=${words}`, { timeout: 40_000 });
    };
    // A third general each writes to: an NPC neither player holds.
    const others = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await fetch(`${url}api/tables/w1-c1/generals/${i + 1}`)).json() as Promise<{ name: string; owner: string | null; officerLevel: number }>));
    const third = others.find((g) => !g.owner && g.name !== '새내기' && g.officerLevel !== 12)!;
    await reserveSecret(page, secrets.newcomer.queue);
    await reserveSecret(chief, secrets.ruler.queue);
    await writeSecret(page, third.name, secrets.newcomer.letter);
    await writeSecret(chief, third.name, secrets.ruler.letter);

    /** Everything a page holds: its markup (every element, hidden or not, with its attributes) and each form field's value. */
    const everything = (on: Page) => on.evaluate(() => [document.documentElement.outerHTML, ...[...document.querySelectorAll('input, textarea, select')].map((e) => (e as HTMLInputElement).value)].join('\n'));
    /** A general's purse (each figure as its panel writes it: `금 1,080`) and its log lines (whole, and the words after the month) as its own page shows them. */
    const own = (on: Page) => on.evaluate(() => {
      const cells = [...document.querySelectorAll('#general-stats div')].map((d) => d.textContent ?? '');
      return {
        purse: cells.filter((c) => /^(금|쌀) [\d,]+$/.test(c)),
        log: [...document.querySelectorAll('#general-log div')].map((d) => ({ whole: d.textContent ?? '', words: (d.textContent ?? '').replace(/^\d+년 \d+월 /, '') })),
      };
    });
    // The public lines (the chronicle and the actions anyone reads, read before and after the pages) are nobody's secret: a line
    // of a general's own log that the world also hears (a unique item found: "<name>이 …을 습득했습니다!") is no leak.
    const publicLines = async () => {
      const view = ((await (await fetch(`${url}api/tables/w1-c1`)).json()) as TableDetail).view!;
      return [...view.history, ...view.actions].map((l) => l.text);
    };
    const heard = await publicLines();
    const read = { newcomer: await own(page), ruler: await own(chief) };
    const held = { newcomer: await everything(page), ruler: await everything(chief) };
    heard.push(...await publicLines());
    const isPublic = (words: string) => heard.some((line) => line.includes(words));
    for (const [me, other] of [['newcomer', 'ruler'], ['ruler', 'newcomer']] as const) {
      // Each sees its own: the reserved name, the letter, its purse and its log.
      expect(held[me]).toContain(secrets[me].queue);
      expect(held[me]).toContain(secrets[me].letter);
      expect(read[me].purse).toHaveLength(2);
      expect(read[me].log.length).toBeGreaterThan(0);
      // None of the other's: its reservation, its letter, its purse as an element shows it (a figure the two share tells nothing; a bare
      // number is no secret of its own), its log (less the lines both logs or the public hold).
      expect(held[me]).not.toContain(secrets[other].queue);
      expect(held[me]).not.toContain(secrets[other].letter);
      const theirPurse = read[other].purse.filter((figure) => !read[me].purse.includes(figure));
      expect(theirPurse.length).toBeGreaterThan(0);
      for (const figure of theirPurse) expect(held[me]).not.toContain(`>${figure}<`);
      const mine = new Set(read[me].log.map((l) => l.words));
      const theirLines = read[other].log.filter((l) => !isPublic(l.words) && !mine.has(l.words));
      expect(theirLines.length).toBeGreaterThan(0);
      for (const line of theirLines) {
        expect(held[me]).not.toContain(line.whole);
        expect(held[me]).not.toContain(line.words);
      }
    }
  });

  it('shows a player the resource auction another opened, and takes its bid from the page', async () => {
    type Purse = { name: string; gold: number; rice: number };
    const purse = (on: Page) => on.evaluate(async () => (await (await fetch('api/v1/worlds/w1/general')).json() as { general: Purse }).general);
    const players = [{ on: page, ...(await purse(page)) }, { on: chief, ...(await purse(chief)) }];
    // A lot of 100 the host can put up (rice beyond the 500 it keeps; gold), and a first bid of 60 the bidder can pay beyond the 1,000 it keeps.
    const plans = players.flatMap((host) => players.filter((b) => b !== host).flatMap((bidder) => [
      ...(host.rice >= 600 && bidder.gold >= 1_060 ? [{ host, bidder, kind: 'buyRice' }] : []),
      ...(host.gold >= 100 && bidder.rice >= 1_060 ? [{ host, bidder, kind: 'sellRice' }] : []),
    ]));
    expect(plans.length).toBeGreaterThan(0);
    const { host, bidder, kind } = plans[0]!;

    await host.on.waitForSelector('#auction-open', { timeout: 30_000 });
    await host.on.selectOption('#auction-open-kind', kind);
    await host.on.fill('#auction-open-amount', '100');
    await host.on.fill('#auction-open-turns', '24');
    await host.on.fill('#auction-open-start', '50');
    await host.on.fill('#auction-open-finish', '200');
    await host.on.click('#auction-open');
    const lot = `#auctions-${kind} tr[data-auction]:has-text("${host.name}")`;
    await host.on.waitForSelector(`${lot} >> text=내 경매`, { timeout: 30_000 });

    // The other player sees it on its own page, with the seller's name, and bids.
    await bidder.on.waitForSelector(lot, { timeout: 30_000 });
    const id = await bidder.on.getAttribute(lot, 'data-auction');
    await bidder.on.fill(`#bid-amount-${id}`, '60');
    await bidder.on.click(`#bid-${id}`);
    for (const on of [bidder.on, host.on]) await on.waitForSelector(`tr[data-auction="${id}"] >> text=60 (${bidder.name})`, { timeout: 30_000 });
    // The same bid again: refused in the game's words, the highest unchanged.
    await bidder.on.fill(`#bid-amount-${id}`, '60');
    await bidder.on.click(`#bid-${id}`);
    await bidder.on.waitForSelector('#error >> text=현재입찰가보다 높게 입찰해야 합니다.', { timeout: 20_000 });
    await bidder.on.screenshot({ path: path.join(SHOTS, 'play-auction.png'), fullPage: true });
  });

  it('says when the connection is lost and resumes by itself once the server is back', async () => {
    await page.waitForSelector('#live-state[data-live="up"]', { timeout: 20_000 });
    const lines = await page.$$eval('#general-log div', (ls) => ls.length);
    // The gateway crashes: the player's stream is cut.
    await gateway.kill();
    await page.waitForSelector('#live-state[data-live="down"] >> text=연결이 끊겼습니다', { timeout: 30_000 });
    await shot('play-connection-lost');
    gateway = start('apps/gateway/src/main.ts', gatewayEnv);
    await gateway.waitFor(/gateway public API on port \d+/, 90_000);
    // Back: the page says so without a reload, and reads what happened meanwhile (the general's turns went on).
    await page.waitForSelector('#live-state[data-live="up"]', { timeout: 60_000 });
    await page.waitForFunction((before) => document.querySelectorAll('#general-log div').length > before, lines, { timeout: 60_000 });
    await shot('play-connection-back');
  });

  it('fits a phone (390 px): the player\'s panel without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForSelector('#queue');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('play-phone');
  });
});

/// <reference lib="dom" />
// The web page's speed, in headless Chromium against the system (the log, snapshot and web
// services as processes on this machine's NATS and PostgreSQL): time to the first drawn map
// of a 1,200-general world, in-browser verification of a ~20,000-move finished chapter beside
// the same verification in this process, and the live feed's delay from a move's append to
// its line on the page.
import { LogClient, RequestClient, TableReplayer } from '@chronicle/bus';
import { ed25519PrivateKey, publicKeyHex, seedKey, Subjects } from '@chronicle/contracts';
import { engine, firstChapter, GameLog } from '@chronicle/engine';
import { defaultGames } from '@chronicle/games';
import { sammo } from '@chronicle/sammo';
import { connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, WorldDriver, type ServiceProcess } from '@chronicle/testing';
import { randomBytes } from 'node:crypto';
import { chromium, type Page } from 'playwright-core';
import { median, percentile, timed } from './machine';

const GAME_START = Date.UTC(2026, 0, 1);
/** A 1,200-general world ticked at each general's turn makes ~14,700 moves a game year: this many make ~20,000 in one. */
const CHAPTER_GENERALS = 1_632;
const RENDERS = 5;
const FEED_MOVES = 150;
const FEED_INTERVAL_MS = 50;

interface Figures {
  firstRenderMs: number | null;
  feedDelays: number[];
  verifyMs: number | null;
}
const figures = (page: Page) => page.evaluate(() => (window as unknown as { chronicle: Figures }).chronicle);

/** `npm run bench -- web [parts]`: `render,feed,verify` (all by default; verify plays ~20,000 moves first, minutes on a busy machine). */
export async function main(args: string[]): Promise<void> {
  const parts = new Set((args[0] ?? 'render,feed,verify').split(','));
  const prefix = uniquePrefix('bweb');
  const key = randomBytes(32).toString('hex');
  const signingKey = randomBytes(32).toString('hex');
  const db = await createTestDatabase();
  const nc = await connectNats();
  const services: ServiceProcess[] = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const env = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: key, HTTP_PORT: '0', LOG_LEVEL: 'info', NATS_PROVISION: 'true' };
    const publicKey = publicKeyHex(ed25519PrivateKey(signingKey));
    const start = async (entry: string, extra: Record<string, string>, ready: RegExp) => {
      const service = spawnService(entry, { ...env, ...extra });
      services.push(service);
      await service.waitFor(ready, 120_000);
      return service;
    };
    await start('apps/log-service/src/main.ts', { DATABASE_URL: db.url, OUTBOX_POLL_MS: '20', CHRONICLE_SIGNING_KEY: signingKey }, /log-service ready/);
    const [, web] = await Promise.all([
      start('apps/snapshot-service/src/main.ts', { CHRONICLE_LOG_PUBLIC_KEY: publicKey }, /snapshot-service ready/),
      start('apps/web/src/main.ts', { CHRONICLE_LOG_PUBLIC_KEY: publicKey, REFRESH_MS: '1000', PUBLIC_PORT: '0' }, /web page on port \d+/),
    ]);
    const url = `http://127.0.0.1:${/web page on port (\d+)/.exec(web.output())![1]}/`;
    const requests = new RequestClient(nc, new Subjects(prefix), 60_000);
    const log = new LogClient(requests);
    const seeds = new TableReplayer(log, seedKey(key), defaultGames());

    const results: Record<string, number> = {};

    // First render: a 1,200-general world a month in, followed as a world (`#/world/<id>`: the
    // world's newest chapter found, then its public view drawn), opened afresh each time.
    if (parts.has('render')) {
      const big = await WorldDriver.open(log, seeds, 'big', { world: 'synthetic', generals: 1_200, start: GAME_START, turnterm: 60 });
      await big.play(1);
      const renders: number[] = [];
      for (let i = 0; i < RENDERS; i++) {
        const page = await browser.newPage();
        await page.goto(`${url}#/world/big`);
        await page.waitForSelector('svg#map[data-revision="1"]', { timeout: 60_000 });
        renders.push((await figures(page)).firstRenderMs!);
        await page.close();
      }
      const firstRenderMs = median(renders);
      console.log(`first render of a 1,200-general world: ${renders.join(', ')} ms (median ${firstRenderMs})`);
      results.first_render_ms = Math.round(firstRenderMs);
    }

    // Feed delay: moves of a 1,200-general world appended at a steady pace while the page watches.
    if (parts.has('feed')) {
      const watcher = await browser.newPage();
      const feedDriver = await WorldDriver.open(log, seeds, 'feed', { world: 'synthetic', generals: 1_200, start: GAME_START, turnterm: 60 }, { pace: 'due', light: true });
      await watcher.goto(`${url}#/table/feed`);
      await watcher.waitForSelector('#world-status[data-status="open"]');
      for (let i = 0; i < FEED_MOVES; i++) {
        const next = Date.now() + FEED_INTERVAL_MS;
        await feedDriver.play(1);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      }
      const delays = await waitForDelays(watcher, FEED_MOVES);
      const sorted = [...delays].sort((a, b) => a - b);
      const feedP99 = percentile(sorted, 99);
      console.log(`feed: ${delays.length} moves at one per ${FEED_INTERVAL_MS} ms; append→display p50 ${percentile(sorted, 50)} ms, p99 ${feedP99} ms, max ${sorted.at(-1)} ms`);
      await watcher.close();
      results.feed_delay_p99_ms = Math.round(feedP99);
    }

    // Verification: a finished chapter of ~20,000 moves, in the browser and in this process.
    if (parts.has('verify')) {
      process.stdout.write(`playing a ${CHAPTER_GENERALS}-general chapter of one game year, a move at each general's turn… `);
      const chapter = await WorldDriver.open(log, seeds, 'chapter-c1', {
        world: 'synthetic', generals: CHAPTER_GENERALS, start: GAME_START, turnterm: 60, chapterYears: 1, ...firstChapter('chapter'),
      }, { pace: 'due', light: true });
      const playedAt = Date.now();
      while (!chapter.over) await chapter.play(500);
      const moves = chapter.local.revision;
      console.log(`${moves} moves appended in ${Math.round((Date.now() - playedAt) / 1_000)} s`);
      const finished = await log.finishedLog({ tableId: 'chapter-c1' });
      const inProcess = timed(() => engine.verify(sammo, GameLog.fromArray(finished.log), finished.commitment));
      const verifier = await browser.newPage();
      await verifier.goto(`${url}#/table/chapter-c1`);
      await verifier.waitForSelector('#world-status[data-status="finished"]', { timeout: 60_000 });
      await verifier.click('#verify');
      await verifier.waitForSelector('#verdict[data-verdict]', { timeout: 600_000 });
      const verdict = await verifier.textContent('#verdict');
      const verifyMs = (await figures(verifier)).verifyMs!;
      console.log(`verification of ${moves} moves: in Chromium ${verifyMs} ms (${verdict}); in this process ${Math.round(inProcess.ms)} ms; ratio ${(verifyMs / inProcess.ms).toFixed(2)}`);
      const per20k = (ms: number) => Math.round((ms * 20_000) / moves);
      results.verify_20k_moves_ms = per20k(verifyMs);
      console.log(`RESULT web_verify_inprocess verify_20k_moves_ms=${per20k(inProcess.ms)} moves=${moves} browser_to_inprocess=${(verifyMs / inProcess.ms).toFixed(2)}`);
    }
    const order = ['first_render_ms', 'verify_20k_moves_ms', 'feed_delay_p99_ms'].filter((k) => k in results);
    console.log(`RESULT web ${order.map((k) => `${k}=${results[k]}`).join(' ')}`);
  } finally {
    await browser.close();
    for (const service of services.reverse()) await service.stop();
    await removePrefixed(nc, prefix);
    await nc.drain();
    await db.drop();
  }
}

/** The page's feed delays once it has shown `count` moves (or what it has after 30 s). */
async function waitForDelays(page: Page, count: number): Promise<number[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const delays = (await figures(page)).feedDelays;
    if (delays.length >= count || Date.now() > deadline) return delays;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

import type { World } from '@chronicle/sammo';
import { wallTimeAt, type FeedItem, type FinishedLog, type LiveEvent, type TableDetail, type TableSummary } from '../src/view/api';
import type { CityDetails, GeneralDetails, WorldView } from '../src/view/world-view';
import { worldsOf, type WorldSummary } from '../src/view/worlds';
import { $, link, row, text } from './dom';
import { clearError, getJson, PageError, showError } from './http';
import { applyStatic, gameDate, lang, num, setLang, t } from './i18n';
import { drawLegend, drawMap } from './map';
import { play } from './play';
import type { Replayed } from './verify';

/** The engine and the game, loaded on the first verification (see replay.ts). */
const replaying = () => import('./replay');

/** Figures the browser tests and the benchmark read (`window.chronicle`). */
const figures = {
  /** ms from navigation start to the first map drawn. */
  firstRenderMs: null as number | null,
  /** For each move shown in the feed: ms from its recording by the log service to its display. */
  feedDelays: [] as number[],
  /** ms the last verification took. */
  verifyMs: null as number | null,
};
(window as unknown as { chronicle: typeof figures }).chronicle = figures;

const FEED_SHOWN = 200;

let live: EventSource | null = null;
/** The table shown, its latest summary and view; `world`: the world followed from chapter to chapter (null: one chapter). */
let current: { tableId: string; summary: TableSummary; view: WorldView | null; revision: number; world: string | null } | null = null;
/** A verified log being stepped through: the map then shows its state, not the live one. */
let scrubbing: { replay: Replayed } | null = null;
/** The worlds as last heard (the live `tables` event). */
let worlds: WorldSummary[] = [];

$('lang').addEventListener('click', () => {
  setLang(lang === 'ko' ? 'en' : 'ko');
  route();
});
window.addEventListener('hashchange', route);
applyStatic();
route();

function route(): void {
  clearError();
  live?.close();
  scrubbing = null;
  current = null;
  play.leave();
  $('sign-in-view').hidden = true;
  const table = /^#\/table\/([A-Za-z0-9_-]+)$/.exec(location.hash);
  const world = /^#\/world\/([A-Za-z0-9_-]+)$/.exec(location.hash);
  void play.account();
  if (location.hash !== '#/sign-in') play.cameFrom(location.hash);
  if (table) void showTable(table[1]!, null);
  else if (world) void showWorld(world[1]!);
  else if (location.hash === '#/sign-in') showSignIn();
  else void showWorlds();
}

function showSignIn(): void {
  $('worlds-view').hidden = true;
  $('world-view').hidden = true;
  $('sign-in-view').hidden = false;
  play.signInForm();
}

async function showWorlds(): Promise<void> {
  $('worlds-view').hidden = false;
  $('world-view').hidden = true;
  $('where').textContent = '';
  try {
    renderWorlds(await getJson<TableSummary[]>('api/tables'));
  } catch (error) {
    showError(error);
  }
  listen('api/live');
}

function statusText(summary: Pick<TableSummary, 'status' | 'reason'>): string {
  return summary.status === 'quarantined' ? `${t('quarantined')}: ${summary.reason}` : t(summary.status);
}

/** One row per world: its chapters in order (each a link), the newest one's date and status; the world's link follows it. */
function renderWorlds(tables: TableSummary[]): void {
  worlds = worldsOf(tables);
  $('no-worlds').hidden = worlds.length > 0;
  $('worlds').querySelector('tbody')!.replaceChildren(...worlds.map((w) => {
    const chapters = document.createElement('span');
    for (const c of w.chapters) {
      const a = link(`#/table/${c.tableId}`, String(c.number));
      a.dataset.table = c.tableId;
      a.title = t('chapter', { n: c.number });
      chapters.append(a, ' ');
    }
    const tr = row([
      link(`#/world/${w.worldId}`, w.worldId), w.gameId, chapters, w.current.date ?? '-', statusText(w.current), num(w.current.revision), num(w.current.movesPerSecond),
    ], w.current.tableId);
    tr.dataset.world = w.worldId;
    return tr;
  }));
}

/** Follows a world: shows its newest chapter, and the next one as soon as it opens. */
async function showWorld(worldId: string): Promise<void> {
  let world: WorldSummary;
  try {
    world = await getJson<WorldSummary>(`api/worlds/${encodeURIComponent(worldId)}`);
  } catch (error) {
    $('worlds-view').hidden = true;
    $('world-view').hidden = true;
    showError(error);
    return;
  }
  worlds = [...worlds.filter((w) => w.worldId !== worldId), world];
  await showTable(world.current.tableId, worldId);
}

async function showTable(tableId: string, world: string | null): Promise<void> {
  $('worlds-view').hidden = true;
  $('world-view').hidden = false;
  $('where').textContent = world ?? tableId;
  $('scrub').style.display = 'none';
  $('feed').replaceChildren();
  $('details').textContent = t('clickHint');
  $('verdict').textContent = '';
  delete $('verdict').dataset.verdict;
  $('verify-step').textContent = '';
  let detail: TableDetail;
  try {
    detail = await getJson<TableDetail>(`api/tables/${tableId}`);
  } catch (error) {
    $('world-view').hidden = true;
    showError(error);
    return;
  }
  current = { tableId, summary: detail.summary, view: detail.view, revision: detail.viewRevision, world: world ?? detail.summary.chapter?.world ?? null };
  renderSummary(detail.summary);
  renderChapters();
  if (detail.view) renderWorld(detail.view, detail.viewRevision);
  for (const item of detail.feed) addFeed(item, false);
  listen(`api/live?table=${encodeURIComponent(tableId)}`);
  if (current.world) {
    play.enter(current.world, {
      pickCity: (cityId) => pickedCity(cityId),
      redraw: () => current?.view && renderWorld(current.view, current.revision),
      wallTime: (game) => (current ? wallTimeAt(current.summary.clock, game) : game),
    });
  }
}

/** The city a join form picked: drawn outlined. */
let picked: number | null = null;
function pickedCity(cityId: number | null): void {
  picked = cityId;
  if (current?.view && !scrubbing) renderWorld(current.view, current.revision);
}

function renderChapters(): void {
  const box = $('chapters');
  const world = current?.world ? worlds.find((w) => w.worldId === current!.world) : undefined;
  box.replaceChildren();
  $('world-verify').hidden = !world?.chapters.some((c) => c.status === 'finished');
  if (!world || !current) return;
  box.append(link(`#/world/${world.worldId}`, `${t('follow')}: ${world.worldId}`), ' · ', `${t('chapters')}: `);
  for (const c of world.chapters) {
    const a = link(`#/table/${c.tableId}`, String(c.number));
    if (c.tableId === current.tableId) a.setAttribute('aria-current', 'page');
    // A finished chapter's page has its verifier.
    if (c.status === 'finished') a.title = t('verifyChapter', { n: c.number });
    a.dataset.status = c.status;
    box.append(a, ' ');
  }
}

/** Every finished chapter of the world followed, verified in order with the links between them (as `chronicle verify-world`). */
async function verifyWholeWorld(): Promise<void> {
  if (!current?.world) return;
  const verdict = $('world-verdict');
  const bar = $<HTMLProgressElement>('verify-world-progress');
  const step = $('verify-world-step');
  verdict.textContent = '';
  delete verdict.dataset.verdict;
  step.textContent = 'loading the logs…';
  try {
    // The world's chapters as the service knows them now (the list the page holds may be a summary behind).
    const world = await getJson<WorldSummary>(`api/worlds/${encodeURIComponent(current.world)}`);
    const finished = world.chapters.filter((c) => c.status === 'finished');
    const [logs, { verifyWorld }] = await Promise.all([
      Promise.all(finished.map(async (c) => {
        const log = await getJson<FinishedLog>(`api/tables/${c.tableId}/log`);
        return { tableId: c.tableId, commitment: log.commitment, finished: log };
      })),
      replaying(),
    ]);
    const result = await verifyWorld(world.worldId, logs, (chapter, done, total) => {
      bar.max = Math.max(total, 1);
      bar.value = done;
      step.textContent = `chapter ${chapter} of ${logs.length}: replaying move ${done} of ${total}`;
    });
    step.textContent = '';
    verdict.dataset.verdict = result.verified ? 'verified' : 'refused';
    verdict.textContent = `${result.verified ? 'Verified' : 'Refused'}: ${result.reason}.`;
    verdict.lang = 'en';
  } catch (error) {
    step.textContent = '';
    showError(error);
  }
}
$('verify-world').addEventListener('click', () => void verifyWholeWorld());

function listen(url: string): void {
  live?.close();
  const source = new EventSource(url);
  live = source;
  source.onopen = () => clearError();
  source.onerror = () => showError(new PageError(t('reconnecting')));
  for (const kind of ['tables', 'move', 'view', 'table'] as const) {
    source.addEventListener(kind, (message) => onLive(JSON.parse((message as MessageEvent<string>).data) as LiveEvent));
  }
}

function onLive(event: LiveEvent): void {
  if (event.kind === 'tables') {
    if (!current) renderWorlds(event.tables);
    else {
      worlds = worldsOf(event.tables);
      const mine = event.tables.find((s) => s.tableId === current!.tableId);
      if (mine) renderSummary(mine);
      // Following a world: its next chapter opened, so the page goes on with it.
      const followed = /^#\/world\//.test(location.hash) && current.world ? worlds.find((w) => w.worldId === current!.world) : undefined;
      if (followed && followed.current.tableId !== current.tableId && !scrubbing) void showTable(followed.current.tableId, followed.worldId);
      else renderChapters();
    }
    return;
  }
  if (!current) return;
  if (event.kind === 'move') {
    current.summary.revision = Math.max(current.summary.revision, event.move.revision);
    if (event.feed) addFeed(event.feed, true);
    renderSummary(current.summary);
  } else if (event.kind === 'view') {
    current.view = event.view;
    current.revision = event.revision;
    current.summary.date = event.view.date;
    if (!scrubbing) renderWorld(event.view, event.revision);
    for (const item of event.feed) addFeed(item, false);
    renderSummary(current.summary);
  } else {
    renderSummary(event.summary);
    addFeed(event.feed, false);
  }
}

function renderSummary(summary: TableSummary): void {
  if (current) current.summary = summary;
  $('world-title').textContent = summary.chapter ? t('chapterOf', { world: summary.chapter.world, n: summary.chapter.number }) : summary.tableId;
  if (!scrubbing) $('world-date').textContent = current?.view ? gameDate(current.view.year, current.view.month) : summary.date ?? '';
  $('world-status').textContent = `${summary.tableId} · ${statusText(summary)} · ${t('revision')} ${num(summary.revision)} · ${num(summary.movesPerSecond)} ${t('movesPerSecond')}`;
  $('world-status').dataset.status = summary.status;
  // The operators' notice, as text: whatever it holds is never markup here.
  $('world-notice-text').textContent = summary.notice ?? '';
  $('world-notice').hidden = summary.notice === null;
  $('verify-panel').hidden = summary.status === 'open';
  $('public-note').hidden = summary.status === 'finished' || summary.gameId !== 'sammo';
  $('commitment').textContent = summary.commitment;
  $<HTMLAnchorElement>('download').href = `api/tables/${summary.tableId}/log`;
}

function renderWorld(view: WorldView, revision: number, local?: World): void {
  drawMap($('map') as unknown as SVGSVGElement, view, revision, (cityId) => (play.picking() ? play.pick(cityId) : void showCity(cityId, local)), play.picking() ? picked : null);
  drawLegend($('legend'), view);
  const full = view.visibility === 'full';
  for (const th of $('nations').querySelectorAll<HTMLElement>('th.full')) th.hidden = !full;
  $('nations').querySelector('tbody')!.replaceChildren(...view.nations.map((n) => {
    const cells = ['', num(n.cities), num(n.generals), num(n.power)];
    if (full) cells.push(num(n.gold ?? 0), num(n.rice ?? 0), num(n.tech ?? 0));
    const tr = row(cells);
    for (const td of [...tr.cells].slice(1)) td.className = 'n';
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = n.color;
    tr.cells[0]!.append(swatch, n.name);
    tr.dataset.nation = String(n.id);
    return tr;
  }));
  if (!scrubbing) $('world-date').textContent = gameDate(view.year, view.month);
  if (figures.firstRenderMs === null) figures.firstRenderMs = Math.round(performance.now());
}

/** A feed line in plain words: the game's own lines as they are, the rest in the reader's language. */
function feedText(item: FeedItem): string {
  switch (item.kind) {
    case 'move': return t(item.by === 'time' ? 'moveTime' : item.by === 'player' ? 'movePlayer' : 'moveUndo', { n: item.number });
    case 'month': return t('monthBegins', { date: gameDate(item.year, item.month) });
    case 'event': case 'action': return `${gameDate(item.year, item.month)} ${item.text}`;
    case 'nation': return t(item.change === 'founded' ? 'founded' : 'fallen', { name: item.name });
    case 'table': return t(item.change === 'opened' ? 'tableOpened' : item.change === 'finished' ? 'tableFinished' : 'tableQuarantined', { detail: item.detail ?? '' });
  }
}

function addFeed(item: FeedItem, isMove: boolean): void {
  if (isMove) figures.feedDelays.push(Date.now() - Date.parse(item.recordedAt));
  const feed = $('feed');
  // Time passing move after move is one line: "수 145–158: 시간이 흘렀습니다".
  const top = feed.firstElementChild as HTMLElement | null;
  if (item.kind === 'move' && item.by === 'time' && top?.dataset.by === 'time') {
    const from = Number(top.dataset.from);
    top.dataset.move = String(item.number);
    top.dataset.seq = String(item.seq);
    top.textContent = t('moveTime', { n: from === item.number ? String(item.number) : `${num(from)}–${num(item.number)}` });
    return;
  }
  const line = document.createElement('div');
  line.className = item.kind;
  line.dataset.seq = String(item.seq);
  if (item.kind === 'move') {
    line.dataset.move = String(item.number);
    line.dataset.from = String(item.number);
    line.dataset.by = item.by;
  }
  line.textContent = feedText(item);
  feed.prepend(line);
  while (feed.childElementCount > FEED_SHOWN) feed.lastElementChild!.remove();
}

async function showCity(cityId: number, local?: World): Promise<void> {
  try {
    const city = local ? (await replaying()).localCity(local, cityId) : await getJson<CityDetails>(`api/tables/${current!.tableId}/cities/${cityId}`);
    if (!city) throw new PageError(`There is no city ${cityId} in this world.`);
    const box = $('details');
    box.className = '';
    const figures: string[] = [`${t('level')} ${city.level}`];
    if (city.pop !== null) figures.push(`${t('population')} ${num(city.pop)} / ${num(city.popMax ?? 0)}`);
    if (city.agri !== null) figures.push(`${t('agri')} ${num(city.agri)}`, `${t('comm')} ${num(city.comm ?? 0)}`, `${t('secu')} ${num(city.secu ?? 0)}`,
      `${t('def')} ${num(city.def ?? 0)}`, `${t('wall')} ${num(city.wall ?? 0)}`, `${t('trust')} ${num(city.trust ?? 0)}`);
    box.replaceChildren(text('strong', `${city.name} (${city.nationName})${city.front ? ` · ${t('front')}` : ''}`), text('div', figures.join(' · ')));
    if (city.generals) {
      box.append(text('div', `${t('generals')} ${num(city.generals.length)}:`));
      const list = document.createElement('div');
      for (const g of city.generals) {
        const a = link('#', g.name);
        a.dataset.general = String(g.id);
        a.addEventListener('click', (e) => {
          e.preventDefault();
          void showGeneral(g.id, local);
        });
        list.append(a, ' ');
      }
      box.append(list);
    } else {
      box.append(text('div', `${t('generals')}: ${t('hidden')}`));
    }
  } catch (error) {
    showError(error);
  }
}

async function showGeneral(generalId: number, local?: World): Promise<void> {
  try {
    const g = local ? (await replaying()).localGeneral(local, generalId) : await getJson<GeneralDetails>(`api/tables/${current!.tableId}/generals/${generalId}`);
    if (!g) throw new PageError(`There is no general ${generalId} in this world.`);
    const lines = [
      text('strong', `${g.name} (${g.nationName} ${g.officerTitle}${g.cityName ? `, ${t('inCity', { city: g.cityName })}` : ''})${g.owner ? ` · ${t('playedBy', { who: g.owner })}` : ''}`),
      text('div', `${t('leadership')} ${g.leadership} · ${t('strength')} ${g.strength} · ${t('intel')} ${g.intel} · ${t('age')} ${g.age} · ${t('injury')} ${g.injury}`),
      text('div', `${t('explevel')} ${g.explevel} · ${t('dedlevel')} ${g.dedlevel}`),
    ];
    if (g.gold !== null) {
      lines.push(text('div', `${t('gold')} ${num(g.gold)} · ${t('rice')} ${num(g.rice ?? 0)} · ${t('crew')} ${num(g.crew ?? 0)} · ${t('experience')} ${num(g.experience ?? 0)} · ${t('dedication')} ${num(g.dedication ?? 0)}`));
      lines.push(text('div', `${t('nextCommands')}: ${g.queue?.join(', ') || t('none')}`));
    }
    $('details').replaceChildren(...lines);
  } catch (error) {
    showError(error);
  }
}

// Verification: the chapter's own log from the service, or a file the visitor has.
$('verify').addEventListener('click', () => void verify(async () => {
  const finished = await getJson<FinishedLog>(`api/tables/${current!.tableId}/log`);
  return { raw: finished.log, served: finished };
}));
$<HTMLInputElement>('verify-file').addEventListener('change', (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (!file) return;
  void verify(async () => {
    let raw: unknown;
    try {
      raw = JSON.parse(await file.text());
    } catch {
      throw new PageError(`${file.name} is not JSON: a log file is what "Download its log" gives.`);
    }
    // Checked against this table's opening commitment and what the log service stored, never against what the file says.
    const finished = await getJson<FinishedLog>(`api/tables/${current!.tableId}/log`).catch(() => null);
    return { raw, served: finished };
  });
});

async function verify(load: () => Promise<{ raw: unknown; served: FinishedLog | null }>): Promise<void> {
  if (!current) return;
  const verdict = $('verdict');
  const bar = $<HTMLProgressElement>('verify-progress');
  verdict.textContent = '';
  delete verdict.dataset.verdict;
  $('verify-step').textContent = 'loading the log…';
  try {
    const [{ raw, served }, { verifyLog }] = await Promise.all([load(), replaying()]);
    const started = performance.now();
    const result = await verifyLog(raw, current.summary.commitment, served, (done, total) => {
      bar.max = Math.max(total, 1);
      bar.value = done;
      $('verify-step').textContent = `replaying move ${done} of ${total}`;
    });
    figures.verifyMs = Math.round(performance.now() - started);
    $('verify-step').textContent = '';
    verdict.dataset.verdict = result.verified ? 'verified' : 'refused';
    verdict.textContent = `${result.verified ? 'Verified' : 'Refused'}: ${result.reason}.`;
    verdict.lang = 'en';
    if (result.verified) startScrubbing(result.replay);
  } catch (error) {
    $('verify-step').textContent = '';
    showError(error);
  }
}

function startScrubbing(replay: Replayed): void {
  scrubbing = { replay };
  const scrubber = $<HTMLInputElement>('scrubber');
  scrubber.max = String(replay.moves);
  scrubber.value = String(replay.moves);
  $('scrub').style.display = 'block';
  void showMove(replay.moves);
}

async function showMove(move: number): Promise<void> {
  if (!scrubbing) return;
  const { replay } = scrubbing;
  const at = Math.max(0, Math.min(replay.moves, move));
  $<HTMLInputElement>('scrubber').value = String(at);
  const reached = (await replaying()).worldAt(replay, at);
  const view = reached?.view;
  if (reached) {
    renderWorld(reached.view, at, reached.world);
    $('world-date').textContent = gameDate(reached.view.year, reached.view.month);
  }
  const label = $('scrub-label');
  label.textContent = `${t('moveOf', { n: at, total: replay.moves })}${view ? ` · ${gameDate(view.year, view.month)}` : ''}`;
  label.dataset.move = String(at);
}

$('scrubber').addEventListener('input', (e) => void showMove(Number((e.target as HTMLInputElement).value)));
$('scrub-prev').addEventListener('click', () => void showMove(Number($<HTMLInputElement>('scrubber').value) - 1));
$('scrub-next').addEventListener('click', () => void showMove(Number($<HTMLInputElement>('scrubber').value) + 1));
$('scrub-live').addEventListener('click', () => {
  scrubbing = null;
  $('scrub').style.display = 'none';
  if (current?.view) renderWorld(current.view, current.revision);
  if (current) renderSummary(current.summary);
});

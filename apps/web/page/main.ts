import type { World } from '@chronicle/sammo';
import type { FeedItem, FinishedLog, LiveEvent, TableDetail, TableSummary } from '../src/view/api';
import type { CityDetails, GeneralDetails, WorldView } from '../src/view/world-view';
import { clearError, getJson, PageError, showError } from './http';
import { drawMap } from './map';
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

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const FEED_SHOWN = 200;

let live: EventSource | null = null;
/** The table shown, its latest summary and view. */
let current: { tableId: string; summary: TableSummary; view: WorldView | null; revision: number } | null = null;
/** A verified log being stepped through: the map then shows its state, not the live one. */
let scrubbing: { replay: Replayed } | null = null;

window.addEventListener('hashchange', route);
route();

function route(): void {
  clearError();
  live?.close();
  scrubbing = null;
  current = null;
  const match = /^#\/table\/([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (match) void showTable(match[1]!);
  else void showWorlds();
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

function renderWorlds(tables: TableSummary[]): void {
  $('no-worlds').hidden = tables.length > 0;
  $('worlds').querySelector('tbody')!.replaceChildren(...tables.map((t) => row([
    link(`#/table/${t.tableId}`, t.tableId), t.chapter ? `${t.chapter.world} #${t.chapter.number}` : '-', t.gameId, t.date ?? '-',
    t.status === 'quarantined' ? `quarantined: ${t.reason}` : t.status, String(t.revision), String(t.movesPerSecond),
  ], t.tableId)));
}

async function showTable(tableId: string): Promise<void> {
  $('worlds-view').hidden = true;
  $('world-view').hidden = false;
  $('where').textContent = tableId;
  $('scrub').style.display = 'none';
  $('feed').replaceChildren();
  $('details').textContent = 'Click a city or a general.';
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
  current = { tableId, summary: detail.summary, view: detail.view, revision: detail.viewRevision };
  renderSummary(detail.summary);
  if (detail.view) renderWorld(detail.view, detail.viewRevision);
  for (const item of detail.feed) addFeed(item, false);
  listen(`api/live?table=${encodeURIComponent(tableId)}`);
}

function listen(url: string): void {
  live?.close();
  const source = new EventSource(url);
  live = source;
  source.onopen = () => clearError();
  source.onerror = () => showError(new PageError('The live feed is cut: the web service cannot be reached (the page keeps trying).'));
  for (const kind of ['tables', 'move', 'view', 'table'] as const) {
    source.addEventListener(kind, (message) => onLive(JSON.parse((message as MessageEvent<string>).data) as LiveEvent));
  }
}

function onLive(event: LiveEvent): void {
  if (event.kind === 'tables') {
    if (!current) renderWorlds(event.tables);
    else {
      const mine = event.tables.find((t) => t.tableId === current!.tableId);
      if (mine) renderSummary(mine);
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
  $('world-title').textContent = summary.chapter ? `${summary.chapter.world}, chapter ${summary.chapter.number}` : summary.tableId;
  if (!scrubbing) $('world-date').textContent = summary.date ?? '';
  const status = summary.status === 'quarantined' ? `quarantined: ${summary.reason}` : summary.status;
  $('world-status').textContent = `${summary.tableId} · ${status} · revision ${summary.revision} · ${summary.movesPerSecond} moves/s`;
  $('world-status').dataset.status = summary.status;
  $('verify-panel').hidden = summary.status === 'open';
  $('commitment').textContent = summary.commitment;
  $<HTMLAnchorElement>('download').href = `api/tables/${summary.tableId}/log`;
}

function renderWorld(view: WorldView, revision: number, local?: World): void {
  drawMap($('map') as unknown as SVGSVGElement, view, revision, (cityId) => void showCity(cityId, local));
  $('nations').querySelector('tbody')!.replaceChildren(...view.nations.map((n) => {
    const tr = row(['', String(n.cities), String(n.generals), n.gold.toLocaleString(), n.rice.toLocaleString(), String(n.tech), n.power.toLocaleString()]);
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = n.color;
    tr.cells[0]!.append(swatch, n.name);
    tr.dataset.nation = String(n.id);
    return tr;
  }));
  if (figures.firstRenderMs === null) figures.firstRenderMs = Math.round(performance.now());
}

function addFeed(item: FeedItem, isMove: boolean): void {
  const line = document.createElement('div');
  line.className = item.kind;
  line.dataset.seq = String(item.seq);
  line.textContent = item.text;
  const feed = $('feed');
  feed.prepend(line);
  while (feed.childElementCount > FEED_SHOWN) feed.lastElementChild!.remove();
  if (isMove) figures.feedDelays.push(Date.now() - Date.parse(item.recordedAt));
}

async function showCity(cityId: number, local?: World): Promise<void> {
  try {
    const city = local ? (await replaying()).localCity(local, cityId) : await getJson<CityDetails>(`api/tables/${current!.tableId}/cities/${cityId}`);
    if (!city) throw new PageError(`There is no city ${cityId} in this world.`);
    const box = $('details');
    box.className = '';
    box.replaceChildren(
      text('strong', `${city.name} (${city.nationName})${city.front ? ' · on the front' : ''}`),
      text('div', `population ${city.pop.toLocaleString()} / ${city.popMax.toLocaleString()} · farming ${city.agri} · commerce ${city.comm} · security ${city.secu}`),
      text('div', `defence ${city.def} · wall ${city.wall} · trust ${city.trust}`),
      text('div', `${city.generals.length} generals:`),
    );
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
  } catch (error) {
    showError(error);
  }
}

async function showGeneral(generalId: number, local?: World): Promise<void> {
  try {
    const g = local ? (await replaying()).localGeneral(local, generalId) : await getJson<GeneralDetails>(`api/tables/${current!.tableId}/generals/${generalId}`);
    if (!g) throw new PageError(`There is no general ${generalId} in this world.`);
    $('details').replaceChildren(
      text('strong', `${g.name} (${g.nationName}, in ${g.cityName})${g.owner ? ` · played by ${g.owner}` : ''}`),
      text('div', `leadership ${g.leadership} · strength ${g.strength} · intel ${g.intel} · officer level ${g.officerLevel} · age ${g.age}`),
      text('div', `gold ${g.gold} · rice ${g.rice} · crew ${g.crew} · experience ${g.experience} · dedication ${g.dedication} · injury ${g.injury}`),
      text('div', `next commands: ${g.queue.join(', ') || '-'}`),
    );
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
    $('world-date').textContent = reached.view.date;
  }
  const label = $('scrub-label');
  label.textContent = `move ${at} of ${replay.moves}${view ? ` · ${view.date}` : ''}`;
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

function row(cells: Array<string | Node>, key?: string): HTMLTableRowElement {
  const tr = document.createElement('tr');
  if (key) tr.dataset.table = key;
  for (const cell of cells) {
    const td = document.createElement('td');
    td.append(cell);
    tr.append(td);
  }
  return tr;
}

function link(href: string, label: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = label;
  return a;
}

function text(tag: string, content: string): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = content;
  return el;
}

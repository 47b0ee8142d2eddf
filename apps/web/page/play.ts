import { $, button, link, row, text } from './dom';
import { clearError, showError } from './http';
import { gameDate, num, realTime, t } from './i18n';
import { nationPanel } from './nation-panel';
import { playerApi, Refusal, type Account, type ChiefQueue, type Constants, type FrontInfo, type Line, type Queue } from './player-api';

/**
 * The player's side of a world: signing in, joining (a new general with a city picked on the
 * map, or an NPC), their general, its log and its 30-slot queue with a command picker, and a
 * chief's nation queue. Everything through the players' API (`player-api.ts`); refusals are
 * shown in the gateway's words.
 */

/** The legacy's General/Join limits (the gateway checks them too): each stat 15–80, at most 150 together. */
const STAT_MIN = 15;
const STAT_MAX = 80;
const STAT_TOTAL = 150;
const QUEUE_SLOTS = 30;
/** A chief's nation queue (the legacy's maxChiefTurn). */
const CHIEF_SLOTS = 12;
/** How often the panel reads the seat's view again without the gateway's event stream, and with it (a safety net). */
const REFRESH_MS = 2_000;
const REFRESH_LIVE_MS = 15_000;
/** The legacy's general list may be read once in 10 s. */
const NPC_LIST_RETRY_MS = 10_500;

/** The argument a command takes, by the legacy's argument names (libs/sammo's commands). */
type ArgKind = 'none' | 'city' | 'crew' | 'amountGold' | 'general' | 'nation';
const CITY_COMMANDS = new Set(['che_이동', 'che_강행', 'che_출병', 'che_첩보', 'che_화계', 'che_선동', 'che_파괴', 'che_탈취', 'che_천도', 'che_허보', 'che_수몰', 'che_백성동원', 'che_초토화']);
const CREW_COMMANDS = new Set(['che_징병', 'che_모병']);
const GENERAL_COMMANDS = new Set(['che_선양', 'che_증여', 'che_장수대상임관']);
const NATION_COMMANDS = new Set(['che_임관', 'che_선전포고', 'che_불가침제의', 'che_종전제의', 'che_불가침파기제의', 'che_피장파장']);
function argKind(command: string): ArgKind {
  if (CITY_COMMANDS.has(command)) return 'city';
  if (CREW_COMMANDS.has(command)) return 'crew';
  if (command === 'che_헌납') return 'amountGold';
  if (GENERAL_COMMANDS.has(command)) return 'general';
  if (NATION_COMMANDS.has(command)) return 'nation';
  return 'none';
}

interface Hooks {
  /** Outline the city a form picked on the map (null: none). */
  pickCity(cityId: number | null): void;
  redraw(): void;
  /** The wall time at which the world's game time reaches `game` (a world may run faster than the wall). */
  wallTime(game: number): number;
}

let account: Account | null = null;
let accountRead: Promise<void> = Promise.resolve();
/** Where sign-in returns to: the page the visitor came from. */
let returnTo = '#/';
let world: string | null = null;
let hooks: Hooks | null = null;
let timer: number | undefined;
/** While a form wants a city from the map: what to do with it. */
let picking: ((cityId: number) => void) | null = null;
let constants: Constants | null = null;
let selected = new Set<number>();
/** The chief's selected nation-queue slots. */
let selectedNation = new Set<number>();
/** The general's leadership: a conscription raises at most 100 soldiers per point. */
let leadership = 50;
let wasDown = false;
/** The seat's live stream (the gateway's `worlds/:world/events`), while it works. */
let stream: EventSource | null = null;
let streamUp = false;

export const play = {
  account(): Promise<void> {
    accountRead = playerApi.me().catch(() => null).then((a) => {
      account = a;
      renderAccount();
    });
    return accountRead;
  },

  /** The page a sign-in returns to. */
  cameFrom(hash: string): void {
    returnTo = hash || '#/';
  },

  signInForm(): void {
    const form = $<HTMLFormElement>('sign-in-form');
    const submit = async (signUp: boolean) => {
      try {
        clearError();
        account = await playerApi.signIn($<HTMLInputElement>('username').value, $<HTMLInputElement>('password').value, signUp);
        renderAccount();
        location.hash = returnTo;
      } catch (error) {
        showRefusal(error);
      }
    };
    form.onsubmit = (e) => {
      e.preventDefault();
      void submit(false);
    };
    $('sign-up').onclick = () => void submit(true);
  },

  enter(worldId: string, h: Hooks): void {
    world = worldId;
    hooks = h;
    void refresh();
  },

  leave(): void {
    world = null;
    picking = null;
    selected = new Set();
    selectedNation = new Set();
    window.clearTimeout(timer);
    stream?.close();
    stream = null;
    streamUp = false;
    $('play').hidden = true;
    $('play').replaceChildren();
    delete $('play').dataset.mode;
  },

  picking: () => picking !== null,
  pick(cityId: number): void {
    picking?.(cityId);
  },
};

function renderAccount(): void {
  const box = $('account');
  if (account) {
    box.replaceChildren(t('signedInAs', { name: account.username }), ' ', button(t('signOut'), () => void playerApi.signOut().then(() => {
      account = null;
      renderAccount();
      play.leave();
    }), 'sign-out'));
  } else {
    box.replaceChildren(link('#/sign-in', t('signIn')));
  }
}

function showRefusal(error: unknown): void {
  showError(error instanceof Refusal ? Object.assign(new Error(error.message), { name: 'Refusal' }) : error);
  const box = $('error');
  if (error instanceof Refusal) box.textContent = error.field ? `${error.message} (${error.field})` : error.message;
}

/** Reads the seat's view again: the join form for a newcomer, else the general, queue and log. */
async function refresh(): Promise<void> {
  const here = world;
  window.clearTimeout(timer);
  await accountRead;
  if (!here || !account) {
    $('play').hidden = true;
    return;
  }
  try {
    const front = await playerApi.general(here);
    if (world !== here) return;
    const [queue, log] = await Promise.all([playerApi.commands(here), playerApi.log(here, 'general')]);
    constants ??= await playerApi.constants(here);
    if (world !== here) return;
    wasDown = false;
    renderPlayer(here, front, queue, log.lines);
    listen(here);
    if (front.general && front.general.nation !== 0) await renderNation(here, front.general);
    if (front.general && front.general.officerLevel >= 5) await renderChiefQueue(here, front.general.officerLevel);
  } catch (error) {
    if (error instanceof Refusal && error.code === 'NOT_JOINED') renderJoin(here);
    else if (error instanceof Refusal && error.status === 404) $('play').hidden = true;
    else setLive(false);
  }
  if (world === here) timer = window.setTimeout(() => void refresh(), streamUp ? REFRESH_LIVE_MS : REFRESH_MS);
}

/**
 * Follows the seat's live stream: the general's or nation's new log lines (its turns ran),
 * an intent's outcome or the next chapter read the panel again, at most once a second (the
 * world's public moves alone do not: the panel is the seat's). A lost stream says so and
 * resumes (EventSource reconnects with `Last-Event-ID`); a gateway without the stream leaves
 * the panel to its regular reads.
 */
function listen(here: string): void {
  if (stream) return;
  const source = new EventSource(`api/v1/worlds/${encodeURIComponent(here)}/events`);
  stream = source;
  let opened = false;
  let pending = false;
  let last = 0;
  const soon = () => {
    if (pending) return;
    pending = true;
    window.setTimeout(() => {
      pending = false;
      last = Date.now();
      if (world === here) void refresh();
    }, Math.max(100, last + 1_000 - Date.now()));
  };
  source.onopen = () => {
    opened = true;
    streamUp = true;
    setLive(true);
  };
  source.onerror = () => {
    streamUp = false;
    if (!opened) {
      // No stream here (not served, or refused): the regular reads keep the panel current.
      source.close();
      return;
    }
    setLive(false);
  };
  for (const kind of ['log', 'outcome', 'chapter']) source.addEventListener(kind, soon);
}

function setLive(up: boolean): void {
  wasDown = !up;
  const state = document.getElementById('live-state');
  if (!state) return;
  state.dataset.live = up ? 'up' : 'down';
  state.textContent = up ? t('live') : t('reconnecting');
}

function renderJoin(here: string): void {
  const box = $('play');
  box.hidden = false;
  if (box.dataset.mode === 'join') return;
  box.dataset.mode = 'join';
  let cityId: number | null = null;
  const stat = (id: string, label: string, value: number) => {
    const input = document.createElement('input');
    input.type = 'number';
    input.id = id;
    input.min = String(STAT_MIN);
    input.max = String(STAT_MAX);
    input.value = String(value);
    const l = document.createElement('label');
    l.append(`${label} `, input);
    return { l, input };
  };
  const name = document.createElement('input');
  name.id = 'join-name';
  name.maxLength = 18;
  name.required = true;
  const nameLabel = document.createElement('label');
  nameLabel.append(`${t('name')} `, name);
  const stats = [stat('join-leadership', t('leadership'), 50), stat('join-strength', t('strength'), 50), stat('join-intel', t('intel'), 50)];
  const total = text('span', '');
  total.id = 'join-total';
  const update = () => {
    const sum = stats.reduce((s, x) => s + Number(x.input.value || 0), 0);
    total.textContent = t('statsTotal', { total: sum, max: STAT_TOTAL });
    total.className = sum > STAT_TOTAL ? 'unavailable' : '';
  };
  for (const s of stats) s.input.addEventListener('input', update);
  update();
  const city = text('div', t('pickCity'));
  city.id = 'join-city';
  picking = (id) => {
    cityId = id;
    city.textContent = `${t('city')}: #${id}`;
    city.dataset.city = String(id);
    hooks?.pickCity(id);
  };
  hooks?.redraw();
  const form = document.createElement('form');
  form.className = 'stack';
  form.append(nameLabel, ...stats.map((s) => s.l), total, city, button(t('joinButton'), () => void join(), 'join'));
  const npcs = document.createElement('select');
  npcs.id = 'possess-general';
  const possess = document.createElement('div');
  possess.append(`${t('possess')}: `, npcs, ' ', button(t('possessButton'), () => void takeOver(), 'possess'));
  box.replaceChildren(text('h3', t('join')), text('p', t('notJoined')), form, possess);
  // The NPCs no player holds. The legacy lets the general list be read once in 10 s: a refusal says when, and the list is asked again then.
  const loadNpcs = (tries: number): void => void playerApi.generals(here).then((list) => {
    npcs.replaceChildren(...list.filter((g) => g.npc >= 2 && !g.ownerName).slice(0, 200).map((g) => {
      const o = document.createElement('option');
      o.value = String(g.id);
      o.textContent = `${g.name} (${g.leadership}/${g.strength}/${g.intel})`;
      return o;
    }));
  }).catch((error: unknown) => {
    if (tries > 0 && error instanceof Refusal && world === here) window.setTimeout(() => loadNpcs(tries - 1), NPC_LIST_RETRY_MS);
    else showRefusal(error);
  });
  loadNpcs(3);

  const done = () => {
    picking = null;
    hooks?.pickCity(null);
    delete box.dataset.mode;
    void refresh();
  };
  async function join(): Promise<void> {
    try {
      clearError();
      const [leadership, strength, intel] = stats.map((s) => Number(s.input.value));
      await playerApi.join(here, { mode: 'create', name: name.value, leadership: leadership!, strength: strength!, intel: intel!, ...(cityId ? { cityId } : {}) });
      done();
    } catch (error) {
      showRefusal(error);
    }
  }
  async function takeOver(): Promise<void> {
    try {
      clearError();
      await playerApi.join(here, { mode: 'possess', generalId: Number(npcs.value) });
      done();
    } catch (error) {
      showRefusal(error);
    }
  }
}

function commandName(key: string): string {
  const all = [...(constants?.commands.general ?? []), ...(constants?.commands.nation ?? [])];
  return all.find((c) => c.key === key)?.name ?? key;
}

function argText(arg: unknown): string {
  if (arg === null || typeof arg !== 'object') return '';
  return Object.entries(arg as Record<string, unknown>).map(([k, v]) => `${k === 'destCityId' ? t('city') : k === 'amount' ? t('amount') : k === 'crewType' ? t('crewType') : k} ${typeof v === 'number' ? num(v) : String(v)}`).join(', ');
}

function renderPlayer(here: string, front: FrontInfo, queue: Queue, log: Line[]): void {
  const box = $('play');
  box.hidden = false;
  const g = front.general;
  if (!g) return;
  leadership = Math.max(1, g.leadership);
  const firstRender = box.dataset.mode !== 'player';
  box.dataset.mode = 'player';
  const stats = document.createElement('div');
  stats.className = 'stats';
  stats.id = 'general-stats';
  const cell = (label: string, value: string | number) => text('div', `${label} ${typeof value === 'number' ? num(value) : value}`);
  stats.append(
    cell(t('nation'), front.nation?.name ?? '재야'), cell(t('city'), front.city?.name ?? `#${g.city}`), cell(t('office'), g.officerTitle),
    cell(t('leadership'), g.leadership), cell(t('strength'), g.strength), cell(t('intel'), g.intel),
    cell(t('gold'), g.gold), cell(t('rice'), g.rice), cell(t('crew'), g.detail.crew),
    cell(t('explevel'), g.explevel), cell(t('dedlevel'), g.dedlevel), cell(t('injury'), g.injury),
    cell(t('experience'), g.detail.experience), cell(t('dedication'), g.detail.dedication), cell(t('age'), g.age),
  );
  const live = text('span', t(wasDown ? 'reconnecting' : 'live'));
  live.id = 'live-state';
  live.dataset.live = wasDown ? 'down' : 'up';
  const title = text('h3', `${t('yourGeneral')}: ${g.name} `);
  title.id = 'general-name';
  title.append(live);

  const lines = document.createElement('div');
  lines.className = 'lines';
  lines.id = 'general-log';
  for (const l of log) {
    const div = text('div', `${gameDate(l.year, l.month)} ${l.text.replace(/<\/?[A-Za-z0-9]*>/g, '')}`);
    div.dataset.move = String(l.move);
    lines.append(div);
  }

  const table = renderQueue(queue, front);
  if (firstRender || !document.getElementById('picker')) {
    box.replaceChildren(title, stats, text('h3', t('queue')), table, picker(here, 'general'), text('h3', t('log')), lines);
  } else {
    box.replaceChild(title, box.querySelector('h3')!);
    document.getElementById('general-stats')!.replaceWith(stats);
    document.getElementById('queue')!.replaceWith(table);
    document.getElementById('general-log')!.replaceWith(lines);
  }
}

/** The 30 slots: each with its game month and real time (the general's turn time, a term apart), its command, and a box to select it. */
function renderQueue(queue: Queue, front: FrontInfo): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'scroll';
  wrap.id = 'queue';
  const table = document.createElement('table');
  table.className = 'queue';
  const start = queue.queueDate ?? front.queueDate ?? { year: front.env.year, month: front.env.month };
  const termMs = front.env.turnterm * 60_000;
  table.append(row([t('slots'), t('gameDate'), t('realTime'), t('command')]));
  for (const slot of queue.queue.slice(0, QUEUE_SLOTS)) {
    const months = start.month - 1 + slot.slot;
    const check = document.createElement('input');
    check.type = 'checkbox';
    check.checked = selected.has(slot.slot);
    check.setAttribute('aria-label', `${t('slots')} ${slot.slot + 1}`);
    check.addEventListener('change', () => {
      if (check.checked) selected.add(slot.slot);
      else selected.delete(slot.slot);
      tr.classList.toggle('selected', check.checked);
    });
    const label = document.createElement('label');
    label.append(check, ` ${slot.slot + 1}`);
    const at = queue.turntime === null ? null : hooks?.wallTime(queue.turntime + slot.slot * termMs) ?? queue.turntime + slot.slot * termMs;
    const tr = row([label, gameDate(start.year + Math.floor(months / 12), (months % 12) + 1), at === null ? '-' : realTime(at),
      `${commandName(slot.action)}${argText(slot.arg) ? ` (${argText(slot.arg)})` : ''}`]);
    tr.dataset.slot = String(slot.slot);
    if (at !== null) tr.dataset.at = String(Math.round(at));
    tr.dataset.action = slot.action;
    tr.classList.toggle('selected', check.checked);
    table.append(tr);
  }
  wrap.append(table);
  return wrap;
}

/**
 * The command picker: a command from the game's table (the general's or, for a chief, the
 * nation's), its argument's form, the selected slots; push and repeat over the general's
 * queue. The nation's picker's elements are named `nation-…`.
 */
function picker(here: string, queue: 'general' | 'nation'): HTMLElement {
  const id = (name: string) => (queue === 'general' ? name : `nation-${name}`);
  const chosen = () => (queue === 'general' ? selected : selectedNation);
  const box = document.createElement('div');
  box.id = id('picker');
  const select = document.createElement('select');
  select.id = id('command');
  select.setAttribute('aria-label', t('pickCommand'));
  for (const c of constants?.commands[queue] ?? []) {
    const o = document.createElement('option');
    o.value = c.key;
    o.textContent = c.name;
    select.append(o);
  }
  const args = document.createElement('div');
  args.id = id('command-args');
  let arg: () => unknown = () => null;
  const numberInput = (inputId: string, label: string, min: number, max: number, value: number) => {
    const input = document.createElement('input');
    input.type = 'number';
    input.id = inputId;
    input.min = String(min);
    input.max = String(max);
    input.value = String(value);
    const l = document.createElement('label');
    l.append(`${label} `, input, ` (${num(min)}–${num(max)})`);
    args.append(l, ' ');
    return input;
  };
  const form = () => {
    args.replaceChildren();
    picking = null;
    hooks?.pickCity(null);
    const kind = argKind(select.value);
    if (kind === 'city') {
      let city: number | null = null;
      const shown = text('span', t('pickCity'));
      shown.id = id('arg-city');
      args.append(shown);
      picking = (id) => {
        city = id;
        shown.textContent = `${t('city')}: #${id}`;
        hooks?.pickCity(id);
      };
      hooks?.redraw();
      arg = () => ({ destCityId: city });
    } else if (kind === 'crew') {
      const crew = document.createElement('select');
      crew.id = id('arg-crew');
      const types = Array.isArray(constants?.crewTypes) ? constants!.crewTypes : Object.values(constants?.crewTypes ?? {});
      for (const c of types) {
        const o = document.createElement('option');
        o.value = String(c.id);
        o.textContent = `${c.name}${c.cost !== undefined ? ` (${t('gold')} ${num(c.cost)}/100)` : ''}`;
        crew.append(o);
      }
      const l = document.createElement('label');
      l.append(`${t('crewType')} `, crew);
      args.append(l, ' ');
      const amount = numberInput(id('arg-amount'), t('amount'), 100, 100 * leadership, 100 * leadership);
      arg = () => ({ crewType: Number(crew.value), amount: Number(amount.value) });
    } else if (kind === 'amountGold') {
      const amount = numberInput(id('arg-amount'), t('amount'), 100, 100_000, 1_000);
      const gold = document.createElement('input');
      gold.type = 'checkbox';
      gold.checked = true;
      const l = document.createElement('label');
      l.append(gold, ` ${t('isGold')}`);
      args.append(l);
      arg = () => ({ isGold: gold.checked, amount: Number(amount.value) });
    } else if (kind === 'general') {
      const target = numberInput(id('arg-general'), t('target'), 1, 100_000, 1);
      arg = () => ({ destGeneralId: Number(target.value) });
    } else if (kind === 'nation') {
      const target = numberInput(id('arg-nation'), t('nation'), 1, 1_000, 1);
      arg = () => ({ destNationId: Number(target.value) });
    } else {
      arg = () => null;
    }
  };
  select.addEventListener('change', form);
  form();
  const outcome = text('span', '');
  outcome.id = id('reserve-outcome');
  outcome.setAttribute('aria-live', 'polite');
  const reserve = button(t('reserve'), () => void (async () => {
    const slots = [...chosen()].sort((a, b) => a - b);
    if (slots.length === 0) {
      showError(new Error(t('selectSlots')));
      $('error').textContent = t('selectSlots');
      return;
    }
    try {
      clearError();
      outcome.textContent = t('pending');
      if (queue === 'general') await playerApi.reserve(here, select.value, arg(), slots);
      else await playerApi.reserveNation(here, select.value, arg(), slots);
      outcome.textContent = t('accepted');
      chosen().clear();
      await refresh();
    } catch (error) {
      outcome.textContent = '';
      showRefusal(error);
    }
  })(), id('reserve'));
  // Push (미루기) and repeat (반복), as the legacy's: by an amount of slots (a negative push pulls).
  const amount = document.createElement('input');
  amount.type = 'number';
  amount.id = id('shift-amount');
  amount.min = '-12';
  amount.max = '12';
  amount.value = '1';
  amount.setAttribute('aria-label', t('amount'));
  const shift = (how: 'push' | 'repeat') => button(t(how), () => void (async () => {
    try {
      clearError();
      await playerApi[how](here, queue, Number(amount.value));
      await refresh();
    } catch (error) {
      showRefusal(error);
    }
  })(), id(how));
  box.append(text('p', t('selectSlots')), select, ' ', args, ' ', reserve, ' ', amount, ' ', shift('push'), ' ', shift('repeat'), ' ', outcome);
  return box;
}

/** The nation's panel, read again with the rest; left alone while the player types in it. */
async function renderNation(here: string, me: { id: number; troop: number }): Promise<void> {
  const held = document.getElementById('nation-panel');
  if (held?.contains(document.activeElement) && document.activeElement instanceof HTMLInputElement) return;
  const panel = await nationPanel(here, me, async (move) => {
    try {
      clearError();
      await playerApi.move(here, move);
      await refresh();
    } catch (error) {
      showRefusal(error);
    }
  });
  if (!panel || world !== here) return;
  if (held?.isConnected) held.replaceWith(panel);
  else $('play').append(panel);
}

/**
 * A chief's view of the nation's queues (NationCommand/GetReservedCommand): each chief's 12
 * slots; the caller's own has boxes to select slots and a picker whose reservation is a
 * `reserveNation` move.
 */
async function renderChiefQueue(here: string, own: number): Promise<void> {
  let queues: ChiefQueue[];
  try {
    queues = (await playerApi.chiefQueues(here)).chiefQueues;
  } catch {
    return;
  }
  const box = document.getElementById('chief-queue') ?? document.createElement('div');
  box.id = 'chief-queue';
  const table = document.createElement('table');
  table.className = 'queue';
  table.id = 'nation-queue';
  const mine = queues.find((q) => q.level === own);
  for (const q of queues) {
    table.append(row([`${q.officerTitle} ${q.general?.name ?? ''}`, q.queue.slice(0, CHIEF_SLOTS).map((s) => commandName(s.action)).join(' · ')]));
  }
  const slots = document.createElement('div');
  slots.className = 'scroll';
  if (mine) {
    const own = document.createElement('table');
    own.className = 'queue';
    own.id = 'nation-slots';
    for (const slot of mine.queue.slice(0, CHIEF_SLOTS)) {
      const check = document.createElement('input');
      check.type = 'checkbox';
      check.checked = selectedNation.has(slot.slot);
      check.setAttribute('aria-label', `${t('chiefQueue')} ${slot.slot + 1}`);
      check.addEventListener('change', () => (check.checked ? selectedNation.add(slot.slot) : selectedNation.delete(slot.slot)));
      const label = document.createElement('label');
      label.append(check, ` ${slot.slot + 1}`);
      const tr = row([label, `${commandName(slot.action)}${argText(slot.arg) ? ` (${argText(slot.arg)})` : ''}`]);
      tr.dataset.slot = String(slot.slot);
      tr.dataset.action = slot.action;
      own.append(tr);
    }
    slots.append(own);
  }
  const first = !box.parentElement;
  if (first) {
    box.replaceChildren(text('h3', t('chiefQueue')), table, slots, ...(mine ? [picker(here, 'nation')] : []));
    $('play').append(box);
  } else {
    document.getElementById('nation-queue')?.replaceWith(table);
    const held = document.getElementById('nation-slots')?.parentElement;
    if (held) held.replaceWith(slots);
  }
}

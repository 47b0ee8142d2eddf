import { AVAILABLE_PERSONALITIES, GameConst } from '@chronicle/sammo';
import { $, button, link, numberInput, row, text } from './dom';
import { clearError, showError } from './http';
import { gameDate, num, realTime, t } from './i18n';
import { mailboxPanel } from './mailbox';
import { marketPanel } from './market';
import { nationPanel } from './nation-panel';
import { argWords, type Choice, type CrewTypeRow, type FormContext } from './command-forms';
import { commandPicker } from './picker';
import { playerApi, Refusal, type Account, type ChiefQueue, type CommandChoice, type CommandTable, type Constants, type FrontInfo, type Line, type Queue } from './player-api';

/**
 * The player's side of a world: signing in, joining (a new general — born where the legacy's
 * join places it —, or an NPC), their general, its log and its 30-slot queue with a command picker, and a
 * chief's nation queue. Everything through the players' API (`player-api.ts`); refusals are
 * shown in the gateway's words.
 */

/** The legacy's General/Join limits (the game checks them): each stat 15–80, at most 165 together. */
const { defaultStatMin: STAT_MIN, defaultStatMax: STAT_MAX, defaultStatTotal: STAT_TOTAL } = GameConst;
const QUEUE_SLOTS = 30;
/** A chief's nation queue (the legacy's maxChiefTurn). */
const CHIEF_SLOTS = 12;
/** How often the panel reads the seat's view again without the gateway's event stream, and with it (a safety net). */
const REFRESH_MS = 2_000;
const REFRESH_LIVE_MS = 15_000;
/** How long before a stream the browser gave up on is opened again. */
const RECONNECT_MS = 3_000;
/** The legacy's general list may be read once in 10 s. */
const NPC_LIST_RETRY_MS = 10_500;

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
/** The seat's front view and command table as last read: what the argument forms and the pickers offer. */
let front: FrontInfo | null = null;
let table: CommandTable | null = null;
/** The pickers, kept across reads so that a half-filled form survives them. */
let generalPicker: ReturnType<typeof commandPicker> | null = null;
let nationPicker: ReturnType<typeof commandPicker> | null = null;
/** Lists the forms offer, read once a world (the generals' list may be read once in 10 s). */
let lists: { generals?: Promise<Choice[]>; nations?: Promise<Choice[]> } = {};
let wasDown = false;
/** The seat's live stream (the gateway's `worlds/:world/events`), while it works. */
let stream: EventSource | null = null;
let streamUp = false;
/** Whether the stream ever opened here (a gateway without streams is not a lost connection). */
let streamOpened = false;

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
    // The provider's button, only where the gateway says one is configured.
    $('oidc').hidden = true;
    void playerApi.oidc().then((oidc) => {
      if (!oidc?.enabled || !oidc.start) return;
      const a = $<HTMLAnchorElement>('oidc-link');
      a.href = oidc.start.replace(/^\//, '');
      a.textContent = t('oidc', { name: oidc.name ?? 'OpenID Connect' });
      $('oidc').hidden = false;
    });
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
    front = null;
    table = null;
    generalPicker = null;
    nationPicker = null;
    lists = {};
    window.clearTimeout(timer);
    stream?.close();
    stream = null;
    streamUp = false;
    streamOpened = false;
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

/** A refusal in the gateway's words, which name the field as the page does (its `field` is the API's path, no player's word). */
function showRefusal(error: unknown): void {
  showError(error instanceof Refusal ? Object.assign(new Error(error.message), { name: 'Refusal' }) : error);
  const box = $('error');
  if (error instanceof Refusal) box.textContent = error.message;
}

/** The read under way, and whether another was asked for meanwhile: reads never overlap (each would add its panels). */
let reading: Promise<void> | null = null;
let readAgain = false;

/** Reads the seat's view again (once the read under way is done, if one is). */
function refresh(): Promise<void> {
  if (reading) {
    readAgain = true;
    return reading;
  }
  reading = read().finally(() => {
    reading = null;
    if (readAgain) {
      readAgain = false;
      void refresh();
    }
  });
  return reading;
}

/** The join form for a newcomer, else the general, queue and log, the nation's panels and the mailbox. */
async function read(): Promise<void> {
  const here = world;
  window.clearTimeout(timer);
  await accountRead;
  if (!here || !account) {
    $('play').hidden = true;
    return;
  }
  try {
    const read = await playerApi.general(here);
    if (world !== here) return;
    const [queue, log, commandTable] = await Promise.all([playerApi.commands(here), playerApi.log(here, 'general'), playerApi.commandTable(here).catch(() => null)]);
    constants ??= await playerApi.constants(here);
    if (world !== here) return;
    front = read;
    table = commandTable;
    // The reads work again; the stream says for itself whether it is back.
    wasDown = streamOpened && !streamUp;
    renderPlayer(here, read, queue, log.lines);
    listen(here);
    if (read.general && read.general.nation !== 0) await renderNation(here, read.general);
    if (read.general) await renderMailbox(here, read.general);
    if (read.general) await renderMarket(here, read.general);
    if (read.general && read.general.officerLevel >= 5) await renderChiefQueue(here, read.general.officerLevel);
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
    // Back after a loss: what happened meanwhile is read at once.
    if (wasDown) soon();
    opened = true;
    streamOpened = true;
    streamUp = true;
    setLive(true);
  };
  source.onerror = () => {
    streamUp = false;
    if (!opened && !streamOpened) {
      // No stream here (not served, or refused): the regular reads keep the panel current.
      source.close();
      return;
    }
    setLive(false);
    // EventSource reconnects by itself (with Last-Event-ID) unless the browser gave up on it: then a new one.
    if (source.readyState === EventSource.CLOSED && stream === source) {
      stream = null;
      window.setTimeout(() => world === here && listen(here), RECONNECT_MS);
    }
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
  const stat = (id: string, label: string, value: number) => {
    const input = numberInput(id, STAT_MIN, STAT_MAX, value);
    const l = document.createElement('label');
    l.append(`${label} `, input);
    return { l, input };
  };
  const name = document.createElement('input');
  name.id = 'join-name';
  // A name wider than 18 columns (a Hangul syllable 2) the game refuses in the legacy's words.
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
  // 성격: one of the legacy's ten, or drawn (Random). No city: the legacy's join places the general.
  const personality = document.createElement('select');
  personality.id = 'join-personality';
  personality.replaceChildren(...['Random', ...AVAILABLE_PERSONALITIES].map((key) => {
    const o = document.createElement('option');
    o.value = key;
    o.textContent = key === 'Random' ? t('randomPersonality') : key.replace(/^che_/, '');
    return o;
  }));
  const personalityLabel = document.createElement('label');
  personalityLabel.append(`${t('personality')} `, personality);
  const form = document.createElement('form');
  form.className = 'stack';
  form.append(nameLabel, ...stats.map((s) => s.l), total, personalityLabel, button(t('joinButton'), () => void join(), 'join'));
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
    delete box.dataset.mode;
    void refresh();
  };
  async function join(): Promise<void> {
    try {
      clearError();
      const [leadership, strength, intel] = stats.map((s) => Number(s.input.value));
      await playerApi.join(here, { mode: 'create', name: name.value, leadership: leadership!, strength: strength!, intel: intel!, personality: personality.value });
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

/** What the forms choose from by name, as the gateway's constants give it. */
function byName() {
  return {
    commandName, crewTypes: crewTypesOf(constants), nationTypes: constants?.nationTypes ?? [], nationColors: constants?.nationColors ?? [], shopItems: constants?.shopItems ?? [],
  };
}

function crewTypesOf(c: Constants | null): CrewTypeRow[] {
  return Array.isArray(c?.crewTypes) ? c.crewTypes : Object.values(c?.crewTypes ?? {});
}

/** A reserved slot's argument in the page's words (`argWords`: fields and keys by their names). */
function argText(arg: unknown): string {
  return argWords(arg, byName());
}

function renderPlayer(here: string, front: FrontInfo, queue: Queue, log: Line[]): void {
  const box = $('play');
  box.hidden = false;
  const g = front.general;
  if (!g) return;
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

  const slots = renderQueue(queue, front);
  if (firstRender || !generalPicker || !document.getElementById('picker')) {
    generalPicker = commandPicker('', queueActions(here, 'general'), () => formContext(here, ''));
    const own = document.createElement('div');
    own.id = 'own-moves';
    own.className = 'note';
    box.replaceChildren(title, own, stats, text('h3', t('queue')), slots, generalPicker.element, text('h3', t('log')), lines);
  } else {
    box.replaceChild(title, box.querySelector('h3')!);
    document.getElementById('general-stats')!.replaceWith(stats);
    document.getElementById('queue')!.replaceWith(slots);
    document.getElementById('general-log')!.replaceWith(lines);
  }
  generalPicker.update(choicesOf('general'));
  checkOwnMoves(here);
}

/** How often the page checks the player's moves against the signed log (each check is one audit read per chapter). */
const OWN_MOVES_EVERY_MS = 5_000;
let ownMovesAt = 0;

/** The player's own check of its moves (`own-moves.ts`, loaded on first use), its verdict under the general's name. */
function checkOwnMoves(here: string): void {
  if (Date.now() - ownMovesAt < OWN_MOVES_EVERY_MS) return;
  ownMovesAt = Date.now();
  void import('./own-moves').then((own) => own.check(here)).then((status) => {
    const box = document.getElementById('own-moves');
    if (!box || world !== here) return;
    box.dataset.state = status.state;
    if (status.state === 'none') box.textContent = '';
    else if (status.state === 'broken') box.textContent = t('ownMovesBroken', { reason: status.reason });
    else {
      box.textContent = t('ownMovesProved', { n: String(status.proved), size: String(status.treeSize) })
        + (status.signed ? '' : t('ownMovesUnsigned')) + (status.pending > 0 ? t('ownMovesPending', { n: String(status.pending) }) : '');
    }
  });
}

/**
 * The commands to pick from: the game's table as the gateway reads it for the general (each
 * possible now or why not), else every command of the game's lists (the gateway serves no
 * table: availability unknown, judged when reserved).
 */
function choicesOf(queue: 'general' | 'nation'): CommandChoice[] {
  const served = queue === 'general' ? table?.general : table?.chief;
  if (served) return served;
  return (constants?.commands[queue] ?? []).map((c) => ({ ...c, needsArg: false, possible: true, reason: null }));
}

/** Reserve, push and repeat on the general's queue or the chief's, each read again once accepted. */
function queueActions(here: string, queue: 'general' | 'nation') {
  const chosen = () => (queue === 'general' ? selected : selectedNation);
  return {
    async reserve(command: string, arg: unknown): Promise<void> {
      const slots = [...chosen()].sort((a, b) => a - b);
      if (slots.length === 0) {
        showError(new Error(t('selectSlots')));
        $('error').textContent = t('selectSlots');
        throw new Error(t('selectSlots'));
      }
      try {
        clearError();
        if (queue === 'general') await playerApi.reserve(here, command, arg, slots);
        else await playerApi.reserveNation(here, command, arg, slots);
        chosen().clear();
        await refresh();
      } catch (error) {
        showRefusal(error);
        throw error;
      }
    },
    async shift(how: 'push' | 'repeat', amount: number): Promise<void> {
      try {
        clearError();
        await playerApi[how](here, queue, amount);
        await refresh();
      } catch (error) {
        showRefusal(error);
      }
    },
  };
}

/** What the argument forms offer: the general's purse and leadership, the nation's treasury, the world's lists. */
function formContext(here: string, prefix: '' | 'nation-'): FormContext {
  const g = front?.general;
  const named = <T extends { id: number; name: string }>(rows: T[]) => rows.map(({ id, name }) => ({ id, name }));
  return {
    prefix,
    general: { leadership: g?.leadership ?? 50, gold: g?.gold ?? 0, rice: g?.rice ?? 0 },
    treasury: front?.nation ? { gold: front.nation.gold, rice: front.nation.rice } : null,
    year: front?.env.year ?? 184,
    ...byName(),
    members: () => playerApi.members(here).then((m) => named(m.members.filter((x) => x.id !== g?.id))),
    generals: () => generalsOf(here).then((rows) => rows.filter((x) => x.id !== g?.id)),
    nations: () => nationsOf(here).then((rows) => rows.filter((n) => n.id !== g?.nation)),
    pickCity(picked) {
      picking = (cityId) => {
        picked(cityId);
        hooks?.pickCity(cityId);
      };
      hooks?.redraw();
    },
    pickNone() {
      picking = null;
      hooks?.pickCity(null);
    },
  };
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

/** Whether the player is typing in `panel` (its read is then left alone until the next). */
function typingIn(panel: HTMLElement | null): boolean {
  const active = document.activeElement;
  return !!panel?.contains(active) && (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement);
}

/** A write of the panels (a troop's move, a nation's setting, a message), the panel read again once it is accepted; a refusal in the game's words. */
async function act(write: () => Promise<unknown>): Promise<void> {
  try {
    clearError();
    await write();
    await refresh();
  } catch (error) {
    showRefusal(error);
    throw error;
  }
}

/** The nation's panel, read again with the rest; left alone while the player types in it. */
async function renderNation(here: string, me: { id: number; troop: number; officerLevel: number; permission: number }): Promise<void> {
  const held = document.getElementById('nation-panel');
  if (typingIn(held)) return;
  const panel = await nationPanel(
    here, me, () => nationsOf(here),
    (move) => act(() => playerApi.move(here, move)).catch(() => undefined),
    (setting, body) => act(() => playerApi.setNation(here, setting, body)).catch(() => undefined),
  );
  // The player may have started typing while it was read: what they type is not replaced.
  if (!panel || world !== here || typingIn(document.getElementById('nation-panel'))) return;
  const now = document.getElementById('nation-panel');
  if (now) now.replaceWith(panel);
  else $('play').append(panel);
}

/** The mailbox, read again with the rest; left alone while the player writes in it. */
async function renderMailbox(here: string, me: { id: number; nation: number; permission: number }): Promise<void> {
  const held = document.getElementById('mailbox');
  if (typingIn(held)) return;
  const panel = await mailboxPanel(here, {
    me, generals: () => generalsOf(here), nations: () => nationsOf(here),
    send: (mailbox, words) => act(() => playerApi.sendMessage(here, mailbox, words)),
  }).catch(() => null);
  if (!panel || world !== here || typingIn(document.getElementById('mailbox'))) return;
  const now = document.getElementById('mailbox');
  if (now) {
    // What the player chose and wrote stays (a read does not send a message elsewhere).
    for (const id of ['mail-to', 'mail-text']) {
      const before = now.querySelector<HTMLSelectElement | HTMLTextAreaElement>(`#${id}`);
      const after = panel.querySelector<HTMLSelectElement | HTMLTextAreaElement>(`#${id}`);
      if (before && after && (!(after instanceof HTMLSelectElement) || [...after.options].some((o) => o.value === before.value))) after.value = before.value;
    }
    now.replaceWith(panel);
  } else {
    $('play').append(panel);
  }
}

/** The auctions and the tournament, read again with the rest; left alone while the player types a bid or a lot. */
async function renderMarket(here: string, me: { id: number }): Promise<void> {
  if (typingIn(document.getElementById('market'))) return;
  const panel = await marketPanel(here, { me, act }).catch(() => null);
  if (!panel || world !== here || typingIn(document.getElementById('market'))) return;
  const now = document.getElementById('market');
  if (now) now.replaceWith(panel);
  else $('play').append(panel);
}

/** The world's generals and nations as the forms list them, read once a world (a failed read is asked again next time). */
function generalsOf(here: string): Promise<Choice[]> {
  lists.generals ??= playerApi.generals(here).then((rows) => rows.map(({ id, name }) => ({ id, name })));
  return lists.generals.catch((error: unknown) => {
    lists.generals = undefined;
    throw error;
  });
}

function nationsOf(here: string): Promise<Choice[]> {
  lists.nations ??= playerApi.nations(here).then((rows) => rows.map(({ id, name }) => ({ id, name })));
  return lists.nations.catch((error: unknown) => {
    lists.nations = undefined;
    throw error;
  });
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
  if (mine && !nationPicker) nationPicker = commandPicker('nation-', queueActions(here, 'nation'), () => formContext(here, 'nation-'));
  nationPicker?.update(choicesOf('nation'));
  if (first) {
    box.replaceChildren(text('h3', t('chiefQueue')), table, slots, ...(mine && nationPicker ? [nationPicker.element] : []));
    $('play').append(box);
  } else {
    document.getElementById('nation-queue')?.replaceWith(table);
    const held = document.getElementById('nation-slots')?.parentElement;
    if (held) held.replaceWith(slots);
  }
}

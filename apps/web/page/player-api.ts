/**
 * The players' API as the page calls it: the gateway's `/api/v1`, on the page's own origin
 * (the web service forwards it). One place for its routes, so that a route that changes is
 * one edit. A cookie session: the browser keeps the cookie; the page keeps the CSRF token
 * the sign-in answered (or `me` gives again after a reload) and sends it with every write.
 */
const API = 'api/v1';

/** A refusal as the gateway words it (Korean first), with the field to fix when there is one. */
export class Refusal extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly field?: string) {
    super(message);
  }
}

export interface Account { id: string; username: string }
export interface WorldInPlay { worldId: string; chapter: number; tableId: string; finished: boolean }
/** Where a read was made: send `revision` back as `since`. */
export interface Frame { worldId: string; tableId: string; revision: number }
export interface Slot { slot: number; action: string; arg: unknown }
export interface Line { year: number; month: number; scope: string; subject: number; text: string; move: number }
export interface WriteOutcome {
  status: 'accepted' | 'pending' | 'refused'; revision?: number; follow?: string; reason?: string;
  /** What the player's own check of its moves needs (`own-moves.ts`): the world, the chapter's table, the log entry the move became, the seat and the move. */
  worldId?: string; tableId?: string; seq?: number | null; seat?: string; move?: unknown;
}

export interface OwnGeneral {
  id: number; name: string; nation: number; city: number; npc: number; injury: number; age: number;
  leadership: number; strength: number; intel: number; explevel: number; dedlevel: number; gold: number; rice: number;
  officerLevel: number; officerTitle: string; troop: number; permission: number;
  detail: { experience: number; dedication: number; crew: number; crewtype: number; train: number; atmos: number; turntime: number; items?: Record<string, unknown> };
}
export interface FrontInfo extends Frame {
  env: { year: number; month: number; turnterm: number; turntime: number };
  general: OwnGeneral | null;
  troop: { name: string } | null;
  city: { id: number; name: string } | null;
  nation: { id: number; name: string; color: string; gold: number; rice: number; tech: number } | null;
  queueDate: { year: number; month: number } | null;
}
export interface Queue extends Frame { queue: Slot[]; queueDate: { year: number; month: number } | null; turntime: number | null }
/** One chief's queue (NationCommand/GetReservedCommand): its office level and title, who holds it, 12 slots. */
export interface ChiefQueue { level: number; officerTitle: string; general: { id: number; name: string; npc: number; turntime: number } | null; queue: Slot[] }
export interface ChiefQueues extends Frame { chiefQueues: ChiefQueue[] }
export interface Constants {
  worldId: string;
  crewTypes: Array<{ id: number; name: string; cost?: number; rice?: number; [k: string]: unknown }> | Record<string, { id: number; name: string; cost?: number }>;
  commands: { general: Array<{ key: string; name: string; id: string }>; nation: Array<{ key: string; name: string; id: string }> };
  /** The nation types 건국 may name (legacy GameConst::$availableNationType), each with its name (older gateways: absent). */
  nationTypes?: NamedKey[];
  /** A nation's flag colours in the legacy's order (GetNationColors): 국기변경 names one by its place. */
  nationColors?: string[];
  /** The items the shop sells (장비매매), each with its slot, name and price. */
  shopItems?: ShopItem[];
}
export interface NamedKey { key: string; name: string }
export interface ShopItem { key: string; slot: 'horse' | 'weapon' | 'book' | 'item'; name: string; cost: number; reqSecu: number }
/** One command of the table (libs/sammo `CommandChoice`, legacy GetCommandTable): possible now, or the first condition it fails. */
export interface CommandChoice { key: string; name: string; id: string; needsArg: boolean; possible: boolean; reason: string | null }
export interface CommandTable extends Frame { general: CommandChoice[]; chief: CommandChoice[] | null }
export type NationSetting = 'rate' | 'bill' | 'secret-limit' | 'block-war' | 'block-scout' | 'notice' | 'scout-message';
export interface PublicNation { id: number; name: string; color: string }
/** A message as its reader gets it (libs/sammo `MessageView`): `masked` when a diplomatic one's words are hidden from the reader. */
export interface Message { id: number; kind: 'public' | 'national' | 'diplomacy' | 'private'; from: number; fromName: string; fromNation: number; to: number; text: string; at: number; masked?: true }
/** The mailboxes a general reads (legacy Message/GetRecentMessage), each its newest messages, oldest first. */
export interface Mailbox { public: Message[]; national: Message[]; diplomacy: Message[]; private: Message[] }
export interface PublicGeneralRow { id: number; name: string; npc: number; nation: number; leadership: number; strength: number; intel: number; ownerName: string | null }

/** The caller's nation as a member reads it (Nation/GetNationInfo). */
export interface NationInfo extends Frame {
  nation: {
    id: number; name: string; color: string; level: number; gold: number; rice: number; tech: number; power: number; rate: number; bill: number;
    population: { cities: number; now: number; max: number }; crew: { generals: number; now: number; max: number };
    topChiefs: Array<{ level: number; id: number; name: string }>; troops: Array<{ leader: number; name: string; turntime: number; reservedCommand: string[] }>;
    /** The settings a chief changes (legacy Nation/Set*): 기밀 권한 in years, 전쟁 금지 (`war`) and 임관 금지 (`scout`) as 0/1, the changes of 전쟁 금지 left. */
    secretlimit: number; war: number; scout: number; warSettingsLeft: number;
    notice: { msg: string; author: string; at: number } | null; scoutMsg: string | null;
  };
  /** Relations (legacy GetDiplomacy): [nation, other nation, state] — 0 war, 1 declared, 2 normal, 7 non-aggression. */
  diplomacy: Array<[number, number, number]>;
}
/** A member as the caller's office reads it (Nation/GeneralList). */
export interface MemberRow { id: number; name: string; officerTitle: string; leadership: number; strength: number; intel: number; gold: number; rice: number; troop: number; city: number }

/** An open resource auction (legacy GetActiveResourceAuctionList): dates on the game clock. */
export interface AuctionLot {
  id: number; kind: 'buyRice' | 'sellRice'; hostGeneralId: number; hostName: string | null; openDate: number; closeDate: number;
  amount: number; startBidAmount: number; finishBidAmount: number;
  highestBid: { amount: number; date: number; generalId: number; generalName: string | null } | null;
}
/** The open lots by kind (each by close) and the house's newest lines (oldest first). */
export interface AuctionList extends Frame { generalId: number; buyRice: AuctionLot[]; sellRice: AuctionLot[]; recentLogs: Line[] }
/** What a lot's opener sets (Auction/OpenBuyRiceAuction, OpenSellRiceAuction). */
export interface AuctionOpening { kind: 'buyRice' | 'sellRice'; amount: number; closeTurnCnt: number; startBidAmount: number; finishBidAmount: number }
export interface TournamentRow { generalId: number; npc: number; name: string; stat: number; games: number; win: number; draw: number; lose: number; points: number; gl: number; prmt: number }
/** The tournament as every general reads it (b_tournament, b_betting): no general's own stake. */
export interface TournamentBoard {
  stage: number; stageName: string; phase: number; kind: number; kindName: string; statName: string;
  nextStep: number; nextStepLabel: string | null; stepSeconds: number; entryFee: number;
  qualifiers: TournamentRow[][]; finals: TournamentRow[][];
  bracket: Array<Array<{ generalId: number; npc: number; name: string; stat: number; won: boolean } | null>>;
  fights: Array<{ grp: number; lines: string[] }>;
  betting: { id: number; open: boolean; total: number; candidates: Array<{ generalId: number; name: string; npc: number; total: number; ratio: number | null }> } | null;
}
/** The caller's own part: entered, 자동참여, its stakes per candidate, its gold. */
export interface OwnTournament extends Frame { entered: boolean; autoEntry: boolean; bets: Array<{ target: number; amount: number }>; gold: number }

let csrfToken: string | null = null;

async function call<T>(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (key) headers['idempotency-key'] = key;
  let response: Response;
  try {
    response = await fetch(`${API}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new Refusal(0, 'UNREACHABLE', '서버에 연결할 수 없습니다. The server cannot be reached.');
  }
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as T & { error?: { code: string; message: string; field?: string } }) : (null as T);
  const error = (parsed as { error?: { code: string; message: string; field?: string } } | null)?.error;
  if (!response.ok && response.status !== 422 && error) throw new Refusal(response.status, error.code, error.message, error.field);
  if (!response.ok && response.status !== 422) throw new Refusal(response.status, 'HTTP', `${response.status}`);
  return { status: response.status, body: parsed };
}

/**
 * A write's outcome: accepted, or (422) refused by the game's rules in its words, or pending
 * (followed until it is known). An accepted move is kept for the player's own check of it.
 */
async function write(path: string, body: unknown): Promise<WriteOutcome> {
  const key = `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const { status, body: answer } = await call<WriteOutcome & { error?: { code: string; message: string } }>('POST', path, body, key);
  if (status === 422) throw new Refusal(422, answer.error?.code ?? 'REFUSED', answer.error?.message ?? 'refused');
  const outcome = answer.status === 'pending' && answer.follow ? await follow(answer.follow.replace(/^\/api\/v1/, '')) : answer;
  const { worldId, tableId } = outcome;
  if (outcome.status === 'accepted' && worldId !== undefined && tableId !== undefined) {
    void import('./own-moves').then((own) => own.remember({ ...outcome, worldId, tableId }));
  }
  return outcome;
}

async function follow(path: string): Promise<WriteOutcome> {
  for (let i = 0; i < 10; i++) {
    const { status, body } = await call<WriteOutcome & { error?: { code: string; message: string } }>('GET', `${path}?waitMs=3000`);
    if (status === 422) throw new Refusal(422, body.error?.code ?? 'REFUSED', body.error?.message ?? 'refused');
    if (body.status !== 'pending') return body;
  }
  return { status: 'pending' };
}

export const playerApi = {
  async me(): Promise<Account | null> {
    try {
      const { body } = await call<{ account: Account; session: { csrfToken?: string } }>('GET', '/auth/me');
      csrfToken = body.session.csrfToken ?? null;
      return body.account;
    } catch (error) {
      if (error instanceof Refusal && (error.status === 401 || error.status === 503 || error.status === 502)) return null;
      throw error;
    }
  },
  async signIn(username: string, password: string, signUp: boolean): Promise<Account> {
    const { body } = await call<{ account: Account; session: { csrfToken: string } }>('POST', signUp ? '/auth/sign-up' : '/auth/sign-in', { username, password });
    csrfToken = body.session.csrfToken;
    return body.account;
  },
  async signOut(): Promise<void> {
    await call('POST', '/auth/sign-out');
    csrfToken = null;
  },
  /** Whether the deployment signs in through an OpenID Connect provider (the gateway's `auth/oidc`): its name and where the sign-in starts. Null when the gateway says nothing of it. */
  oidc: async (): Promise<{ enabled: boolean; name: string | null; start: string | null } | null> =>
    call<{ enabled: boolean; name: string | null; start: string | null }>('GET', '/auth/oidc').then((r) => r.body, () => null),
  worlds: async () => (await call<{ worlds: WorldInPlay[] }>('GET', '/worlds')).body.worlds,
  join: (world: string, body: { mode: 'create'; name: string; leadership: number; strength: number; intel: number; personality?: string } | { mode: 'possess'; generalId: number }) =>
    write(`/worlds/${world}/join`, body),
  reserve: (world: string, command: string, arg: unknown, slots: number[]) => write(`/worlds/${world}/commands/reserve`, { command, ...(arg === null ? {} : { arg }), slots }),
  /** Push (미루기; negative pulls) the general's queue, or the chief's (`nation`), by `amount` slots. */
  push: (world: string, queue: 'general' | 'nation', amount: number) => write(`/worlds/${world}/${queue === 'nation' ? 'nation/' : ''}commands/push`, { amount }),
  /** Repeat (반복) the first `amount` slots through the queue. */
  repeat: (world: string, queue: 'general' | 'nation', amount: number) => write(`/worlds/${world}/${queue === 'nation' ? 'nation/' : ''}commands/repeat`, { amount }),
  reserveNation: (world: string, command: string, arg: unknown, slots: number[]) => write(`/worlds/${world}/nation/commands/reserve`, { command, ...(arg === null ? {} : { arg }), slots }),
  /** Any move of the game for the caller's seat (a troop's, …). */
  move: (world: string, move: Record<string, unknown>) => write(`/worlds/${world}/intents`, { move }),
  general: async (world: string) => (await call<FrontInfo>('GET', `/worlds/${world}/general`)).body,
  commands: async (world: string) => (await call<Queue>('GET', `/worlds/${world}/commands`)).body,
  log: async (world: string, scope: 'general' | 'nation') => (await call<Frame & { lines: Line[] }>('GET', `/worlds/${world}/log?scope=${scope}`)).body,
  nation: async (world: string) => (await call<NationInfo>('GET', `/worlds/${world}/nation`)).body,
  members: async (world: string) => (await call<Frame & { members: MemberRow[] }>('GET', `/worlds/${world}/nation/generals`)).body,
  chiefQueues: async (world: string) => (await call<ChiefQueues>('GET', `/worlds/${world}/nation/commands`)).body,
  constants: async (world: string) => (await call<Constants>('GET', `/worlds/${world}/constants`)).body,
  /** What the general (and, for a chief, the nation) may choose now (legacy General/GetCommandTable). */
  commandTable: async (world: string) => (await call<CommandTable>('GET', `/worlds/${world}/command-table`)).body,
  nations: async (world: string) => (await call<{ nations: PublicNation[] }>('GET', `/worlds/${world}/nations`)).body.nations,
  messages: async (world: string): Promise<Mailbox> => (await call<Frame & Mailbox>('GET', `/worlds/${world}/messages`)).body,
  /** A message to the legacy's mailbox number: 9999 everyone, 9000 + a nation, a general's id (Message/SendMessage). */
  sendMessage: (world: string, mailbox: number, text: string) => write(`/worlds/${world}/messages`, { mailbox, text }),
  /** A chief's setting of the nation (Nation/Set*): `rate`, `bill`, `secret-limit` ({ amount }), `block-war`, `block-scout` ({ value }), `notice`, `scout-message` ({ msg }). */
  setNation: (world: string, setting: NationSetting, body: { amount: number } | { value: boolean } | { msg: string }) => write(`/worlds/${world}/nation/${setting}`, body),
  answerLetter: (world: string, letter: number, accept: boolean) => write(`/worlds/${world}/letters/${letter}/answer`, { accept }),
  generals: async (world: string) => (await call<{ generals: PublicGeneralRow[] }>('GET', `/worlds/${world}/generals`)).body.generals,
  /** The open resource auctions, a general's read (Auction/GetActiveResourceAuctionList). */
  auctions: async (world: string) => (await call<AuctionList>('GET', `/worlds/${world}/auctions`)).body,
  openAuction: (world: string, lot: AuctionOpening) => write(`/worlds/${world}/auctions`, lot),
  bid: (world: string, auction: number, amount: number) => write(`/worlds/${world}/auctions/${auction}/bids`, { amount }),
  /** The tournament board, anyone's read (b_tournament, b_betting). */
  tournament: async (world: string) => (await call<Frame & { tournament: TournamentBoard }>('GET', `/worlds/${world}/tournament`)).body.tournament,
  ownTournament: async (world: string) => (await call<OwnTournament>('GET', `/worlds/${world}/tournament/mine`)).body,
  bet: (world: string, target: number, amount: number) => write(`/worlds/${world}/tournament/bets`, { target, amount }),
  joinTournament: (world: string) => write(`/worlds/${world}/tournament/join`, {}),
  tournamentAutoEntry: (world: string, auto: boolean) => write(`/worlds/${world}/tournament/auto-entry`, { auto }),
};

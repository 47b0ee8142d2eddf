import { Diplo } from '../world/constants';
import { phpRound } from '../world/php-math';
import type { Diplomacy, World } from '../world/types';
import { linesSince, type LineView } from './lines';
import { publicMessages, type MessageView } from './mailbox';
import { officerTitle } from './officer-titles';
import { tournamentBoard, type TournamentBoardView } from './tournament';

/** How many of the newest 장수동향 lines a view carries (legacy GetFrontInfo's ROW_LIMIT). */
export const RECENT_LINES = 15;

/** The world's public clock and state (the written `env`'s fields of those names). */
export type EnvView = {
  startyear: number;
  year: number;
  month: number;
  /** Minutes a turn. */
  turnterm: number;
  /** The engine's cursor (legacy `turntime`, the last executed instant), epoch ms. */
  turntime: number;
  isunited: number;
}

/** A nation as anyone sees it (legacy `getNationStaticInfo`, GetNationList): no treasury, no tech, no policy. */
export type PublicNation = {
  id: number; name: string; color: string; type: string; level: number; capital: number; gennum: number; power: number;
  /** The cities it holds, by id. */
  cities: number[];
}

/** A city on the map (legacy GetMap's `cityList`): who holds it, its level, state, region and supply. */
export type PublicCity = {
  id: number; name: string; level: number; state: number; nation: number; region: number; supply: number;
}

/** A general as the public list shows it (legacy Global/GeneralList): no purse, no crew, no queue. */
export type PublicGeneral = {
  id: number; name: string; npc: number; age: number; nation: number;
  special: string | null; special2: string | null; personal: string | null;
  /** The player's name for a possessed NPC (npc 1) only, as the legacy shows it. */
  ownerName: string | null;
  injury: number; leadership: number; strength: number; intel: number;
  explevel: number; dedlevel: number; officerLevel: number; officerTitle: string; killturn: number;
}

/**
 * Relations (legacy GetDiplomacy): `[me, you, state]` rows; between two nations neither of
 * which is the viewer's, every state but war (0) and declaration (1) reads as 통상 (2).
 */
export type DiplomacyRow = [number, number, number];

/** A contested city (legacy GetDiplomacy's `conflict`): each nation's share in percent, one place. */
export type ConflictView = {
  city: number;
  shares: [number, number][];
}

/**
 * The public view: a projection of the written world (`writeWorld`'s fields and names, the
 * hidden ones left out: no treasury, tech, policy, purse, crew, queue, development or private
 * log), so that a reader of whole worlds reads it with the same code.
 */
export type PublicView = {
  env: EnvView;
  nations: PublicNation[];
  cities: PublicCity[];
  generals: PublicGeneral[];
  diplomacy: DiplomacyRow[];
  conflicts: ConflictView[];
  /** 중원정세: the world's chronicle, every line the world keeps (legacy world_history of nation 0). */
  history: LineView[];
  /** 장수동향: the newest public action lines (scope `world`; legacy general_record of general 0). */
  logs: LineView[];
  /** The newest public messages (전체 메시지, legacy GetRecentMessage's `public`). */
  messages: MessageView[];
  /**
   * The tournament as every general reads it (b_tournament, b_betting): stage, tables, bracket,
   * the betting's totals per candidate; null where tournaments are off. (Not the written
   * world's `tournament`: no general's own stake, no kind cycle.)
   */
  tournamentBoard: TournamentBoardView | null;
  /** How many auctions are open (GetFrontInfo's `auctionCount`); null where auctions are off. The lots are a seat's read. */
  openAuctions: number | null;
}

export function envView(world: World): EnvView {
  const e = world.env;
  return { startyear: e.startyear, year: e.year, month: e.month, turnterm: e.turnterm, turntime: e.turntime, isunited: e.isunited };
}

export type PublicViewOptions = {
  /** Only the chronicle and action lines written after this move (the revision of the view the caller holds). */
  since?: number;
}

/** What anyone may see of a world in play: the map, the nations' public figures, the generals' public list, relations, the chronicle. */
export function publicView(world: World, options: PublicViewOptions = {}): PublicView {
  const since = options.since ?? -1;
  const held = new Map<number, number[]>();
  const cities: PublicCity[] = [];
  for (let id = 1; id < world.cities.length; id++) {
    const c = world.cities[id]!;
    cities.push({ id, name: c.name, level: c.level, state: c.state, nation: c.nation, region: c.region, supply: c.supply });
    if (c.nation === 0) continue;
    const list = held.get(c.nation);
    if (list === undefined) held.set(c.nation, [id]);
    else list.push(id);
  }
  const nations = [...world.nations.values()]
    .map((n): PublicNation => ({
      id: n.id, name: n.name, color: n.color, type: n.type, level: n.level, capital: n.capital, gennum: n.gennum, power: n.power, cities: held.get(n.id) ?? [],
    }))
    .sort((a, b) => b.power - a.power || a.id - b.id);
  const generals: PublicGeneral[] = [];
  for (const g of world.generals.values()) {
    const nationLevel = world.nations.get(g.nation)?.level ?? 0;
    generals.push({
      id: g.id, name: g.name, npc: g.npc, age: g.age, nation: g.nation, special: g.special, special2: g.special2, personal: g.personal,
      ownerName: g.npc === 1 ? g.ownerName : null, injury: g.injury, leadership: g.leadership,
      strength: g.strength, intel: g.intel, explevel: g.explevel, dedlevel: g.dedlevel, officerLevel: g.officerLevel,
      officerTitle: officerTitle(g.officerLevel, nationLevel), killturn: g.killturn,
    });
  }
  return {
    env: envView(world), nations, cities, generals,
    diplomacy: diplomacyRows(world, 0), conflicts: conflicts(world),
    history: linesSince(world.history, () => true, since),
    logs: linesSince(world.logs, (e) => e.scope === 'world', since, RECENT_LINES),
    messages: publicMessages(world),
    tournamentBoard: tournamentBoard(world),
    openAuctions: world.auctions ? world.auctions.open.length : null,
  };
}

/** Relations as nation `own` may read them (0: the public): its own rows whole, the others' with their pacts hidden. */
export function diplomacyRows(world: World, own: number): DiplomacyRow[] {
  const rows: DiplomacyRow[] = [];
  for (const [key, d] of world.diplomacy) {
    const [me, you] = key.split(':').map(Number) as [number, number];
    rows.push([me, you, own !== 0 && (me === own || you === own) ? d.state : publicState(d)]);
  }
  return rows.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function publicState(d: Diplomacy): number {
  return d.state === Diplo.war || d.state === Diplo.declared ? d.state : Diplo.normal;
}

function conflicts(world: World): ConflictView[] {
  const out: ConflictView[] = [];
  for (let id = 1; id < world.cities.length; id++) {
    const conflict = world.cities[id]!.conflict;
    if (conflict.length < 2) continue;
    const sum = conflict.reduce((s, [, v]) => s + v, 0);
    out.push({ city: id, shares: conflict.map(([nation, v]) => [nation, phpRound((100 * v) / sum, 1)]) });
  }
  return out;
}

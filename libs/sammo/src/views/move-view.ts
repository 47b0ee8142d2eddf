import type { LoggedMove } from '@chronicle/engine';
import type { LogEntry, World } from '../world/types';
import { linesSince, type LineView } from './lines';
import { envView, type EnvView } from './public-view';
import { generalOfSeat } from './seat-view';

/** The chronicle's tags of a nation rising (건국, 거병, the 공백지's NPC nations, the invaders) and falling (멸망). */
const FOUNDED = ['【건국】', '【거병】', '【공지】 공백지에 임의의 국가가 생성되었습니다.', '【이벤트】 각지의 이민족들이 궐기합니다!'];
const FALLEN = ['【멸망】'];

/**
 * What a viewer learns of a move, in words: when the world stands after it, whether time
 * passed (the table's `advance`) or a player acted, the chronicle lines and public action
 * lines it wrote, the nations it raised or ended — never the move's payload (which command
 * a player reserved stays the player's). A seat learns besides its own general's and its
 * nation's lines the move wrote (the results of its turn).
 */
export type MoveTold = {
  /** When the world stands after the move, as the legacy writes a date (`187년 2월`). */
  date: string;
  env: EnvView;
  /**
   * `time`: the table's clock moved (general turns, months: an `advance`); `operator`: the
   * table's operator acted (a block, a notice, the turn term: what it wrote publicly is in
   * `history`); `player`: a seat acted (which seat, and what it did, stay hidden).
   */
  kind: 'time' | 'operator' | 'player';
  history: LineView[];
  /** The public action lines (장수동향) it wrote. */
  logs: LineView[];
  founded: string[];
  fallen: string[];
  /** For a seat viewer: its general's lines of this move. */
  log?: LineView[];
  /** For a seat viewer: its nation's chronicle lines of this move. */
  nationLog?: LineView[];
}

/**
 * What `viewer` (a seat, or null for the public) learns of `move` (as the log keeps it), from
 * the world right after it. Reads only the lines the move wrote, from the newest end, and of
 * the move itself only whether the table or a seat made it and, for the table's, whether it
 * was an advance.
 */
export function moveView(world: World, move: Pick<LoggedMove, 'number' | 'seat' | 'payload'>, viewer: string | null): MoveTold {
  const mine = (e: LogEntry) => e.move === move.number;
  const history = linesSince(world.history, mine, move.number - 1);
  const told: MoveTold = {
    date: `${world.env.year}년 ${world.env.month}월`,
    env: envView(world),
    kind: kindOf(move),
    history,
    logs: linesSince(world.logs, (e) => mine(e) && e.scope === 'world', move.number - 1),
    founded: history.filter((l) => FOUNDED.some((tag) => l.text.startsWith(tag))).map((l) => l.text),
    fallen: history.filter((l) => FALLEN.some((tag) => l.text.startsWith(tag))).map((l) => l.text),
  };
  if (viewer === null) return told;
  const general = generalOfSeat(world, viewer);
  if (general === undefined) return { ...told, log: [], nationLog: [] };
  return {
    ...told,
    log: linesSince(world.logs, (e) => mine(e) && e.scope === 'general' && e.subject === general.id, move.number - 1),
    nationLog: general.nation === 0 ? [] : linesSince(world.logs, (e) => mine(e) && e.scope === 'nation' && e.subject === general.nation, move.number - 1),
  };
}

function kindOf(move: Pick<LoggedMove, 'seat' | 'payload'>): MoveTold['kind'] {
  if (move.seat !== null) return 'player';
  const type = typeof move.payload === 'object' && move.payload !== null && !Array.isArray(move.payload) ? move.payload.type : undefined;
  return type === 'advance' ? 'time' : 'operator';
}

import { phpRound } from './php-math';
import type { TournamentEntry } from './types';

/** The stage machine's stages (legacy game_env `tournament`). */
export const Stage = {
  none: 0,
  recruiting: 1,
  qualifiers: 2,
  draw: 3,
  finalsGroups: 4,
  seeding: 5,
  betting: 6,
  roundOf16: 7,
  quarterFinals: 8,
  semiFinals: 9,
  final: 10,
} as const;

const SECOND = 1000;

/**
 * One stage step lasts the turn term read as seconds, kept within 5–120 (legacy
 * `calcTournamentTerm`): a 60-minute server plays a game a minute, sixty steps a month.
 */
export function stepMs(turnterm: number): number {
  return Math.min(Math.max(turnterm, 5), 120) * SECOND;
}

/** Betting stays open sixty steps, at most an hour. */
export function bettingMs(turnterm: number): number {
  return Math.min(stepMs(turnterm) * 60, 3600 * SECOND);
}

/** One of the four tournament kinds: what is measured, what it is called, the skills it shouts. */
export interface TournamentKind {
  name: string;
  /** Whom the opening proclamation calls for. */
  calls: string;
  /** The legacy `rank_data` prefix of its records (`tt` + w/d/l/g/p). */
  rankPrefix: string;
  /** The fighting strength of an entry. */
  stat(entry: Pick<TournamentEntry, 'leadership' | 'strength' | 'intel'>): number;
  /** What recruiting weighs (to the power 1.5) when it fills the empty seats: 전력전 the plain sum. */
  recruitScore(entry: Pick<TournamentEntry, 'leadership' | 'strength' | 'intel'>): number;
  rage: readonly string[];
  fatality: string;
  skills: readonly string[];
  /** The slots whose rare (unbuyable) item gets a line before the fight. */
  itemSlots: readonly ('horse' | 'weapon' | 'book')[];
}

/**
 * 전력전 fights with (통 + 무 + 지) × 7 / 15 as MariaDB computes it: a DECIMAL with four places,
 * rounded half up (never a tie here: n / 15 has no exact half at the fifth place).
 */
function totalPower(e: Pick<TournamentEntry, 'leadership' | 'strength' | 'intel'>): number {
  return phpRound(((e.leadership + e.strength + e.intel) * 7) / 15, 4);
}

export const TOURNAMENT_KINDS: readonly TournamentKind[] = [
  {
    name: '전력전', calls: '영웅', rankPrefix: 'tt',
    stat: totalPower, recruitScore: (e) => e.leadership + e.strength + e.intel,
    rage: ['전력', '집중'], fatality: '압도', skills: ['참격', '집중', '역공', '반격', '선제', '도발'], itemSlots: ['horse', 'weapon', 'book'],
  },
  {
    name: '통솔전', calls: '명사', rankPrefix: 'tl',
    stat: (e) => e.leadership, recruitScore: (e) => e.leadership,
    rage: ['봉시진', '어린진'], fatality: '팔문금쇄진', skills: ['추행진', '학익진', '장사진', '형액진', '기형진', '구행진'], itemSlots: ['horse'],
  },
  {
    name: '일기토', calls: '용사', rankPrefix: 'ts',
    stat: (e) => e.strength, recruitScore: (e) => e.strength,
    rage: ['삼단', '나선'], fatality: '일격 필살', skills: ['기합', '기염', '반격', '역공', '삼단', '나선'], itemSlots: ['weapon'],
  },
  {
    name: '설전', calls: '책사', rankPrefix: 'ti',
    stat: (e) => e.intel, recruitScore: (e) => e.intel,
    rage: ['독설', '논파'], fatality: '모독 욕설', skills: ['논파', '항변', '반론', '반박', '도발', '면박'], itemSlots: ['book'],
  },
];

export function tournamentKind(kind: number): TournamentKind {
  const found = TOURNAMENT_KINDS[kind];
  if (!found) throw new RangeError(`tournament kind must be 0 to 3, got ${kind}`);
  return found;
}

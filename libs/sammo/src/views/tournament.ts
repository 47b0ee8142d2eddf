import { Stage, stepMs, tournamentKind } from '../world/tournament-kinds';
import { phpRound } from '../world/php-math';
import type { General, Tournament, TournamentEntry, World } from '../world/types';

/** The stages as the legacy names them (`getTournament`). */
export const STAGE_NAMES: readonly string[] = [
  '경기 없음', '참가 모집중', '예선 진행중', '본선 추첨중', '본선 진행중', '16강 배정중', '베팅 진행중', '16강 진행중', '8강 진행중', '4강 진행중', '결승 진행중',
];

/** What the next step of each stage is (`getTournamentTime`'s labels before `tnmt_time`). */
const NEXT_STEP_LABELS: readonly (string | null)[] = [null, '개막시간', '다음경기', '다음추첨', '다음경기', '16강배정', '베팅마감', '다음경기', '다음경기', '다음경기', '다음경기'];

/** The column each kind ranks its tables by (b_tournament's `$tp2`): 전력전 the plain sum. */
const STAT_NAMES: readonly string[] = ['종합', '통솔', '무력', '지력'];

/** The knockout rows of the bracket, from the winner down (b_tournament: `grp >= 60 … LIMIT 1` to `grp >= 20 … LIMIT 16`). */
const BRACKET_ROUNDS: readonly (readonly [grp: number, seats: number])[] = [[60, 1], [50, 2], [40, 4], [30, 8], [20, 16]];

/** One seat of a group's table (b_tournament's `printRow`), in the table's order. */
export type TournamentRowView = {
  generalId: number; npc: number; name: string;
  /** The kind's column (종합 is 통+무+지). */
  stat: number;
  games: number; win: number; draw: number; lose: number;
  /** 승점: 3 a win, 1 a draw. */
  points: number;
  /** 득실 (legacy `gl`). */
  gl: number;
  /** Promoted from a finished league (shown in orange). */
  prmt: number;
}

/** A seat of the bracket; null where the legacy prints `-`. */
export type BracketSeatView = { generalId: number; npc: number; name: string; stat: number; won: boolean } | null;

/** A candidate of the betting (b_betting's round of 16), with what everybody staked on it. */
export type BettingCandidateView = {
  generalId: number; name: string; npc: number;
  /** Gold staked on it by everyone. */
  total: number;
  /** 배당률: all stakes / its stakes, to two places (legacy `round($globalBetTotal / $amount, 2)`); null while nobody backs it (the page shows 0). */
  ratio: number | null;
}

/**
 * The tournament as every general of the world reads it (b_tournament.php, b_betting.php,
 * GetFrontInfo's tournament fields): the same for all, so public. No general's own bet.
 */
export type TournamentBoardView = {
  stage: number;
  stageName: string;
  phase: number;
  kind: number;
  kindName: string;
  statName: string;
  /** Epoch ms of the next step and what it is (null with no tournament running). */
  nextStep: number;
  nextStepLabel: string | null;
  /** Seconds a game (legacy `calcTournamentTerm`, `getTournamentTermText`). */
  stepSeconds: number;
  /** The entry fee (legacy `develcost`, the 참가 button's confirmation). */
  entryFee: number;
  /** 조별 예선 (groups 0–7) and 조별 본선 (10–17), each by points, goal difference, seating. */
  qualifiers: TournamentRowView[][];
  finals: TournamentRowView[][];
  /** 16강 승자전, from the winner's row (1 seat) to the round of 16 (16 seats). */
  bracket: BracketSeatView[][];
  /** The last fights' logs the page shows at this stage and phase (legacy `printFighting`), by group. */
  fights: { grp: number; lines: string[] }[];
  /** The betting on the winner; null before the round of 16 is set. */
  betting: { id: number; open: boolean; total: number; candidates: BettingCandidateView[] } | null;
}

/** A general's own part (b_tournament's 참가 button, b_betting's 내 투자 금액): read by its seat only. */
export type OwnTournamentView = {
  /** Seated in this tournament (legacy `general.tournament`). */
  entered: boolean;
  /** Drawn into empty seats when recruiting ends (자동참여), unless it chose hand entry only. */
  autoEntry: boolean;
  /** Its stakes on this betting, per candidate (legacy `myBet`). */
  bets: { target: number; amount: number }[];
}

/** The public board; null where tournaments are off. */
export function tournamentBoard(world: World): TournamentBoardView | null {
  const t = world.tournament;
  if (!t) return null;
  const kind = tournamentKind(t.kind);
  // The tables show the plain stat (전력전: 통+무+지), not the 7/15 the fights use.
  const stat = (e: TournamentEntry) => kind.recruitScore(e);
  const table = (grp: number): TournamentRowView[] => t.entries
    .map((e, seq) => ({ e, seq }))
    .filter(({ e }) => e.grp === grp)
    // `order by gd desc, gl desc, seq`: the entries are kept in seating order.
    .sort((a, b) => points(b.e) - points(a.e) || b.e.gl - a.e.gl || a.seq - b.seq)
    .map(({ e }) => ({
      generalId: e.generalId, npc: e.npc, name: e.name, stat: stat(e), games: e.win + e.draw + e.lose, win: e.win, draw: e.draw, lose: e.lose,
      points: points(e), gl: e.gl, prmt: e.prmt,
    }));
  const byPlace = [...t.entries].sort((a, b) => a.grp - b.grp || a.grpNo - b.grpNo);
  const bracket = BRACKET_ROUNDS.map(([from, seats]) => {
    const row: BracketSeatView[] = byPlace.filter((e) => e.grp >= from).slice(0, seats)
      .map((e) => ({ generalId: e.generalId, npc: e.npc, name: e.name, stat: stat(e), won: e.win > 0 }));
    while (row.length < seats) row.push(null);
    return row;
  });
  return {
    stage: t.stage, stageName: STAGE_NAMES[t.stage]!, phase: t.phase, kind: t.kind, kindName: kind.name, statName: STAT_NAMES[t.kind]!,
    nextStep: t.nextStep, nextStepLabel: NEXT_STEP_LABELS[t.stage]!, stepSeconds: stepMs(world.env.turnterm) / 1000, entryFee: world.env.develcost,
    qualifiers: range(8).map((i) => table(i)), finals: range(8).map((i) => table(10 + i)), bracket,
    fights: fightGroups(t.stage, t.phase).map((grp) => ({ grp, lines: [...(t.fightLogs[grp] ?? [])] })),
    betting: bettingBoard(world, t),
  };
}

/** The general's own entry and stakes; null where tournaments are off. */
export function ownTournament(world: World, general: General): OwnTournamentView | null {
  const t = world.tournament;
  if (!t) return null;
  return {
    entered: t.entries.some((e) => e.generalId === general.id),
    autoEntry: !t.handEntryOnly.includes(general.id),
    bets: (t.betting?.bets ?? []).filter((b) => b.generalId === general.id).map(({ target, amount }) => ({ target, amount })),
  };
}

function points(e: TournamentEntry): number {
  return e.win * 3 + e.draw;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Legacy `printFighting($tournament, $phase)` as b_tournament calls it: which groups' last fights are shown. */
export function fightGroups(stage: number, phase: number): number[] {
  // The page prints at these stages only: the knockout and after (7+, 0), the finals groups (4, 5), the qualifiers (2, 3).
  if (stage === Stage.recruiting || stage === Stage.betting) return [];
  const code = stage * 100 + phase;
  if (code === 0) return [50];
  if (code <= 300) return range(8);
  if (code < 400) return [];
  if (code <= 500) return range(8).map((i) => 10 + i);
  if (code < 700) return [];
  if (code <= 800) return range(8).map((i) => 20 + i);
  if (code <= 900) return range(4).map((i) => 30 + i);
  if (code <= 1000) return [40, 41];
  return [];
}

function bettingBoard(world: World, t: Tournament): TournamentBoardView['betting'] {
  const b = t.betting;
  if (!b) return null;
  const staked = new Map<number, number>();
  let total = 0;
  for (const bet of b.bets) {
    staked.set(bet.target, (staked.get(bet.target) ?? 0) + bet.amount);
    total += bet.amount;
  }
  const entry = new Map<number, TournamentEntry>();
  for (const e of t.entries) if (e.grp >= 20 && e.grp < 30) entry.set(e.generalId, e);
  const candidates = b.candidates.map((id): BettingCandidateView => {
    const e = entry.get(id);
    const mine = staked.get(id) ?? 0;
    return {
      generalId: id, name: e?.name ?? world.generals.get(id)?.name ?? '-', npc: e?.npc ?? 0, total: mine,
      ratio: mine === 0 ? null : phpRound(total / mine, 2),
    };
  });
  return { id: b.id, open: b.open, total, candidates };
}

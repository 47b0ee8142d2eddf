import type { StreamSource } from '../state/turn-run';
import type { General, Tournament, TournamentEntry, World } from '../world/types';
import { tournamentKind } from '../world/tournament-kinds';
import { Stage, tournamentStream } from './state';

export const GROUPS = 8;
export const SEATS = 8;

/** The snapshot a general is seated with: its stats, level, horse, weapon and book as they are now. */
function entryOf(general: General, grp: number, grpNo: number): TournamentEntry {
  const { horse, weapon, book } = general.items ?? {};
  const items = Object.fromEntries(Object.entries({ horse, weapon, book }).filter(([, key]) => key !== undefined));
  return {
    generalId: general.id, npc: general.npc, name: general.name,
    leadership: general.leadership, strength: general.strength, intel: general.intel, lvl: general.explevel,
    grp, grpNo, win: 0, draw: 0, lose: 0, gl: 0, prmt: 0,
    ...(Object.keys(items).length > 0 ? { items } : {}),
  };
}

/** An empty seat's stand-in: 무명장수, all 10. */
function dummyEntry(grp: number, grpNo: number): TournamentEntry {
  return {
    generalId: 0, npc: 2, name: '무명장수', leadership: 10, strength: 10, intel: 10, lvl: 10,
    grp, grpNo, win: 0, draw: 0, lose: 0, gl: 0, prmt: 0,
  };
}

function groupCounts(tournament: Tournament): number[] {
  const counts = new Array<number>(GROUPS).fill(0);
  for (const e of tournament.entries) if (e.grp < GROUPS) counts[e.grp]! += 1;
  return counts;
}

export function hasEntered(tournament: Tournament, generalId: number): boolean {
  return tournament.entries.some((e) => e.generalId === generalId);
}

/**
 * A general's own entry (legacy 참가 button): the fee of `develcost` gold, a seat in a group
 * drawn among those with one free, and the qualifiers start at once when the last seat goes.
 * (The legacy's free-group list keeps full groups by mistake, which can seat a ninth entrant
 * who never plays; only groups with a free seat are drawn here.)
 */
export function joinTournament(world: World, general: General, random: StreamSource): void {
  const tournament = world.tournament!;
  general.gold -= world.env.develcost;
  const counts = groupCounts(tournament);
  const free = counts.flatMap((count, grp) => (count < SEATS ? [grp] : []));
  const grp = tournamentStream(random, tournament, 'join', general.id).choice(free);
  tournament.entries.push(entryOf(general, grp, counts[grp]!));
  if (free.length === 1 && counts[grp] === SEATS - 1) {
    tournament.stage = Stage.qualifiers;
    tournament.phase = 0;
  }
}

/**
 * Recruiting ends (`fillLowGenAll`): the empty seats go to generals who enter automatically,
 * drawn by weight (their kind's score to the power 1.5), each into the emptiest group, and
 * what is still empty to 무명장수.
 */
export function fillSeats(world: World, random: StreamSource): void {
  const tournament = world.tournament!;
  const counts = groupCounts(tournament);
  let toFill = GROUPS * SEATS - counts.reduce((a, b) => a + b, 0);
  if (toFill === 0) return;
  const kind = tournamentKind(tournament.kind);
  const handOnly = new Set(tournament.handEntryOnly);
  const entered = new Set(tournament.entries.map((e) => e.generalId));
  let candidates = [...world.generals.values()]
    .filter((g) => !handOnly.has(g.id) && !entered.has(g.id))
    .sort((a, b) => a.id - b.id)
    .map((g) => [g, kind.recruitScore(g) ** 1.5] as const);
  const rng = tournamentStream(random, tournament, 'fill');
  for (; toFill > 0 && candidates.length > 0; toFill--) {
    const general = rng.choiceUsingWeight(candidates);
    candidates = candidates.filter(([g]) => g !== general);
    const grp = counts.indexOf(Math.min(...counts));
    tournament.entries.push(entryOf(general, grp, counts[grp]!));
    counts[grp]! += 1;
  }
  counts.forEach((count, grp) => {
    for (let grpNo = count; grpNo < SEATS; grpNo++) tournament.entries.push(dummyEntry(grp, grpNo));
  });
}

/** Why `general` may not enter the tournament now, or null. */
export function whyNotJoin(world: World, general: General): string | null {
  const tournament = world.tournament;
  if (!tournament) return 'tournaments are not enabled on this table (table option "tournaments")';
  if (tournament.stage !== Stage.recruiting) return 'no tournament is recruiting: entries are taken from its opening until the qualifiers start';
  if (hasEntered(tournament, general.id)) return `${general.name} has already entered this tournament`;
  if (general.gold < world.env.develcost) return `${general.name} has ${general.gold} gold; the entry fee is ${world.env.develcost}`;
  return null;
}

/** A general's standing choice (legacy 자동참여/수동참여): hand-entry-only generals are never drawn into empty seats. */
export function setAutoEntry(tournament: Tournament, generalId: number, auto: boolean): void {
  const others = tournament.handEntryOnly.filter((id) => id !== generalId);
  tournament.handEntryOnly = auto ? others : [...others, generalId].sort((a, b) => a - b);
}

import { fight, newTournament, settleGame, tournamentKind, type RandUtil } from '@chronicle/sammo/rules';
import type { GeneralItems, TournamentEntry } from '@chronicle/sammo';
import type { Area } from './areas';
import { pick } from './case-helpers';
import { randomItems } from './fixtures';
import { phpFightDice } from './php-mt';

interface FighterCase {
  no: number; name: string; leadership: number; strength: number; intel: number; lvl: number; points: number;
  /** The horse, weapon and book seated with (the command cases' draw; a rare one gets a line). */
  items?: Pick<GeneralItems, 'horse' | 'weapon' | 'book'>;
}
interface TournamentCase { seed: number; kind: number; mode: 'league' | 'knockout'; fighters: [FighterCase, FighterCase] }
interface TournamentResult {
  lines: string[];
  rows: { win: number; draw: number; lose: number; gl: number }[];
  /** The fighters' rank_data after the game: w, d, l, g of the kind (generals with a row only). */
  records: Record<string, [number, number, number, number]>;
}

const NAMES = ['조조', '유비', '손권', '여포', '관우', '장비', '제갈량', '사마의', '무명장수'];

function fighter(rng: RandUtil, no: number, weak: boolean): FighterCase {
  // Close stats now and then, so that draws, rage and double knock-outs come up; weak twins
  // (coarse damage against small energies) fall together often enough to see the rematch.
  const stat = () => (weak ? 10 + rng.nextInt(3) : rng.nextBool(0.2) ? 70 + rng.nextInt(5) : 10 + rng.nextInt(90));
  return {
    no, name: pick(rng, NAMES), leadership: stat(), strength: stat(), intel: stat(),
    lvl: rng.nextBool(0.5) ? 10 : rng.nextInt(60), points: pick(rng, [0, 0, 1, 3, -2, 12]),
  };
}

/** Two fighters; a quarter of the time twins by stats, so that both fall in one exchange now and then. */
function fighters(rng: RandUtil, weak: boolean): [FighterCase, FighterCase] {
  const first = fighter(rng, 1, weak);
  // General 0 is a 무명장수 without rank_data.
  const second = fighter(rng, rng.nextBool(0.2) ? 0 : 2, weak);
  if (weak || rng.nextBool(0.25)) return [first, { ...first, no: second.no, name: second.name, points: second.points }];
  return [first, second];
}

/**
 * One legacy `fight` on two tournament rows, PHP's generator seeded by the case: the log
 * (tags stripped), the group scores and the generals' records. libs/sammo fights with the same
 * Mersenne Twister behind its dice, so every draw, exchange and skill line can be compared.
 */
export const tournamentArea: Area<TournamentCase, TournamentResult> = {
  name: 'tournament',
  about: "a tournament game (legacy fight): the rare items' lines, exchanges, rage, fatality, skills, overkill, rematch; scores and rank_data",
  generate: (rng, count) =>
    Array.from({ length: count }, () => {
      const weak = rng.nextBool(0.15);
      const c: TournamentCase = { seed: rng.nextInt(0x7fffffff), kind: rng.nextInt(3), mode: weak || rng.nextBool(0.5) ? 'knockout' : 'league', fighters: fighters(rng, weak) };
      c.fighters = c.fighters.map((f) => {
        const held: { items?: GeneralItems } = {};
        randomItems(rng, held);
        const { item: _tool, ...seated } = held.items ?? {};
        return Object.keys(seated).length > 0 ? { ...f, items: seated } : f;
      }) as [FighterCase, FighterCase];
      return c;
    }),
  sammo: ({ seed, kind, mode, fighters }) => {
    const tournament = newTournament(false);
    tournament.kind = kind;
    const { rankPrefix } = tournamentKind(kind);
    const entries: TournamentEntry[] = fighters.map((f, grpNo) => {
      if (f.no > 0) tournament.records[f.no] = { [rankPrefix + 'g']: f.points };
      return {
        generalId: f.no, npc: 0, name: f.name, leadership: f.leadership, strength: f.strength, intel: f.intel, lvl: f.lvl, grp: 0, grpNo, win: 0, draw: 0, lose: 0, gl: 0, prmt: 0,
        ...(f.items ? { items: f.items } : {}),
      };
    });
    const [first, second] = entries as [TournamentEntry, TournamentEntry];
    const outcome = fight(tournamentKind(kind), first, second, mode, phpFightDice(seed));
    settleGame(tournament, first, second, outcome.result, outcome.taken);
    const records: TournamentResult['records'] = {};
    for (const f of fighters) {
      if (f.no > 0) records[f.no] = ['w', 'd', 'l', 'g'].map((k) => tournament.records[f.no]?.[rankPrefix + k] ?? 0) as [number, number, number, number];
    }
    return { lines: outcome.lines, rows: entries.map(({ win, draw, lose, gl }) => ({ win, draw, lose, gl })), records };
  },
};

import type { Label } from '@chronicle/engine';
import { streamFromSeed } from '../rng/streams';
import { emptyWorld } from '../scenario/new-world';
import { Diplo } from '../world/constants';
import { newCity, newGeneral, newNation, type GeneralSeed } from '../state/factory';
import type { General, World } from '../world/types';
import type { CommandContext } from '../commands/command';
import type { StreamSource } from '../state/turn-run';

export const TEST_SEED = '5a'.repeat(32);
export const START = Date.UTC(2026, 0, 1);

/** Streams as a move would get them, for code tested outside the engine. */
export function seededStreams(seed = TEST_SEED): StreamSource & { labels: string[] } {
  const labels: string[] = [];
  return {
    labels,
    stream(...l: Label[]) {
      labels.push(l.join('/'));
      return streamFromSeed(seed, ...l);
    },
  };
}

/**
 * Three cities in a row (1–2–3), nation 1 holding 1 and 2 with its capital at 1, nation 2
 * holding 3; a 60-minute turn; the clock at the opening of 190-01.
 */
export function smallWorld(): World {
  const world = emptyWorld({ scenarioId: 0, title: 'test', startyear: 190, fiction: 0, turnterm: 60, start: START, maxgeneral: 100, autorunLimitMinutes: 0 });
  const stats = { pop: 100000, agri: 1000, comm: 1000, secu: 1000, def: 2000, wall: 2000, popMax: 400000, agriMax: 10000, commMax: 10000, secuMax: 10000, defMax: 8000, wallMax: 8000, trust: 50 };
  world.cities[1] = newCity({ id: 1, name: '가', level: 5, region: 1, neighbours: [2], ...stats });
  world.cities[2] = newCity({ id: 2, name: '나', level: 5, region: 1, neighbours: [1, 3], ...stats });
  world.cities[3] = newCity({ id: 3, name: '다', level: 5, region: 1, neighbours: [2], ...stats });
  world.nations.set(1, newNation({ id: 1, name: '위', color: '#000', capital: 1, gold: 10000, rice: 10000, tech: 1000, level: 2, type: 'che_중립' }));
  world.nations.set(2, newNation({ id: 2, name: '오', color: '#f00', capital: 3, gold: 10000, rice: 10000, tech: 1000, level: 1, type: 'che_중립' }));
  world.cities[1]!.nation = 1;
  world.cities[2]!.nation = 1;
  world.cities[3]!.nation = 2;
  world.diplomacy.set('1:2', { state: Diplo.normal, term: 0, dead: 0 });
  world.diplomacy.set('2:1', { state: Diplo.normal, term: 0, dead: 0 });
  world.env.nextNationId = 3;
  return world;
}

/** Adds a general (defaults: user of nation 1 in city 1, stats 50, turn 1 minute into the month). */
export function addGeneral(world: World, seed: Partial<GeneralSeed> & { id: number }): General {
  const general = newGeneral({
    name: `장수${seed.id}`, npc: 0, nation: 1, city: 1, officerLevel: 1, leadership: 50, strength: 50, intel: 50,
    bornyear: 160, deadyear: 250, year: world.env.year, affinity: 10, turntime: world.env.turntime + 60_000 * seed.id,
    killturn: world.env.killturn, owner: seed.npc !== undefined && seed.npc >= 2 ? null : `user-${seed.id}`, ...seed,
  });
  world.generals.set(general.id, general);
  const nation = world.nations.get(general.nation);
  if (nation) nation.gennum += 1;
  world.env.nextGeneralId = Math.max(world.env.nextGeneralId, general.id + 1);
  return general;
}

/** A command's context for general `id` as a turn makes it, its stream labelled (`label`, id). */
export function commandContext(world: World, id: number, label: string): CommandContext {
  const general = world.generals.get(id)!;
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, label, id),
    random: seededStreams(),
  };
}

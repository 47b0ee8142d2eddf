import { jetstreamManager, JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { EventSubjects, StreamRoles, type HeaderV1, type WorldEventV1 } from '@chronicle/contracts';
import { chapterTableId, clockOptions, firstChapter, UnknownTable, type JsonObject } from '@chronicle/engine';
import type { LogClient } from '@chronicle/bus';
import { DEFAULT_START, sammo } from '@chronicle/sammo';
import { CliError } from '../terminal/output';
import type { Remote } from './connection';

/** The strategy worlds this build ships (libs/sammo): a world opens from one of them by name. */
export const BUILT_IN_WORLDS = ['sample', 'synthetic'] as const;
export type BuiltInWorld = (typeof BUILT_IN_WORLDS)[number];

/** How a world opens: everything `npm start` decides for the sample world, as an operator chooses it. */
export interface WorldSpec {
  world: string;
  /** A scenario the build ships, or the options naming a scenario file sent by reference (`scenarioOptions`). */
  scenario: BuiltInWorld | JsonObject;
  seats: string[];
  /** Game minutes a turn (a game month) lasts: a divisor of 120 (legacy 턴시간). */
  turnterm: number;
  /** Wall-clock milliseconds per game month: the clock runs at turnterm ÷ monthMs. */
  monthMs: number;
  /** Game years per chapter (0: one table for the world's whole life). */
  chapterYears: number;
  /** Wall time (epoch ms) the world's clock starts at: now, or later for an announced opening. */
  startAt: number;
}

/**
 * Opens a world's first chapter as `npm start` opens the sample world: a strategy game
 * on a game clock (a game month every `monthMs`, ticks coalesced to one a month), in
 * chapters that the scheduler opens one after the other.
 */
export async function openWorld(log: LogClient, spec: WorldSpec): Promise<HeaderV1> {
  if (120 % spec.turnterm !== 0) throw new CliError(`a turn term divides 120 minutes (1, 2, 5, 10, 20, 30, 60, 120…), not ${spec.turnterm}; pick one of those`);
  const tableId = chapterTableId(spec.world, 1);
  const speed = (spec.turnterm * 60_000) / spec.monthMs;
  await log.open({
    tableId, gameId: sammo.id, seats: spec.seats,
    options: {
      ...(typeof spec.scenario === 'string' ? { world: spec.scenario } : spec.scenario), turnterm: spec.turnterm, chapterYears: spec.chapterYears, ...firstChapter(spec.world),
      // One tick per game month: the executors advance every general due meanwhile in one move.
      ...clockOptions({ openedAt: spec.startAt, gameStart: DEFAULT_START, speed, minTickInterval: spec.turnterm * 60_000 }),
    },
  });
  return log.header({ tableId });
}

/** Every table id the system has announced (its `tables.<table>` subjects), sorted. */
export async function knownTables(remote: Remote): Promise<string[]> {
  return subjectsOf(remote, StreamRoles.tables, EventSubjects.allTables, 'tables.');
}

/** Every world id the scheduler has announced (its `worlds.<world>` subjects), sorted. */
export async function knownWorlds(remote: Remote): Promise<string[]> {
  return subjectsOf(remote, StreamRoles.worlds, EventSubjects.allWorlds, 'worlds.');
}

async function subjectsOf(remote: Remote, role: string, wildcard: string, head: string): Promise<string[]> {
  const jsm = await jetstreamManager(remote.nc);
  try {
    const subjects = (await jsm.streams.info(remote.subjects.stream(role), { subjects_filter: remote.subjects.of(wildcard) })).state.subjects ?? {};
    return Object.keys(subjects).map((s) => s.slice(remote.subjects.of(head).length)).sort();
  } catch (error) {
    // A system that never opened a table (or has no scheduler) has no such stream: nothing is known.
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return [];
    throw error;
  }
}

/** The latest event the scheduler announced for a world, or undefined for a world it never announced. */
export async function lastWorldEvent(remote: Remote, worldId: string): Promise<WorldEventV1 | undefined> {
  const jsm = await jetstreamManager(remote.nc);
  try {
    return (await jsm.streams.getMessage(remote.subjects.stream(StreamRoles.worlds), { last_by_subj: remote.subjects.of(EventSubjects.worlds(worldId)) }))?.json<WorldEventV1>();
  } catch (error) {
    if (error instanceof JetStreamApiError && (error.code === JetStreamApiCodes.StreamNotFound || error.code === JetStreamApiCodes.NoMessageFound)) return undefined;
    throw error;
  }
}

/** The one line that answers an id naming neither a table nor a world: what there is instead. */
export async function unknownId(remote: Remote, id: string): Promise<CliError> {
  const [worlds, tables] = await Promise.all([knownWorlds(remote), knownTables(remote)]);
  if (worlds.length === 0 && tables.length === 0) {
    return new CliError(`there is no table or world ${id}: this system (prefix ${remote.subjects.prefix}) has none yet; open one with chronicle open-world ${id}`);
  }
  return new CliError(`there is no table or world ${id}; the worlds are: ${list(worlds)}; the tables: ${list(tables)}`);
}

/** A world's chapters as the log holds them: chapter tables are numbered, so the log (the truth) says which is the last. */
export async function worldChapters(log: LogClient, world: string): Promise<HeaderV1[]> {
  const chapters: HeaderV1[] = [];
  for (let number = 1; ; number++) {
    try {
      chapters.push(await log.header({ tableId: chapterTableId(world, number) }));
    } catch (error) {
      if (!(error instanceof UnknownTable)) throw error;
      return chapters;
    }
  }
}

const SHOWN = 12;

function list(ids: string[]): string {
  if (ids.length === 0) return 'none';
  return ids.length > SHOWN ? `${ids.slice(0, SHOWN).join(', ')} and ${ids.length - SHOWN} more (chronicle tables lists them)` : ids.join(', ');
}

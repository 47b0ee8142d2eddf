import { InvalidGame, asInteger, type Json } from '@chronicle/engine';

/** Table options: which world to build and its clock. */
export interface WorldOptions {
  /** The built-in sample, a synthetic world, or a scenario given in `scenario` (and `map`). */
  world: 'sample' | 'synthetic' | 'scenario';
  /** For `world: 'scenario'`: the scenario document, and its map (the `che` map when absent). */
  scenario: Json;
  map: Json;
  /** Epoch ms of the first turn (the table's opening); aligned down to a turn window. */
  start: number;
  turnterm: number;
  /** Synthetic world sizes. */
  cities: number;
  nations: number;
  generals: number;
  /** `autorun_user.limit_minutes`: how long a user's reserved turns keep the AI away (0: never). */
  autorunLimitMinutes: number;
  /** Game years per chapter of the world (0: one table for the world's whole life). */
  chapterYears: number;
  /** The admin's automatic tournament opening (legacy `tnmt_trig`): off unless asked for. */
  tournaments: boolean;
  /** The auction house (legacy's resource auctions and the merchant's lots): off unless asked for. */
  auctions: boolean;
  /**
   * The invader event game after unification (legacy RaiseInvader): off unless asked for, since
   * a world with it on is only finished when that game ends or every offer is declined.
   */
  invaders: boolean;
}

/** 2026-01-01T00:00Z: a fixed opening, since pure rules have no clock of their own. */
export const DEFAULT_START = 1_767_225_600_000;

export function readWorldOptions(options: Readonly<Record<string, Json>>): WorldOptions {
  const world = options.world ?? 'sample';
  if (world !== 'sample' && world !== 'synthetic' && world !== 'scenario') throw new InvalidGame('options.world must be "sample", "synthetic" or "scenario"');
  if (world === 'scenario' && options.scenario === undefined) throw new InvalidGame('options.scenario is required for world "scenario"');
  return {
    world,
    scenario: options.scenario ?? null,
    map: options.map ?? null,
    start: options.start === undefined ? DEFAULT_START : asInteger(options.start, 'options.start', 0),
    turnterm: options.turnterm === undefined ? 60 : asInteger(options.turnterm, 'options.turnterm', 1, 1440),
    cities: options.cities === undefined ? 94 : asInteger(options.cities, 'options.cities', 2, 10_000),
    nations: options.nations === undefined ? 12 : asInteger(options.nations, 'options.nations', 1, 1_000),
    generals: options.generals === undefined ? 1200 : asInteger(options.generals, 'options.generals', 1, 100_000),
    autorunLimitMinutes: options.autorunLimitMinutes === undefined ? 0 : asInteger(options.autorunLimitMinutes, 'options.autorunLimitMinutes', 0),
    chapterYears: options.chapterYears === undefined ? 0 : asInteger(options.chapterYears, 'options.chapterYears', 0, 100),
    tournaments: readFlag(options.tournaments, 'options.tournaments'),
    auctions: readFlag(options.auctions, 'options.auctions'),
    invaders: readFlag(options.invaders, 'options.invaders'),
  };
}

function readFlag(value: Json | undefined, path: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new InvalidGame(`${path} must be true or false`);
  return value;
}

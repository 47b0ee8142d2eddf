import { IllegalMove, type Json } from '@chronicle/engine';
import type { World } from '../world/types';

/** Argument readers for commands: they throw `IllegalMove` with the fix the player needs. */
export function argObject(raw: Json, command: string): Record<string, Json> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new IllegalMove(`${command} takes an object argument`);
  }
  return raw;
}

export function argInt(o: Record<string, Json>, key: string, command: string, min: number, max: number): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new IllegalMove(`${command}: ${key} must be an integer from ${min} to ${max}`);
  }
  return v;
}

export function argBool(o: Record<string, Json>, key: string, command: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') throw new IllegalMove(`${command}: ${key} must be true or false`);
  return v;
}

export function argCity(o: Record<string, Json>, key: string, command: string, world: World): number {
  return argInt(o, key, command, 1, world.cities.length - 1);
}

export function argGeneral(o: Record<string, Json>, key: string, command: string, world: World): number {
  const id = argInt(o, key, command, 1, Number.MAX_SAFE_INTEGER);
  if (!world.generals.has(id)) throw new IllegalMove(`${command}: there is no general ${id}`);
  return id;
}

export function argNation(o: Record<string, Json>, key: string, command: string, world: World): number {
  const id = argInt(o, key, command, 1, Number.MAX_SAFE_INTEGER);
  if (!world.nations.has(id)) throw new IllegalMove(`${command}: there is no nation ${id}`);
  return id;
}

export function noArg(raw: Json, command: string): null {
  if (raw !== null && !(typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0)) {
    throw new IllegalMove(`${command} takes no argument`);
  }
  return null;
}

export function argString(o: Record<string, Json>, key: string, command: string, pattern: RegExp, what: string): string {
  const v = o[key];
  if (typeof v !== 'string' || !pattern.test(v)) throw new IllegalMove(`${command}: ${key} must be ${what}`);
  return v;
}

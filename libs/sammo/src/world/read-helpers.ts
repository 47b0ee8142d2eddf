import { InvalidGame, asArray, asInteger, asJson, asObject, asString, type Json } from '@chronicle/engine';

/** Field readers for stored worlds: each names the path it refused. */
export type Fields = Record<string, unknown>;

export function obj(value: unknown, path: string): Fields {
  return asObject(value, path);
}

export function arr(value: unknown, path: string): unknown[] {
  return asArray(value, path);
}

export function int(o: Fields, key: string, path: string, min?: number, max?: number): number {
  return asInteger(o[key], `${path}.${key}`, min, max);
}

export function num(o: Fields, key: string, path: string, min = -Infinity, max = Infinity): number {
  const value = o[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidGame(`${path}.${key} must be a finite number`);
  if (value < min || value > max) throw new InvalidGame(`${path}.${key} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function str(o: Fields, key: string, path: string): string {
  return asString(o[key], `${path}.${key}`);
}

export function nullableStr(o: Fields, key: string, path: string): string | null {
  return o[key] === null ? null : str(o, key, path);
}

export function nullableInt(o: Fields, key: string, path: string, min?: number, max?: number): number | null {
  return o[key] === null ? null : int(o, key, path, min, max);
}

export function json(o: Fields, key: string, path: string): Json {
  if (!(key in o)) throw new InvalidGame(`${path}.${key} is missing`);
  return asJson(o[key], `${path}.${key}`);
}

export function intRecord(value: unknown, path: string): Record<string, number> {
  const o = obj(value, path);
  const out: Record<string, number> = {};
  for (const key of Object.keys(o)) out[key] = int(o, key, path);
  return out;
}

export function intArray(value: unknown, path: string, length?: number): number[] {
  const items = arr(value, path).map((v, i) => asInteger(v, `${path}[${i}]`));
  if (length !== undefined && items.length !== length) throw new InvalidGame(`${path} must hold ${length} numbers, got ${items.length}`);
  return items;
}

export function strArray(value: unknown, path: string): string[] {
  return arr(value, path).map((v, i) => asString(v, `${path}[${i}]`));
}

import { asArray, asInteger, asObject } from '@chronicle/engine';
import { ints, nullable, num as numField, str as strField, strs } from './fields';

/**
 * Field readers for documents read by hand (scenarios, the unit set, stored events): each
 * reads one key of an object and names the path it refused, as the declared fields do
 * (./fields.ts).
 */
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

export function num(o: Fields, key: string, path: string, min?: number, max?: number): number {
  return numField(min, max).read(o[key], `${path}.${key}`);
}

export function str(o: Fields, key: string, path: string): string {
  return strField().read(o[key], `${path}.${key}`);
}

export function nullableStr(o: Fields, key: string, path: string): string | null {
  return nullable(strField()).read(o[key], `${path}.${key}`);
}

export function nullableInt(o: Fields, key: string, path: string, min?: number, max?: number): number | null {
  return o[key] === null ? null : int(o, key, path, min, max);
}

export function intArray(value: unknown, path: string, length?: number): number[] {
  return ints(length).read(value, path);
}

export function strArray(value: unknown, path: string): string[] {
  return strs().read(value, path);
}

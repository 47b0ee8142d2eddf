import { InvalidGame, asArray, asInteger, asJson, asObject, asString, type Json } from '@chronicle/engine';

/**
 * How one stored field is read and what a new entity holds in it. An entity is declared once
 * as a shape of fields (world/entities.ts); its type ({@link EntityOf}), its reader
 * ({@link readShape}: every check a stored world passes before the engine plays it) and the
 * values a new one starts with ({@link initialOf}) all come from that declaration.
 */
export interface Field<T, Optional extends boolean = boolean, HasInitial extends boolean = boolean> {
  /** Reads the value at `path`, refusing with `InvalidGame` anything out of shape. */
  readonly read: (value: unknown, path: string) => T;
  /** An optional field is left out of the document while absent (never null), so worlds without it hash as before. */
  readonly optional: Optional;
  /** The value a new entity starts with (a fresh copy each time), when the declaration gives one. */
  readonly initial: HasInitial extends true ? () => T : undefined;
}

export type Shape = Record<string, Field<unknown>>;

type ValueOf<F> = F extends Field<infer T> ? T : never;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The entity a shape declares: its optional fields optional, the others required. */
export type EntityOf<S extends Shape> = Flatten<
  { -readonly [K in keyof S as S[K] extends Field<unknown, true> ? never : K]: ValueOf<S[K]> } & {
    -readonly [K in keyof S as S[K] extends Field<unknown, true> ? K : never]?: ValueOf<S[K]>;
  }
>;

/** The fields a new entity takes from the declaration (its initial values). */
export type InitialOf<S extends Shape> = Flatten<{ -readonly [K in keyof S as S[K] extends Field<unknown, boolean, true> ? K : never]: ValueOf<S[K]> }>;

/** The fields a new entity gets from its maker: all but the optional ones and those with an initial value. */
export type SeedOf<S extends Shape> = Flatten<{
  -readonly [K in keyof S as S[K] extends Field<unknown, true> ? never : S[K] extends Field<unknown, boolean, true> ? never : K]: ValueOf<S[K]>;
}>;

const field = <T>(read: (value: unknown, path: string) => T): Field<T, false, false> => ({ read, optional: false, initial: undefined });

/** The same field, absent from a document (and an entity) that does not hold it. */
export function optional<T>(f: Field<T, false>): Field<T, true, false> {
  return { read: f.read, optional: true, initial: undefined };
}

/**
 * The same field, with the value a new entity starts with: a number, string, boolean or null
 * as it is; an object or array made by a function, fresh for each entity so none is ever
 * shared (a plain function: a copy of a template would cost every new entity a deep clone).
 */
export function initially<T>(f: Field<T, false, false>, value: InitialValue<NoInfer<T>>): Field<T, false, true> {
  return { read: f.read, optional: false, initial: (typeof value === 'function' ? value : () => value) as () => T };
}

/** What `initially` takes: a value that cannot be shared, or a maker of a fresh one. */
type InitialValue<T> = T extends object ? () => T : T;

export const int = (min?: number, max?: number) => field((v, path) => asInteger(v, path, min, max));

/** A finite number (JSON has no other), within bounds when given. */
export const num = (min = -Infinity, max = Infinity) =>
  field((v, path) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidGame(`${path} must be a finite number`);
    if (v < min || v > max) throw new InvalidGame(`${path} must be between ${min} and ${max}, got ${v}`);
    return v;
  });

export const str = () => field((v, path) => asString(v, path));

/** One of a few names, refused with the list of them. */
export const oneOf = <const T extends string>(names: readonly T[]) =>
  field((v, path) => {
    if (typeof v !== 'string' || !(names as readonly string[]).includes(v)) throw new InvalidGame(`${path} must be one of ${names.join(', ')}`);
    return v as T;
  });

export const bool = () =>
  field((v, path) => {
    if (typeof v !== 'boolean') throw new InvalidGame(`${path} must be true or false`);
    return v;
  });

/** `true` when present: a flag an optional field carries. */
export const yes = () =>
  field((v, path): true => {
    if (v !== true) throw new InvalidGame(`${path} is true when present`);
    return true;
  });

/** Any JSON value, which must be there (a move's argument). */
export const json = () =>
  field((v, path): Json => {
    if (v === undefined) throw new InvalidGame(`${path} is missing`);
    return asJson(v, path);
  });

/** The field's value, or null. */
export const nullable = <T>(f: Field<T, false>) => field((v, path) => (v === null ? null : f.read(v, path)));

/** Integers, `length` of them when given. */
export const ints = (length?: number) =>
  field((v, path) => {
    const items = asArray(v, path).map((x, i) => asInteger(x, `${path}[${i}]`));
    if (length !== undefined && items.length !== length) throw new InvalidGame(`${path} must hold ${length} numbers, got ${items.length}`);
    return items;
  });

export const strs = () => field((v, path) => asArray(v, path).map((x, i) => asString(x, `${path}[${i}]`)));

/** A list of one field, `length` items (named `noun` in the refusal) when given. */
export const list = <T>(item: Field<T, false>, length?: { count: number; noun: string }) =>
  field((v, path) => {
    const items = asArray(v, path);
    if (length !== undefined && items.length !== length.count) throw new InvalidGame(`${path} must hold ${length.count} ${length.noun}, got ${items.length}`);
    return items.map((x, i) => item.read(x, `${path}[${i}]`));
  });

/** A pair, refused as `what` when it is not two items. */
export const pair = <A, B>(first: Field<A, false>, second: Field<B, false>, what: string) =>
  field((v, path): [A, B] => {
    const items = asArray(v, path);
    if (items.length !== 2) throw new InvalidGame(`${path} must be ${what}`);
    return [first.read(items[0], `${path}[0]`), second.read(items[1], `${path}[1]`)];
  });

/**
 * An object of one field per key (`K` the keys' type); `key` refuses a key that may not be
 * there, given the object's path.
 */
export const record = <T, K extends string | number = string>(value: Field<T, false>, key?: (key: string, path: string) => void) =>
  field((v, path) => {
    const o = asObject(v, path);
    const out: Record<string, T> = {};
    for (const k of Object.keys(o)) {
      key?.(k, path);
      out[k] = value.read(o[k], `${path}.${k}`);
    }
    return out as Record<K, T>;
  });

/** A nested object of its own fields. */
export const shape = <S extends Shape>(fields: S) => field((v, path) => readShape(fields, v, path));

/**
 * An object whose fields are all optional and whose other keys are refused (`unknown` says
 * why); read in the document's order.
 */
export const bag = <S extends Record<string, Field<unknown, true>>>(fields: S, unknown: (key: string, path: string) => string) =>
  field((v, path) => {
    const o = asObject(v, path);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(o)) {
      const f = fields[key];
      if (f === undefined) throw new InvalidGame(unknown(key, path));
      out[key] = f.read(o[key], `${path}.${key}`);
    }
    return out as EntityOf<S>;
  });

/** A field read by its own function (a check the kinds above do not make). */
export const custom = <T>(read: (value: unknown, path: string) => T) => field(read);

/** Reads an entity: each field in the declaration's order, an optional one only when present. */
export function readShape<S extends Shape>(fields: S, value: unknown, path: string): EntityOf<S> {
  const o = asObject(value, path);
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(fields)) {
    if (f.optional && o[key] === undefined) continue;
    out[key] = f.read(o[key], `${path}.${key}`);
  }
  return out as EntityOf<S>;
}

/** Each shape's fields that have an initial value, with its maker: listed once, as many entities are made of one shape. */
const initials = new WeakMap<Shape, ReadonlyArray<readonly [string, () => unknown]>>();

/** The initial values of a new entity, fresh. */
export function initialOf<S extends Shape>(fields: S): InitialOf<S> {
  let makers = initials.get(fields);
  if (makers === undefined) {
    makers = Object.entries(fields).flatMap(([key, f]) => (f.initial === undefined ? [] : [[key, f.initial] as const]));
    initials.set(fields, makers);
  }
  const out: Record<string, unknown> = {};
  for (const [key, make] of makers) out[key] = make();
  return out as InitialOf<S>;
}

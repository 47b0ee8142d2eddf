import type { ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { isReservedKey, parseWireJson } from './wire-json';

export type Validated<T> = { ok: true; value: T } | { ok: false; reasons: string[] };

/**
 * Checks a raw payload against a DTO class: every field typed and in range, no unknown
 * field. Returns the typed value, or every reason it was refused (with the field's path),
 * so that the sender can fix them all at once.
 */
export function validate<T extends object>(dto: ClassConstructor<T>, raw: unknown): Validated<T> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reasons: [`expected a JSON object, got ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`] };
  }
  // class-validator's whitelist overlooks a `__proto__` field: refuse the reserved names here.
  const reserved = Object.keys(raw).filter(isReservedKey);
  if (reserved.length > 0) return { ok: false, reasons: reserved.map((key) => `${key} is a reserved name (an object member) and no field`) };
  const value = instanceWith(dto, raw);
  const errors = validateSync(value, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) return { ok: false, reasons: flatten(errors, '') };
  return { ok: true, value };
}

/**
 * Parses JSON bytes, refuses what cannot be stored as sent (`parseWireJson`: NUL, lone
 * surrogates, reserved keys, depth, unsafe integers, bad UTF-8), then validates.
 */
export function decodeAndValidate<T extends object>(dto: ClassConstructor<T>, bytes: Uint8Array): Validated<T> {
  const parsed = parseWireJson(bytes);
  if (!parsed.ok) return { ok: false, reasons: [parsed.reason] };
  return validate(dto, parsed.value);
}

/**
 * The DTO holding the raw object's fields as they are. The DTOs are flat (no nested classes:
 * a nested one would fail validation here, visibly), so nothing needs class-transformer,
 * which copied a JSON-valued field value by value — for a 60 KiB payload, half the door
 * check. Fields are defined, not assigned, so that a `__proto__` key stays a field (and is
 * refused above) instead of replacing the prototype.
 */
function instanceWith<T extends object>(dto: ClassConstructor<T>, raw: object): T {
  const value = new dto();
  for (const key of Object.keys(raw)) {
    Object.defineProperty(value, key, { value: (raw as Record<string, unknown>)[key], writable: true, enumerable: true, configurable: true });
  }
  return value;
}

function flatten(errors: ValidationError[], parent: string): string[] {
  const reasons: string[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      reasons.push(message.startsWith(error.property) ? `${parent ? `${parent}.` : ''}${message}` : `${path}: ${message}`);
    }
    if (error.children?.length) reasons.push(...flatten(error.children, path));
  }
  return reasons;
}

import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { parseWireJson } from './wire-json';

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
  const value = plainToInstance(dto, raw);
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

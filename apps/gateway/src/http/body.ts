import type { ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { isReservedKey } from '@chronicle/contracts';
import { Refusal } from './refusals';
import { HttpStatus } from '@nestjs/common';

export interface FieldReason {
  field: string;
  message: string;
}

/**
 * A request body checked against its DTO: every field typed and in range, no unknown field.
 * A bad body is a 400 naming the first field (`field`) and listing every reason (`reasons`).
 */
export function parseBody<T extends object>(dto: ClassConstructor<T>, raw: unknown): T {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw refuse([{ field: '(body)', message: '요청 본문이 JSON 객체가 아닙니다 (the body must be a JSON object)' }]);
  }
  const reserved = Object.keys(raw).filter(isReservedKey);
  if (reserved.length > 0) throw refuse(reserved.map((field) => ({ field, message: `${field} is a reserved name, not a field` })));
  const value = new dto();
  for (const key of Object.keys(raw)) {
    Object.defineProperty(value, key, { value: (raw as Record<string, unknown>)[key], writable: true, enumerable: true, configurable: true });
  }
  const errors = validateSync(value, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw refuse(flatten(errors, ''));
  return value;
}

function refuse(reasons: FieldReason[]): Refusal {
  const first = reasons[0]!;
  return new Refusal(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', `${first.field}: ${first.message}`, first.field, reasons);
}

function flatten(errors: ValidationError[], parent: string): FieldReason[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

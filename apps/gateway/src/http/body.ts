import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { isReservedKey } from '@chronicle/contracts';
import { Refusal } from './refusals';
import { createParamDecorator, HttpStatus, type ExecutionContext } from '@nestjs/common';

export interface FieldReason {
  field: string;
  message: string;
}

/** The body of a route that takes no fields (an empty JSON object, or none). */
export class NoBody {}

/**
 * A request body checked against its DTO: every field typed and in range, no unknown field.
 * A bad body is a 400 naming the first field (`field`) and listing every reason (`reasons`).
 */
export function parseBody<T extends object>(dto: ClassConstructor<T>, raw: unknown): T {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw refuse([{ field: '(body)', message: '요청 본문이 JSON 객체가 아닙니다 (the body must be a JSON object)' }]);
  }
  if (dto === NoBody) {
    const extra = Object.keys(raw);
    if (extra.length > 0) throw refuse(extra.map((field) => ({ field, message: `${field}: this route takes no fields (send {})` })));
    return new dto();
  }
  const reserved = reservedKeys(raw, '');
  if (reserved.length > 0) throw refuse(reserved.map((field) => ({ field, message: `${field} is a reserved name, not a field` })));
  // Nested DTOs (`@Type`) become instances so that their own rules apply.
  const value = plainToInstance(dto, raw);
  const errors = validateSync(value, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw refuse(flatten(errors, ''));
  return value;
}

/** Keys such as `__proto__` anywhere in the body, by path: refused before anything is built from it. */
function reservedKeys(raw: unknown, parent: string): string[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.keys(raw).flatMap((key) => {
    const field = parent ? `${parent}.${key}` : key;
    return isReservedKey(key) ? [field] : reservedKeys((raw as Record<string, unknown>)[key], field);
  });
}

function refuse(reasons: FieldReason[]): Refusal {
  const first = reasons[0]!;
  return new Refusal(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', first.message, first.field, reasons);
}

function flatten(errors: ValidationError[], parent: string): FieldReason[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** What {@link ValidBody} runs: the request's body checked against the route's DTO (`data`). */
export function validBody(dto: ClassConstructor<object>, context: ExecutionContext): object {
  const body = context.switchToHttp().getRequest<{ body?: unknown }>().body;
  return parseBody(dto, dto === NoBody ? (body ?? {}) : body);
}

/**
 * The route's body, checked against its DTO (see {@link parseBody}). The DTO it names is also
 * what the OpenAPI document describes (`src/http/openapi.ts` reads it back).
 */
export const ValidBody: (dto: ClassConstructor<object>) => ParameterDecorator = createParamDecorator(validBody);

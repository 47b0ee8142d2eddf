import { asJson, InvalidGame } from '@chronicle/engine';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { TABLE_ID_PATTERN } from './subjects';

/** The largest move payload, in bytes of JSON: well under NATS's 1 MB message limit. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

/** A plain JSON value (what the engine stores), at most `maxBytes` once serialized. */
export function IsJsonValue(maxBytes = MAX_PAYLOAD_BYTES, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isJsonValue',
      validator: {
        validate(value: unknown): boolean {
          try {
            asJson(value, 'value');
          } catch (error) {
            if (error instanceof InvalidGame) return false;
            throw error;
          }
          return Buffer.byteLength(JSON.stringify(value)) <= maxBytes;
        },
        defaultMessage: (args) => `${args?.property} must be a JSON value of at most ${maxBytes} bytes`,
      },
    },
    options,
  );
}

/** A seat: a non-empty string, or null for the table itself. */
export function IsSeat(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isSeat',
      validator: {
        validate: (value: unknown) => value === null || (typeof value === 'string' && value.length > 0 && value.length <= 64),
        defaultMessage: (args) => `${args?.property} must be a seat id (1 to 64 characters) or null for the table`,
      },
    },
    options,
  );
}

/** A table id: one subject token. */
export function IsTableId(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTableId',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && TABLE_ID_PATTERN.test(value),
        defaultMessage: (args) => `${args?.property} must be 1 to 64 letters, digits, "_" or "-"`,
      },
    },
    options,
  );
}

/** The engine's `Outcome`: `{ winners: string[], result: string, continues?: true }` and nothing else. */
export function IsOutcome(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isOutcome',
      validator: {
        validate(value: unknown): boolean {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const { winners, result, continues, ...rest } = value as Record<string, unknown>;
          return Object.keys(rest).length === 0
            && (continues === undefined || continues === true)
            && Array.isArray(winners) && winners.length <= 10_000
            && winners.every((w) => typeof w === 'string' && w.length > 0 && w.length <= 64)
            && typeof result === 'string' && result.length > 0 && result.length <= 1_000;
        },
        defaultMessage: (args) => `${args?.property} must be { winners: seat ids, result: 1 to 1000 characters, continues?: true }`,
      },
    },
    options,
  );
}

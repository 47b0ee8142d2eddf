import { randomBytes } from 'node:crypto';

/** A prefix for this run's subjects, streams, consumers and buckets: `<label>_<8 hex>`. */
export function uniquePrefix(label = 't'): string {
  return `${label}_${randomBytes(4).toString('hex')}`;
}

/** Polls `probe` until it returns something other than undefined/false, or fails after `timeoutMs`. */
export async function waitUntil<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

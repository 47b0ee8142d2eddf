import type { RandUtil } from '@chronicle/sammo/rules';

/** One of `items`, drawn. */
export const pick = <T>(rng: RandUtil, items: readonly T[]): T => items[rng.nextInt(items.length - 1)]!;

/** `n` hex digits, drawn (seeds). */
export const hex = (rng: RandUtil, n: number) => Array.from({ length: n }, () => rng.nextInt(15).toString(16)).join('');

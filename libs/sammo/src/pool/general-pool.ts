import type { RandUtil } from '../rng/rand-util';
import type { World } from '../world/types';
import { GeneralBuilder, NPC_NAME_PREFIX } from './general-builder';
import { RAND_FIRST_NAMES, RAND_LAST_NAMES } from './random-names';

const PREFIXES = [...NPC_NAME_PREFIX.values()];

/**
 * Legacy `checkDuplicatedCnt`: for each prefix of the list (ⓝ twice), the generals whose name
 * begins with prefix + name (the name column is binary, so `LIKE 'x%'` is a plain prefix test).
 */
function duplicateCount(world: World, name: string): number {
  let count = 0;
  for (const g of world.generals.values()) {
    for (const prefix of PREFIXES) if (g.name.startsWith(prefix + name)) count++;
  }
  return count;
}

/**
 * One name of the default pool (legacy `RandomNameGeneral`): surname and given name drawn,
 * redrawn while at least two generals already carry it, else numbered after its holders
 * (a single holder, or the hundredth draw).
 */
function pickName(world: World, rng: RandUtil, prefix: string): string {
  for (let tries = 0; ; tries++) {
    const name = prefix + rng.choice(RAND_FIRST_NAMES) + rng.choice(RAND_LAST_NAMES);
    const duplicates = duplicateCount(world, name);
    if (duplicates === 0) return name;
    if (tries >= 99 || duplicates < 2) return `${name}${duplicates + 1}`;
  }
}

/**
 * Legacy `pickGeneralFromPool` with the installed game's pool: `count` names drawn one after
 * another on the caller's stream — all before any is built, so a batch does not see its own
 * names — each in a builder for an unaffiliated general.
 */
export function pickGeneralsFromPool(world: World, rng: RandUtil, count: number, prefix = ''): GeneralBuilder[] {
  return Array.from({ length: count }, () => new GeneralBuilder(rng, pickName(world, rng, prefix), 0));
}

// StrykerJS on libs/sammo's core rules — the DRBG and RandUtil, PHP rounding, levels, the
// general's turn (turn/), lifecycle (death, succession, rebirth, turn time) and traits —
// against their specs and the golden legacy cases: `npm run mutation -- sammo-core`.
import { base } from './stryker.base.mjs';

const shared = base('sammo-core');

export default {
  ...shared,
  ignorePatterns: shared.ignorePatterns.filter((p) => p !== 'tools'),
  jest: { projectType: 'custom', configFile: 'mutation/jest.core.cjs', enableFindRelatedTests: false },
  mutate: [
    'libs/sammo/src/rng/*.ts',
    'libs/sammo/src/world/php-math.ts',
    'libs/sammo/src/stats/levels.ts',
    'libs/sammo/src/turn/*.ts',
    'libs/sammo/src/lifecycle/*.ts',
    'libs/sammo/src/traits/*.ts',
    '!**/*.spec.ts',
  ],
};

// StrykerJS on libs/sammo's rules — the DRBG and RandUtil, PHP rounding, domestic commands,
// 징병/모병, monthly income, advance and kill: `npm run mutation -- sammo` (not in CI). Its
// tests are the specs of those modules and the golden legacy cases, so the sandbox keeps tools/.
import { base } from './stryker.base.mjs';

const shared = base('sammo');

export default {
  ...shared,
  ignorePatterns: shared.ignorePatterns.filter((p) => p !== 'tools'),
  jest: { projectType: 'custom', configFile: 'mutation/jest.rules.cjs', enableFindRelatedTests: false },
  mutate: [
    'libs/sammo/src/rng/*.ts',
    'libs/sammo/src/world/php-math.ts',
    'libs/sammo/src/stats/levels.ts',
    'libs/sammo/src/commands/general/domestic.ts',
    'libs/sammo/src/commands/general/recruit.ts',
    'libs/sammo/src/monthly/income.ts',
    'libs/sammo/src/stats/income.ts',
    'libs/sammo/src/turn/advance.ts',
    'libs/sammo/src/lifecycle/kill.ts',
    '!**/*.spec.ts',
  ],
};

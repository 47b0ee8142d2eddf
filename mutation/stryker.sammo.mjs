// StrykerJS on libs/sammo's rules — the DRBG and RandUtil, PHP rounding, domestic commands,
// 징병/모병, monthly income, advance and kill: `npm run mutation -- sammo` (not in CI).
import { base } from './stryker.base.mjs';

export default {
  ...base('sammo'),
  jest: { projectType: 'custom', configFile: 'libs/sammo/jest.config.cjs', enableFindRelatedTests: false },
  mutate: [
    'libs/sammo/src/rng/*.ts',
    'libs/sammo/src/world/php-math.ts',
    'libs/sammo/src/world/levels.ts',
    'libs/sammo/src/commands/general/domestic.ts',
    'libs/sammo/src/commands/general/recruit.ts',
    'libs/sammo/src/monthly/income.ts',
    'libs/sammo/src/turn/advance.ts',
    'libs/sammo/src/lifecycle/kill.ts',
    '!**/*.spec.ts',
  ],
};

// StrykerJS on libs/sammo's battle (§7): `npm run mutation -- war` (not in CI). Its tests are
// the war specs and the legacy differential's golden battles, so the sandbox keeps tools/.
import { base } from './stryker.base.mjs';

const shared = base('war');

export default {
  ...shared,
  ignorePatterns: shared.ignorePatterns.filter((p) => p !== 'tools'),
  jest: { projectType: 'custom', configFile: 'mutation/jest.war.cjs', enableFindRelatedTests: false },
  mutate: [
    'libs/sammo/src/war/battle.ts',
    'libs/sammo/src/war/war-unit.ts',
    'libs/sammo/src/war/general-unit.ts',
    'libs/sammo/src/war/city-unit.ts',
    'libs/sammo/src/war/triggers/*.ts',
    'libs/sammo/src/war/war-specials.ts',
    'libs/sammo/src/war/process-war.ts',
  ],
};

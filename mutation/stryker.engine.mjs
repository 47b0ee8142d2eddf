// StrykerJS on libs/engine: `npm run mutation -- engine` (not in CI; minutes, not seconds).
import { base } from './stryker.base.mjs';

export default {
  ...base('engine'),
  jest: { projectType: 'custom', configFile: 'libs/engine/jest.config.cjs', enableFindRelatedTests: false },
  mutate: ['libs/engine/src/**/*.ts', '!libs/engine/src/**/*.spec.ts', '!libs/engine/src/spec-helpers.ts', '!libs/engine/src/examples/**', '!libs/engine/src/index.ts'],
};

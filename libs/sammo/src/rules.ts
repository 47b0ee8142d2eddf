// The rule helpers the legacy differential (tools/legacy-diff) drives one at a time, beside
// the legacy PHP, and its golden-file test checks.
export { phpNumberFormat, phpRound } from './world/php-math';
export { josa, type Particle } from './world/josa';
export { billOfLevel, dedLevelOf, dedLevelText, expLevelOf } from './world/levels';
export {
  applyTable, domesticSpecials, nationalIncome, nationTypes, personalities, populationRatio, warSpecials,
  type DomesticTurn, type DomesticVar,
} from './traits';
export { streamFromSeed } from './rng/streams';
export type { RandUtil } from './rng/rand-util';

// The tests that pin libs/sammo's core rules (the DRBG and RandUtil, PHP rounding, levels,
// the general's turn, lifecycle, traits): their specs and the golden cases, without the
// whole-game and fuzz specs that would run for every mutant they touch.
module.exports = require('./jest.sammo.cjs')('sammo-core', [
  'rng/*.spec.ts',
  'world/{php-math,levels}.spec.ts',
  'turn/*.spec.ts',
  'lifecycle/*.spec.ts',
  'traits/*.spec.ts',
  'monthly/monthly.spec.ts',
]);

// The tests that pin the `sammo` target's modules (the DRBG and RandUtil, PHP rounding,
// levels, the domestic commands, 징병/모병, monthly income, advance, kill): their specs and
// the golden cases. The whole-game, unification and fuzz specs are left out: each runs for
// minutes, and Stryker would run it for every mutant it reaches.
// MUTATION_SPECS (comma-separated globs under libs/sammo/src) narrows the specs for one module
// group: each spec file a mutant reaches costs its module loading again, for every mutant.
const specs = process.env.MUTATION_SPECS?.split(',') ?? [
  'rng/*.spec.ts',
  'world/{php-math,levels}.spec.ts',
  'commands/general/{domestic,military}.spec.ts',
  'monthly/monthly.spec.ts',
  'turn/general-turn.spec.ts',
  'lifecycle/lifecycle.spec.ts',
];
module.exports = require('./jest.sammo.cjs')('sammo', specs);

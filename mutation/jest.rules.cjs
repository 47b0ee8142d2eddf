// The tests that pin the `sammo` target's modules (the DRBG and RandUtil, PHP rounding,
// levels, the domestic commands, 징병/모병, monthly income, advance, kill): their specs and
// the golden cases. The whole-game, unification and fuzz specs are left out: each runs for
// minutes, and Stryker would run it for every mutant it reaches.
// For one module group, MUTATION_SPECS (comma-separated globs under libs/sammo/src) narrows the
// specs — each spec file a mutant reaches loads the library again, for every mutant — and
// GOLDEN_AREAS (e.g. `rng,php-math,levels`) runs those golden areas only (golden-areas.spec.ts).
const path = require('node:path');

const specs = process.env.MUTATION_SPECS?.split(',') ?? [
  'rng/*.spec.ts',
  'world/{php-math,levels}.spec.ts',
  'commands/general/{domestic,military}.spec.ts',
  'monthly/monthly.spec.ts',
  'turn/general-turn.spec.ts',
  'lifecycle/lifecycle.spec.ts',
];
const config = require('./jest.sammo.cjs')('sammo', specs);
if (process.env.GOLDEN_AREAS !== undefined) {
  config.roots = [...config.roots.slice(0, 1), __dirname];
  config.testMatch = [...config.testMatch.slice(0, -1), path.join(__dirname, 'golden-areas.spec.ts')];
}
module.exports = config;

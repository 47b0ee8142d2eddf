// The tests that pin libs/sammo's core rules (the DRBG and RandUtil, PHP rounding, levels,
// the general's turn, lifecycle, traits): their specs and the legacy differential's golden
// cases, without the whole-game and fuzz specs that would run for every mutant they touch.
const path = require('node:path');

const sammo = path.join(__dirname, '..', 'libs', 'sammo');
const legacyDiff = path.join(__dirname, '..', 'tools', 'legacy-diff', 'src');

module.exports = {
  displayName: 'sammo-core',
  preset: '../../jest.preset.js',
  rootDir: sammo,
  roots: ['<rootDir>/src', legacyDiff],
  testMatch: [
    '<rootDir>/src/rng/*.spec.ts',
    '<rootDir>/src/world/{php-math,levels}.spec.ts',
    '<rootDir>/src/turn/*.spec.ts',
    '<rootDir>/src/lifecycle/*.spec.ts',
    '<rootDir>/src/traits/*.spec.ts',
    '<rootDir>/src/monthly/monthly.spec.ts',
    path.join(legacyDiff, 'golden.spec.ts'),
  ],
};

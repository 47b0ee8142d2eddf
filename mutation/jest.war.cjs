// The tests that pin the battle: libs/sammo's war specs and the legacy differential's golden
// cases (tools/legacy-diff: 200 battles recorded from the legacy PHP). The root is libs/sammo
// so that its tsconfig resolves the workspace's paths.
const path = require('node:path');

const sammo = path.join(__dirname, '..', 'libs', 'sammo');
const legacyDiff = path.join(__dirname, '..', 'tools', 'legacy-diff', 'src');

module.exports = {
  displayName: 'war',
  preset: '../../jest.preset.js',
  rootDir: sammo,
  roots: ['<rootDir>/src', legacyDiff],
  testMatch: ['<rootDir>/src/war/war.spec.ts', path.join(legacyDiff, 'golden.spec.ts')],
};

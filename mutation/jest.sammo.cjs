// A jest config for a mutation target of libs/sammo: `specs` (globs under libs/sammo/src) and
// the legacy differential's golden cases (tools/legacy-diff, recorded from the legacy PHP).
// The root is libs/sammo so that its tsconfig resolves the workspace's paths.
const path = require('node:path');

const sammo = path.join(__dirname, '..', 'libs', 'sammo');
const legacyDiff = path.join(__dirname, '..', 'tools', 'legacy-diff', 'src');

module.exports = function sammoJest(displayName, specs) {
  return {
    displayName,
    preset: '../../jest.preset.js',
    rootDir: sammo,
    roots: ['<rootDir>/src', legacyDiff],
    testMatch: [...specs.map((spec) => `<rootDir>/src/${spec}`), path.join(legacyDiff, 'golden.spec.ts')],
  };
};

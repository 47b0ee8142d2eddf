// Shared jest settings for every project. @swc/jest compiles TypeScript (with decorator
// metadata, which Nest's DI needs) and also turns the ESM-only Nest 12 packages into
// CommonJS: Jest 30 on Node 20 cannot require() ESM by itself.
const nxPreset = require('@nx/jest/preset').default;

const swcTs = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];
const swcJs = ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

module.exports = {
  ...nxPreset,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTs, '^.+\\.m?js$': swcJs },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

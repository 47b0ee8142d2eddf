// Lint: TypeScript rules plus the dependency direction of the architecture
// (apps → infrastructure libs → contracts → game → engine). The pure libs may not reach
// infrastructure, Nest, the network, the file system or the clock's services.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const ioModules = [
  'node:fs', 'fs', 'node:fs/promises', 'fs/promises', 'node:net', 'net', 'node:http', 'http', 'node:https', 'https',
  'node:child_process', 'child_process', 'node:dgram', 'dgram', 'node:worker_threads', 'worker_threads',
];
const infrastructure = ['@nestjs/*', '@nats-io/*', 'typeorm', 'pg', 'pino', 'prom-client', 'nestjs-pino', 'class-validator', 'commander'];

// libs/sammo's layers, top to bottom: a folder imports only the folders below it (its tests,
// and the test helpers in testing/, may reach any). libs/sammo/README.md maps what each holds.
const sammoRoot = ['game', 'index', 'rules']; // the game definition, the package's exports, the rules' exports
const sammoFolders = [
  'testing', 'moves', // the moves a table applies
  'turn', 'monthly', // the pipelines
  'ai', 'commands',
  'war', 'lifecycle', 'tournament', 'auction', 'pool', 'lottery', 'scenario', // the mechanics
  'views', // what a seat and the public see of a state
  'state', 'stats', 'items', 'traits', 'rng', 'world', // the model
];

const pureImports = (patterns = []) => ['error', {
  paths: ioModules.map((name) => ({ name, message: 'pure libs do no I/O: take data as arguments' })),
  patterns: [{ group: infrastructure, message: 'pure libs may not import infrastructure' }, ...patterns],
}];

/** Each folder of libs/sammo may not import the root files nor the folders above it. */
const sammoLayerRules = sammoFolders.map((folder, i) => {
  const above = [...sammoRoot, ...sammoFolders.slice(0, i)];
  return {
    files: [`libs/sammo/src/${folder}/**/*.ts`],
    ignores: ['**/*.spec.ts', 'libs/sammo/src/testing/**'],
    rules: {
      'no-restricted-imports': pureImports([{
        regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
        message: `libs/sammo imports only downwards, and ${folder}/ stands below ${above.join(', ')}: move what both need down`,
      }]),
    },
  };
});

const pureProperties = [
  { object: 'Date', property: 'now', message: 'pure libs have no clock: time comes from moves' },
  { object: 'Math', property: 'random', message: 'randomness comes only from the engine\'s Randomness' },
];

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', 'tmp/**', '.nx/**', 'coverage/**', '**/*.cjs', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', {
        allow: ['@chronicle/engine/examples'],
        depConstraints: [
          { sourceTag: 'type:pure', onlyDependOnLibsWithTags: ['type:pure'] },
          { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:pure', 'type:contracts'] },
          { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:pure', 'type:contracts', 'type:infra'] },
          { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:pure', 'type:contracts', 'type:infra'] },
          { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:pure', 'type:contracts', 'type:infra', 'type:app'] },
          { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:pure'] },
          { sourceTag: 'type:deploy', onlyDependOnLibsWithTags: ['type:pure', 'type:contracts', 'type:infra'] },
          { sourceTag: 'type:system', onlyDependOnLibsWithTags: ['type:pure', 'type:contracts', 'type:infra'] },
        ],
      }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Every pure lib (tag type:pure): the engine, the game, and the games a build serves.
    files: ['libs/engine/src/**/*.ts', 'libs/sammo/src/**/*.ts', 'libs/games/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': pureImports(),
      'no-restricted-globals': ['error',
        { name: 'fetch', message: 'pure libs do no I/O' },
        { name: 'setTimeout', message: 'pure libs have no clock: time comes from moves' },
        { name: 'setInterval', message: 'pure libs have no clock: time comes from moves' },
      ],
      'no-restricted-properties': ['error', ...pureProperties],
    },
  },
  {
    // The legacy rounds with PHP's round(): Math.round differs on negative and near halves.
    files: ['libs/sammo/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-properties': ['error', ...pureProperties,
        { object: 'Math', property: 'round', message: 'round as the legacy does: phpRound (world/php-math)' },
      ],
    },
  },
  ...sammoLayerRules,
];

#!/usr/bin/env node
// `npm run mutation -- engine|sammo|sammo-core|war [stryker options]`: StrykerJS with
// mutation/stryker.<target>.mjs; further options go to Stryker (e.g. `--mutate <files>`).
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const target = process.argv[2];
if (!['engine', 'sammo', 'sammo-core', 'war'].includes(target)) {
  console.error('usage: npm run mutation -- engine|sammo|sammo-core|war');
  process.exit(2);
}
const config = path.join(__dirname, `stryker.${target}.mjs`);
// The suite runs once per mutant: property tests run a tenth of their cases (spec-helpers' propertyRuns).
const env = { PROPERTY_RUNS_SCALE: '0.1', ...process.env };
const result = spawnSync(process.execPath, [path.join(path.dirname(require.resolve('@stryker-mutator/core/package.json')), 'bin', 'stryker.js'), 'run', config, ...process.argv.slice(3)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

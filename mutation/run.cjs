#!/usr/bin/env node
// `npm run mutation -- engine|sammo|war [stryker options]`: StrykerJS with
// mutation/stryker.<target>.mjs; further options go to Stryker (e.g. `--mutate <files>`).
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const target = process.argv[2];
if (!['engine', 'sammo', 'war'].includes(target)) {
  console.error('usage: npm run mutation -- engine|sammo|war');
  process.exit(2);
}
const config = path.join(__dirname, `stryker.${target}.mjs`);
const result = spawnSync(process.execPath, [path.join(path.dirname(require.resolve('@stryker-mutator/core/package.json')), 'bin', 'stryker.js'), 'run', config, ...process.argv.slice(3)], { stdio: 'inherit' });
process.exit(result.status ?? 1);

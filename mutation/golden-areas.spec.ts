// The golden legacy cases of the areas named in GOLDEN_AREAS (comma-separated), for a mutation
// group whose modules every area reaches (RandUtil, phpRound, levels): the whole differential
// would run for each of their mutants, the small areas pin them in a fraction of the time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS } from '../tools/legacy-diff/src/areas';
import { mismatches, type GoldenFile } from '../tools/legacy-diff/src/golden';

const names = (process.env['GOLDEN_AREAS'] ?? '').split(',').filter((n) => n !== '');

describe('libs/sammo against the recorded legacy answers of some areas', () => {
  it.each(AREAS.filter((a) => names.includes(a.name)).map((a) => [a.name, a] as const))('%s: no case differs', (name, area) => {
    const file = JSON.parse(readFileSync(join(__dirname, '..', 'tools', 'legacy-diff', 'golden', `${name}.json`), 'utf8')) as GoldenFile;
    expect(mismatches(area, file.cases)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS } from './areas';
import { mismatches, type GoldenFile } from './golden';

// CI's guard of exactness without PHP: libs/sammo against the legacy's recorded answers.
const golden = (name: string) => JSON.parse(readFileSync(join(__dirname, '..', 'golden', `${name}.json`), 'utf8')) as GoldenFile;

describe('libs/sammo against the recorded legacy answers', () => {
  it.each(AREAS.filter((a) => a.open === undefined).map((a) => [a.name, a] as const))('%s: no case differs', (name, area) => {
    const file = golden(name);
    expect(file.cases.length).toBeGreaterThanOrEqual(area.goldenCases ?? 100);
    expect(file.cases.filter((c) => 'ok' in c.legacy).length).toBe(file.cases.length);
    expect(mismatches(area, file.cases)).toEqual([]);
  });

  it('reports a recorded answer that libs/sammo does not give, with the field', () => {
    const file = golden('levels');
    const altered = file.cases.slice(0, 3).map((c, i) =>
      i === 1 ? { ...c, legacy: { ok: { ...(c.legacy as { ok: object }).ok, bill: -1 } } } : c,
    );
    const found = mismatches(AREAS.find((a) => a.name === 'levels')!, altered);
    expect(found).toHaveLength(1);
    expect(found[0]!.index).toBe(1);
    expect(found[0]!.difference).toMatch(/^\$\.bill: legacy -1, sammo \d+$/);
  });
});

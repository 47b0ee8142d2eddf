import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOptions, usage, UsageError } from './options';
import { legacyRootProblems, VENDOR_PINS } from './setup';

const AREAS = ['rng', 'war'];

describe('the command line', () => {
  it('reads the options, and --help asks for the help text', () => {
    expect(parseOptions(['--cases', '100', '--seed', 's8', '--area', 'war', '--show', '0'], AREAS)).toMatchObject({ cases: 100, seed: 's8', areas: ['war'], show: 0, help: false });
    expect(parseOptions(['--help'], AREAS).help).toBe(true);
    expect(usage(AREAS)).toMatch(/DROPPED and made anew/);
    expect(usage(AREAS)).toMatch(/writes into it/);
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['--cases'], '--cases takes a whole number from 1, got nothing'],
    [['--cases', '0'], '--cases takes a whole number from 1, got 0'],
    [['--area', 'weather'], '--area takes one of rng, war; got weather'],
    [['--record', '--append'], '--record and --append exclude each other'],
  ])('refuses %j with a UsageError that says what to write', (argv, message) => {
    expect(() => parseOptions(argv, AREAS)).toThrow(new UsageError(message));
  });
});

describe('the legacy checkout', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'legacy-root-'));
    mkdirSync(join(root, 'hwe', 'sammo'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names a folder that is no hidche_core', () => {
    expect(legacyRootProblems(join(root, 'hwe'))).toEqual([expect.stringContaining('has no hwe/sammo')]);
  });

  it('names every vendor package missing or at another version than composer.lock pins', () => {
    const meekro = VENDOR_PINS.find((p) => p.dir === 'sergeytsalkov/meekrodb')!;
    mkdirSync(join(root, 'vendor', meekro.dir), { recursive: true });
    writeFileSync(join(root, 'vendor', meekro.dir, meekro.code), '<?php // MeekroDB at its HEAD\n');
    const problems = legacyRootProblems(root);
    expect(problems).toHaveLength(VENDOR_PINS.length);
    expect(problems[0]).toMatch(/^LEGACY_ROOT\/vendor\/sergeytsalkov\/meekrodb is not sergeytsalkov\/meekrodb 2\.4 \(e30c240d, composer\.lock's pin\)/);
    expect(problems.slice(1).every((p) => p.includes('is missing'))).toBe(true);
  });
});

// The legacy differential: runs each area's random cases through the legacy PHP
// (LEGACY_ROOT) and through libs/sammo, and prints one RESULT line per area with the first
// differing field of each mismatch. `--record` writes the golden files CI checks; `--append`
// adds the run's cases to them (with LEGACY_DIFF_COMMANDS, a few cases of new commands
// without re-recording the rest).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { streamFromSeed } from '@chronicle/sammo/rules';
import { AREAS } from './areas';
import { mismatches, type GoldenCase, type GoldenFile } from './golden';
import { parseOptions, usage, UsageError, type Options } from './options';
import { legacyRootProblems } from './setup';

function runLegacy(area: string, cases: unknown[]): GoldenCase['legacy'][] {
  const script = join(__dirname, '..', 'php', 'run.php');
  const out = execFileSync('php', [script], { input: JSON.stringify({ area, cases }), maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
  return JSON.parse(out) as GoldenCase['legacy'][];
}

const AREA_NAMES = AREAS.map((a) => a.name);

/** The options, or null after printing the help or what is wrong with the command line. */
function options(): Options | null {
  try {
    const o = parseOptions(process.argv.slice(2), AREA_NAMES);
    if (!o.help) return o;
    console.log(usage(AREA_NAMES));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n(npm run legacy-diff -- --help lists the options)`);
    process.exitCode = 2;
  }
  return null;
}

function main(): void {
  const o = options();
  if (o === null) return;
  const root = process.env.LEGACY_ROOT;
  const problems = root ? legacyRootProblems(root) : ['LEGACY_ROOT must point at an unpacked hided62/hidche_core with its vendor packages (npm run legacy-diff -- --help)'];
  if (problems.length > 0) {
    for (const p of problems) console.error(`setup error: ${p}`);
    process.exitCode = 2;
    return;
  }
  run(o);
}

function run(options: Options): void {
  let failed = 0;
  for (const area of AREAS) {
    if (options.areas.length > 0 ? !options.areas.includes(area.name) : area.open !== undefined) continue;
    const started = Date.now();
    const inputs = area.generate(streamFromSeed(options.seed, area.name), options.cases);
    const legacy = runLegacy(area.name, inputs);
    const cases = inputs.map((input, i) => ({ input, legacy: legacy[i]! }));
    const found = mismatches(area, cases);
    failed += found.length;
    console.log(`RESULT legacy_diff area=${area.name} cases=${cases.length} mismatches=${found.length} seconds=${((Date.now() - started) / 1000).toFixed(1)}`);
    if (area.open !== undefined) console.log(`  open: ${area.open}`);
    for (const m of found.slice(0, options.show)) console.log(`  case ${m.index}: ${m.difference}  input=${JSON.stringify(cases[m.index]!.input).slice(0, process.env.LEGACY_DIFF_INPUT_CHARS ? Number(process.env.LEGACY_DIFF_INPUT_CHARS) : 300)}`);
    if (found.length > options.show) console.log(`  … and ${found.length - options.show} more`);
    if ((options.record || options.append) && area.open === undefined) {
      const path = join(__dirname, '..', 'golden', `${area.name}.json`);
      const before = options.append ? (JSON.parse(readFileSync(path, 'utf8')) as GoldenFile) : undefined;
      const only = process.env.LEGACY_DIFF_COMMANDS === undefined ? '' : `LEGACY_DIFF_COMMANDS=${process.env.LEGACY_DIFF_COMMANDS} `;
      const made = `${only}npm run legacy-diff -- --${options.append ? 'append' : 'record'} --cases ${options.cases} --seed ${options.seed}: hided62/hidche_core under ${execFileSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' })}`;
      const file: GoldenFile = {
        area: area.name,
        about: area.about,
        made: before ? `${before.made}; then ${made}` : made,
        cases: [...(before?.cases ?? []), ...cases],
      };
      // One case a line: readable diffs without the bulk of indenting every value.
      const head = JSON.stringify({ ...file, cases: [] }, null, 1).replace(/\[\]\n\}$/, '');
      writeFileSync(path, `${head}[\n${file.cases.map((c) => JSON.stringify(c)).join(',\n')}\n]}\n`);
    }
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

main();

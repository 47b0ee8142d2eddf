// The differential's command line: options, their checks, and the help text.

export interface Options { cases: number; seed: string; record: boolean; append: boolean; areas: string[]; show: number; help: boolean }

/** A command line the differential cannot run: the message says what to write instead. */
export class UsageError extends Error {}

export function usage(areas: readonly string[]): string {
  return `usage: LEGACY_ROOT=/path/to/hidche_core npm run legacy-diff -- [options]

Runs random cases of each area through the legacy PHP and through libs/sammo and prints
one RESULT line per area (exit 1 on any mismatch, 2 on a setup or usage error).

options:
  --cases N     cases per area (default 500)
  --seed S      the cases' seed (default legacy-diff)
  --area NAME   only this area (repeatable); one of: ${areas.join(', ')}
  --show N      mismatches printed per area (default 5)
  --record      rewrite golden/<area>.json with this run's cases
  --append      add this run's cases to golden/<area>.json (with LEGACY_DIFF_COMMANDS=key,…: only those commands)
  --help        this text

environment:
  LEGACY_ROOT          an unpacked hided62/hidche_core with its vendor packages at composer.lock's
                       pins (MeekroDB 2.4 e30c240d, utilphp 1.1.0 36c32efc, ldto 1.0.0 4c054014);
                       checked before any case. The run writes into it: the auction area empties
                       hwe/logs/<server id>/_auctionlog.txt, where the legacy keeps that log.
  LEGACY_DB_NAME       the MariaDB database of the database areas (default legacy_diff): it is
                       DROPPED and made anew from hwe/sql/schema.sql at the start of each run, so
                       give concurrent runs different names and never name a database you keep.
  LEGACY_DB_HOST, LEGACY_DB_PORT, LEGACY_DB_USER, LEGACY_DB_PASSWORD
                       where MariaDB is (default 127.0.0.1:3306, root, no password)
  LEGACY_DIFF_INPUT_CHARS  how much of a mismatching case's input is printed (default 300)

The golden test needs no PHP: npx nx test legacy-diff`;
}

function count(flag: string, value: string | undefined, min: number): number {
  const n = Number(value);
  if (value === undefined || !Number.isSafeInteger(n) || n < min) throw new UsageError(`${flag} takes a whole number from ${min}, got ${value ?? 'nothing'}`);
  return n;
}

export function parseOptions(argv: readonly string[], areas: readonly string[]): Options {
  const o: Options = { cases: 500, seed: 'legacy-diff', record: false, append: false, areas: [], show: 5, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') o.help = true;
    else if (a === '--record') o.record = true;
    else if (a === '--append') o.append = true;
    else if (a === '--cases') o.cases = count(a, argv[++i], 1);
    else if (a === '--show') o.show = count(a, argv[++i], 0);
    else if (a === '--seed') {
      const seed = argv[++i];
      if (seed === undefined || seed === '') throw new UsageError('--seed takes a text');
      o.seed = seed;
    } else if (a === '--area') {
      const area = argv[++i];
      if (area === undefined || !areas.includes(area)) throw new UsageError(`--area takes one of ${areas.join(', ')}; got ${area ?? 'nothing'}`);
      o.areas.push(area);
    } else throw new UsageError(`unknown option ${a}`);
  }
  if (o.record && o.append) throw new UsageError('--record and --append exclude each other');
  return o;
}

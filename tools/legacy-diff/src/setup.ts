// What a run needs of LEGACY_ROOT before any case: the legacy checkout, and the vendor
// packages at the versions hidche_core's composer.lock pins. A package at another version
// (MeekroDB at its HEAD instead of 2.4) would not fail to load: it would answer differently,
// and show up as hundreds of rule mismatches. So each package's code is checked against the
// pinned release's, and a difference is a setup error that names the pin.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

interface VendorPin {
  /** The package's folder under LEGACY_ROOT/vendor (composer's layout). */
  dir: string;
  /** composer.lock's version and commit. */
  version: string;
  commit: string;
  /** The PHP files the differential loads, relative to `dir`: one file, or every .php under a folder. */
  code: string;
  /** SHA-256 of those files' contents, in path order. */
  sha256: string;
}

export const VENDOR_PINS: readonly VendorPin[] = [
  {
    dir: 'sergeytsalkov/meekrodb', version: '2.4', commit: 'e30c240d',
    code: 'db.class.php', sha256: 'f33add7862b599a77fb0492ff3886d995af6fc1934d6ad13d86c4fdae661bed0',
  },
  {
    dir: 'brandonwamboldt/utilphp', version: '1.1.0', commit: '36c32efc',
    code: 'src/utilphp/util.php', sha256: 'dc6c1f583cbf1ac35fea1649dbbd54313facf5ba411a3849e46eaeffcc68d12d',
  },
  {
    dir: 'hided62/ldto', version: '1.0.0', commit: '4c054014',
    code: 'src', sha256: '86347f8bfd0d3c60ed36ab673412fdadd84eef1cb4501efd68ea753c4cfaa5e3',
  },
  // WebUtil::htmlPurify (a nation's notice and scout message, the nation-settings area).
  {
    dir: 'ezyang/htmlpurifier', version: 'v4.16.0', commit: '523407fb',
    code: 'library', sha256: '85f02d05f7971fbcf1f845d4562602c88b4402311242413a34d1c1d094f0352b',
  },
  {
    dir: 'xemlock/htmlpurifier-html5', version: 'v0.1.11', commit: 'f0d563f9',
    code: 'library', sha256: 'e281d497fe756fcc369d981b3a9b7dbd10ccbf3848b0e6c60b428e1e8dd452ec',
  },
];

function phpFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((file) => file.endsWith('.php') && statSync(file).isFile())
    .sort((a, b) => (relative(path, a) < relative(path, b) ? -1 : 1));
}

/** What is wrong with LEGACY_ROOT for a run, each problem a sentence naming what to install; empty when nothing is. */
export function legacyRootProblems(root: string): string[] {
  if (!existsSync(join(root, 'hwe', 'sammo'))) return [`LEGACY_ROOT (${root}) has no hwe/sammo: it must point at an unpacked hided62/hidche_core`];
  const problems: string[] = [];
  for (const pin of VENDOR_PINS) {
    const where = join(root, 'vendor', pin.dir, pin.code);
    const name = `${pin.dir} ${pin.version} (${pin.commit}, composer.lock's pin)`;
    if (!existsSync(where)) {
      problems.push(`LEGACY_ROOT/vendor/${pin.dir}/${pin.code} is missing: install ${name} in composer's layout`);
      continue;
    }
    const hash = createHash('sha256');
    for (const file of phpFiles(where)) hash.update(readFileSync(file));
    const found = hash.digest('hex');
    if (found !== pin.sha256) {
      problems.push(`LEGACY_ROOT/vendor/${pin.dir} is not ${name}: its ${pin.code} hashes to ${found.slice(0, 12)}…, the pinned release's to ${pin.sha256.slice(0, 12)}…; install the pinned commit (another version answers differently and would show as rule mismatches)`);
    }
  }
  return problems;
}

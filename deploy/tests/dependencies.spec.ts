import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { subset } from 'semver';

// What package.json declares is what the project needs: nothing declared goes unused (as
// @nestjs/config, @nestjs/terminus and @nestjs/typeorm once did), and every package the
// lock installs accepts every Node of the declared line, so `npm ci` on it prints no
// EBADENGINE.

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];

/** Used without being named in code or configuration, and why. */
const LOADED_BY_NAME: Record<string, string> = {
  '@nestjs/platform-express': "Nest's HTTP adapter: NestFactory.create loads it by name",
  '@stryker-mutator/jest-runner': "StrykerJS loads it for `testRunner: 'jest'` (mutation/)",
};

/** The code and the configuration of the repository (not its data: golden files, scenarios). */
function trackedSources(): string {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n')
    .filter((file) => /\.(ts|mts|cts|js|mjs|cjs)$/.test(file) || /(^|\/)(tsconfig[\w.]*|project|nx)\.json$/.test(file));
  return files.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
}

/** A peer dependency the installed `requirer` needs (not an optional one). */
function requiredPeers(requirer: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', requirer, 'package.json'), 'utf8')) as {
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  return Object.keys(pkg.peerDependencies ?? {}).filter((peer) => !pkg.peerDependenciesMeta?.[peer]?.optional);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('the dependencies package.json declares', () => {
  it('are each used: imported, named by a tool or a script, or a peer another declared package requires', () => {
    const sources = trackedSources();
    const scripts = Object.values(manifest.scripts).join(' ').split(/\s+/);
    const peers = new Set(declared.flatMap(requiredPeers));
    // A module specifier: 'name', "name", `name` or the same followed by a subpath.
    const named = (name: string) => new RegExp(`['"\`]${escape(name)}(/[^'"\`]*)?['"\`]`).test(sources);
    const used = (name: string): boolean => {
      const typed = /^@types\/(.+)$/.exec(name);
      if (typed) return named(typed[1]!.replace(/^(.+)__(.+)$/, '@$1/$2'));
      return named(name) || scripts.includes(name) || peers.has(name) || name in LOADED_BY_NAME;
    };
    expect(declared.filter((name) => !used(name))).toEqual([]);
    // The check can fail (the name spelt apart, or this file would name it).
    expect(used(['@nestjs', 'terminus'].join('/'))).toBe(false);
  });

  it('install, each, on every Node of the declared line (npm ci prints no EBADENGINE)', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
    const wants = Object.entries(lock.packages)
      .map(([where, pkg]) => ({ where, node: Array.isArray(pkg.engines) ? undefined : pkg.engines?.node }))
      .filter((p): p is { where: string; node: string } => p.where !== '' && p.node !== undefined);
    expect(wants.length).toBeGreaterThan(100);
    expect(wants.filter(({ node }) => !subset(manifest.engines.node, node))).toEqual([]);
    // Node 20, the line the project once declared, is refused by some of them.
    expect(wants.filter(({ node }) => !subset('>=20.19.0 <21', node)).length).toBeGreaterThan(0);
  });
});

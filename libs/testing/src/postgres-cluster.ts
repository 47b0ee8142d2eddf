import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@chronicle/service-kit';

export interface PrivateCluster {
  readonly port: number;
  /** A connection URL for `database` on this cluster (trust authentication, user postgres). */
  url(database?: string): string;
  /** An outage: the server stops at once (`pg_ctl stop -m immediate`, a crash's recovery at the next start)… */
  crash(): void;
  /** …and comes back on the same port and data. */
  start(): void;
  /** Stops it and removes its data. */
  dispose(): void;
}

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl from the machine's PostgreSQL,
 * another loopback port, a throw-away data directory), for outage tests that must not stop
 * the shared server. initdb refuses to run as root, so as root the cluster belongs to the
 * `postgres` system user.
 */
export async function startPostgresCluster(): Promise<PrivateCluster> {
  const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  const root = mkdtempSync(path.join(tmpdir(), 'chronicle-pg-'));
  const data = path.join(root, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, id('-u'), id('-g'));
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: root });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const start = () => run('pg_ctl', [
    '-D', data, '-l', path.join(root, 'server.log'), '-w', '-t', '30',
    '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`, 'start',
  ]);
  start();
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    crash: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    dispose: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

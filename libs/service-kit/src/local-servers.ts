import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

// What a process needs to run servers of its own on loopback: the main job's embedded NATS
// and PostgreSQL (apps/cli) and the tests' private servers (libs/testing) alike.

/** What a nats-server binary promises of an acknowledged JetStream write, and the configuration that makes it so. */
export interface JetStreamDurability {
  /** Server configuration to include (empty when the server has nothing to set). */
  config: string;
  /** One line for a log: what an acknowledgement means on this server. */
  note: string;
}

/**
 * An acknowledged write is durable on disk only when the server syncs before it
 * acknowledges: `sync_interval: always`, which servers from 2.10 take. A 2.9 server has no
 * such setting and syncs every 2 minutes: what it acknowledged survives a crash of NATS
 * (the operating system holds the write) but not a power loss of the machine.
 */
export function jetStreamDurability(binary = 'nats-server'): JetStreamDurability {
  const reported = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const version = /v(\d+)\.(\d+)\.(\d+)/.exec(`${reported.stdout ?? ''}${reported.stderr ?? ''}`);
  const [major, minor] = version ? [Number(version[1]), Number(version[2])] : [0, 0];
  if (major > 2 || (major === 2 && minor >= 10)) {
    return { config: 'jetstream { sync_interval: always }\n', note: 'each JetStream write synced to disk before it is acknowledged' };
  }
  return {
    config: '',
    note: `nats-server ${version ? version[0] : '(version unknown)'} cannot sync each write (sync_interval needs 2.10): `
      + 'an acknowledged write survives a crash of NATS, not a power loss',
  };
}

/** A free loopback port (another process could still take it before us: tests retry nothing on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PrivateNatsServer {
  /** `127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  pid(): number | undefined;
  /** SIGKILL by PID (an outage); `start()` brings it back on the same port and store. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its store. */
  dispose(): Promise<void>;
}

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

/**
 * A nats-server of the test's own (JetStream on, a throw-away store, loopback only, another
 * port), for outage and authorization tests that must not disturb the shared server. `config`
 * is the text of a server configuration file (see deploy/nats); `env` is added to the
 * server's environment (a configuration reads passwords from it). Stopped by PID.
 */
export async function startNatsServer(options: { config?: string; env?: Record<string, string> } = {}): Promise<PrivateNatsServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-nats-'));
  const port = await freePort();
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', path.join(dir, 'js')];
  const config = `${jetStreamDurability().config}${options.config ?? ''}`;
  if (config !== '') {
    writeFileSync(path.join(dir, 'server.conf'), config);
    args.unshift('-c', path.join(dir, 'server.conf'));
  }
  let child: ChildProcess | undefined;
  let output = '';

  const start = async (): Promise<void> => {
    output = '';
    const started = spawn('nats-server', args, { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    while (!/Server is ready/.test(output)) {
      if (started.exitCode !== null) throw new Error(`nats-server exited: ${output.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`nats-server not ready within 10 s: ${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const kill = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.pid === undefined) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(running.pid, 'SIGKILL');
    await exited;
  };

  await start();
  return {
    url: `127.0.0.1:${port}`,
    port,
    pid: () => child?.pid,
    kill,
    start,
    dispose: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

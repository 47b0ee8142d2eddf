import { freePort, jetStreamDurability } from '@chronicle/service-kit';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

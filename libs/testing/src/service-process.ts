import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const WORKSPACE = path.resolve(__dirname, '../../..');

export interface ServiceProcess {
  readonly pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when its output matches `pattern` (after `from`, an offset into the output). */
  waitFor(pattern: RegExp, timeoutMs?: number, from?: number): Promise<void>;
  /** SIGKILL by PID: no shutdown hooks run (a crash). Resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** How it ended: an exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node scripts/run-ts.cjs <entry>` (swc with decorator metadata), or `node <entry>`
 * for a JavaScript one (a compiled `.js`, or an ES module `.mjs`: run-ts requires, and an ES
 * module with top-level await cannot be required), with `env` added to this process's environment. Kill it in
 * `afterAll` (or `afterEach`): a test must not leave a process behind.
 */
export function spawnService(entry: string, env: Record<string, string>): ServiceProcess {
  const args = /\.m?js$/.test(entry) ? [entry] : [path.join(WORKSPACE, 'scripts/run-ts.cjs'), entry];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: WORKSPACE,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));
  if (child.pid === undefined) throw new Error(`could not start ${entry}`);
  const pid = child.pid;

  const kill = async (signal: NodeJS.Signals) => {
    if (gone) return;
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
  };

  return {
    pid,
    exited,
    output: () => text,
    waitFor: async (pattern, timeoutMs = 30_000, from = 0) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text.slice(from))) {
        if (gone) throw new Error(`${entry} exited before printing ${pattern}; output:\n${text.slice(-4000)}`);
        if (Date.now() > deadline) throw new Error(`no ${pattern} from ${entry} within ${timeoutMs} ms; output:\n${text.slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    kill: async () => {
      await kill('SIGKILL');
      await exited;
    },
    stop: async (graceMs = 5_000) => {
      await kill('SIGTERM');
      const timer = setTimeout(() => void kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

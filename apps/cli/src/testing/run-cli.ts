import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ed25519PrivateKey, issueSeatToken } from '@chronicle/contracts';

/** The repository's root, where a user types `npm start`. */
export const WORKSPACE = path.resolve(__dirname, '../../../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command line in the workspace as a user would (`npm start -- …`, `npm run chronicle -- …`), with `env` replacing the environment. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 240_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // A process group of its own, so that a command that does not end is killed whole (npm, its
    // shell and the CLI under them), leaving nothing running after the test.
    const child = spawn(command, args, { cwd: WORKSPACE, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not end within ${timeoutMs} ms; output:\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The environment of a user who configured nothing: no DATABASE_URL, NATS_URL or prefix. */
export function userEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of ['DATABASE_URL', 'NATS_URL', 'CHRONICLE_PREFIX', 'LOG_LEVEL']) delete env[key];
  return env;
}

/**
 * A seat proof for `seat` in `world` (a plain table is its own world), signed with the key of
 * the gateway of the system running in `home` (its settings), as the gateway signs it for the
 * player holding that seat: the executors trust no named seat.
 */
export function seatToken(home: string, world: string, seat: string): string {
  const { gatewayKey } = JSON.parse(readFileSync(path.join(home, 'settings.json'), 'utf8')) as { gatewayKey: string };
  return issueSeatToken(ed25519PrivateKey(gatewayKey), { world, seat, expiresAt: new Date(Date.now() + 600_000) });
}

/** `npm run chronicle -- <args>`, the CLI as documented. */
export function chronicle(args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<CliRun> {
  return runCommand('npm', ['run', '-s', 'chronicle', '--', ...args], env, timeoutMs);
}

/** The main job running in the background, as in a terminal: its own process group, which a Ctrl-C reaches. */
export interface MainJob {
  readonly pid: number;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once its output matches `pattern`; rejects if it exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** A Ctrl-C at the terminal: SIGINT to its process group. */
  interrupt(): void;
  readonly exited: Promise<number | null>;
}

/**
 * What `npm start -- <args>` runs, without npm around it (npm re-raises a Ctrl-C once its
 * script has ended, whatever the script's exit code), in a process group of its own.
 */
export function startMainJob(args: string[], env: NodeJS.ProcessEnv): MainJob {
  const child = spawn(process.execPath, ['scripts/run-ts.cjs', 'apps/cli/src/main.ts', ...args], { cwd: WORKSPACE, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    pid: child.pid!,
    output: () => output,
    exited,
    interrupt: () => process.kill(-child.pid!, 'SIGINT'),
    waitFor: async (pattern, timeoutMs = 180_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the main job exited before printing ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the main job did not print ${pattern} within ${timeoutMs} ms:\n${output.slice(-3_000)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

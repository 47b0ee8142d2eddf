import { spawn } from 'node:child_process';
import path from 'node:path';

const WORKSPACE = path.resolve(__dirname, '../../../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command line in the workspace as a user would (`npm start -- …`, `npm run chronicle -- …`), with `env` replacing the environment. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 240_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: WORKSPACE, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
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

/** `npm run chronicle -- <args>`, the CLI as documented. */
export function chronicle(args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<CliRun> {
  return runCommand('npm', ['run', '-s', 'chronicle', '--', ...args], env, timeoutMs);
}

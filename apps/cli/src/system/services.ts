import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Home } from './home';
import type { Processes } from './processes';

const WORKSPACE = path.resolve(__dirname, '../../../..');

/**
 * Whether this CLI runs from a checkout of the repository, which the main job needs (it runs
 * each service from its sources): the compiled CLI of the image operates a deployment only.
 */
export function inCheckout(): boolean {
  return existsSync(path.join(WORKSPACE, 'scripts/run-ts.cjs'));
}

/**
 * The services of the system in waves: the log service first (every other one asks it for
 * headers and moves at start), then the rest together. They stop in the reverse order.
 */
export const SERVICE_WAVES: readonly (readonly string[])[] = [['log-service'], ['snapshot-service', 'turn-executor', 'scheduler', 'gateway', 'web']];

export interface RunningServices {
  names: string[];
  /** Each service's internal HTTP port (probes, metrics), from its ready line. */
  ports: Record<string, number>;
  /** Stops the named services (all by default), the last started first. */
  stop(names?: readonly string[]): Promise<void>;
}

/**
 * Starts each service from its own entry point (`apps/<name>/src/main.ts`), as a
 * deployment does, with the system's configuration in its environment; logs go to
 * `<home>/logs/<name>.log`. Resolves once every one has said it is ready.
 */
export async function startServices(
  home: Home, processes: Processes, env: Record<string, string>, say: (line: string) => void, own: Record<string, Record<string, string>> = {},
): Promise<RunningServices> {
  const built = (name: string) => existsSync(path.join(WORKSPACE, 'apps', name, 'src', 'main.ts'));
  const waves = SERVICE_WAVES.map((wave) => wave.filter(built));
  mkdirSync(home.at('logs'), { recursive: true });
  const started: Array<{ name: string; child: ChildProcess }> = [];
  const ports: Record<string, number> = {};
  const stop = async (only?: readonly string[]) => {
    for (const { name, child } of [...started].reverse()) if (!only || only.includes(name)) await processes.stop(child, 'SIGTERM', 15_000);
  };
  try {
    for (const wave of waves) await Promise.all(wave.map(async (name) => {
      const entry = path.join('apps', name, 'src', 'main.ts');
      const logFile = home.at('logs', `${name}.log`);
      const child = processes.start(name, process.execPath, [path.join(WORKSPACE, 'scripts/run-ts.cjs'), entry], {
        // Each service stops when this process is gone, even killed outright (libs/service-kit).
        cwd: WORKSPACE, env: { ...process.env, ...env, ...own[name], CHRONICLE_PARENT_PID: String(process.pid) }, logFile, mark: entry, pipe: true,
      });
      started.push({ name, child });
      ports[name] = await ready(name, child, logFile);
      say(`  ${name} ready (pid ${child.pid}, log ${logFile})`);
    }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { names: waves.flat(), ports, stop };
}

/** Resolves with the HTTP port its ready line names (`<name> ready: prefix …, http port N, pid …`). */
function ready(name: string, child: ChildProcess, logFile: string): Promise<number> {
  const log = createWriteStream(logFile, { flags: 'a' });
  let tail = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not report ready within 120 s; see ${logFile}`)), 120_000);
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      tail = (tail + chunk.toString()).slice(-20_000);
      const line = new RegExp(`${name} ready: [^\\n]*http port (\\d+)`).exec(tail);
      if (line) {
        clearTimeout(timer);
        resolve(Number(line[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      log.end();
      reject(new Error(`${name} exited (code ${code}) before it was ready: ${lastLine(tail)} (see ${logFile})`));
    });
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}

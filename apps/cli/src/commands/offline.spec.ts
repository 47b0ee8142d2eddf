import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { engine, GameLog } from '@chronicle/engine';
import { diceRace } from '@chronicle/engine/examples';
import { chronicle, userEnvironment } from '../testing/run-cli';

/** A finished dice race, played in-process: its log and commitment as a player would receive them. */
function finishedRace(finish = 12): { log: GameLog; commitment: string } {
  const log = GameLog.open({ tableId: 'race', gameId: diceRace.id, rulesVersion: diceRace.version, seats: ['ann', 'bob'], options: { finish } });
  let state = engine.setup(diceRace, log.header());
  while (state.outcome === null) {
    const seat = state.order.acting!;
    const step = engine.step(diceRace, log.header(), state, seat, { type: 'roll' });
    log.append(step.move);
    state = step.state;
  }
  return { log, commitment: log.commitment() };
}

describe('offline verify and replay', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-verify-'));
  const env = userEnvironment({});
  const { log, commitment } = finishedRace();
  const good = path.join(dir, 'good.json');
  writeFileSync(good, JSON.stringify({ tableId: log.tableId, commitment, log: log.toArray() }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('verifies a good log against its commitment', async () => {
    const run = await chronicle(['verify', good, '--commitment', commitment], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`verified: table race (dice-race rules ${diceRace.version}), the seed matches the commitment and all ${log.revision} moves replay`);
  }, 60_000);

  it('shows the progress of a long log, into a pipe as a line at every tenth', async () => {
    const long = finishedRace(2_000);
    const file = path.join(dir, 'long.json');
    writeFileSync(file, JSON.stringify({ tableId: long.log.tableId, commitment: long.commitment, log: long.log.toArray() }));
    const run = await chronicle(['verify', file, '--commitment', long.commitment], env);
    expect(run.code).toBe(0);
    const total = long.log.revision;
    expect(total).toBeGreaterThan(1_000);
    const progress = run.stdout.split('\n').filter((line) => line.startsWith(`verifying ${total} moves: `));
    expect(progress.map((line) => /\((\d+)%\)$/.exec(line)![1])).toEqual(['0', '10', '20', '30', '40', '50', '60', '70', '80', '90', '100']);
    expect(run.stdout).toContain(`all ${total} moves replay`);
  }, 60_000);

  it('refuses a log whose moves were tampered with, and one checked against another commitment', async () => {
    const raw = log.toArray() as { moves: Array<{ payload: unknown; random: boolean }> };
    // A roll recorded as a move that drew nothing: the replay must notice.
    raw.moves[0]!.random = !raw.moves[0]!.random;
    const tampered = path.join(dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(raw));
    const run = await chronicle(['verify', tampered, '--commitment', commitment], env);
    expect(run.code).not.toBe(0);
    expect(run.stdout).not.toContain('verified');
    expect(run.stderr.trim()).toMatch(/^chronicle: REFUSED: .*tampered\.json does not replay: /);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);

    const other = await chronicle(['verify', good, '--commitment', 'ab'.repeat(32)], env);
    expect(other.code).not.toBe(0);
    expect(other.stderr.trim()).toMatch(/^chronicle: REFUSED: the seed in .*good\.json is not the one committed to/);
  }, 60_000);

  it('replays a log file to the state it reaches', async () => {
    const run = await chronicle(['replay', good], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`table race (dice-race rules ${diceRace.version}) at revision ${log.revision}`);
    expect(run.stdout).toMatch(/outcome: .+/);
  }, 60_000);

  it('answers an unknown command, a bad option, a missing file and a move that is not JSON with one line and a non-zero exit', async () => {
    // A move that is not JSON is refused before any server is looked for.
    for (const args of [['bogus'], ['verify', good], ['replay', path.join(dir, 'missing.json')], ['intent', 't', '--seat', 's', '--key', 'k', '{', '--nats', '127.0.0.1:1']]) {
      const run = await chronicle(args, env);
      expect(run.code).not.toBe(0);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^chronicle: /);
      expect(run.stderr).not.toMatch(/cannot reach NATS/);
    }
  }, 60_000);
});

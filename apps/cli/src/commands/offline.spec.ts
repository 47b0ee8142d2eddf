import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkpointOrigin, ed25519PrivateKey, publicKeyHex, signCheckpoint, type FinishedLogV1 } from '@chronicle/contracts';
import { combinedSeed, contributionHash, CONTRIBUTED, engine, entryLeaf, GameLog, rootOf } from '@chronicle/engine';
import { diceRace, journal } from '@chronicle/engine/examples';
import { storedLog } from '@chronicle/testing';
import { chronicle, userEnvironment } from '../testing/run-cli';

const logKey = ed25519PrivateKey('77'.repeat(32));
const LOG_KEY = publicKeyHex(logKey);

/** A journal table of `notes` notes, as `chronicle log` writes it: each note overwrites the last, so changing an earlier one leaves the final state as it was. */
function journalFile(tableId = 'notes', notes = 8): FinishedLogV1 {
  const log = GameLog.open({ tableId, gameId: journal.id, rulesVersion: journal.version, seats: ['ann', 'bob'] });
  const state = engine.setup(journal, log.header());
  for (let i = 1; i <= notes; i++) log.append(engine.step(journal, log.header(), state, i % 2 ? 'ann' : 'bob', { text: `note ${i}` }).move);
  return storedLog(journal, log, logKey);
}

type FileMove = { number: number; payload: { text: string }; seq: number; stateHash: string; seat: string; random: boolean };
const movesOf = (file: FinishedLogV1) => (file.log as unknown as { moves: FileMove[] }).moves;

/** The record rebuilt from the file's moves and state hashes as they now are, signed with the log service's key: a store that recorded what it was sent. */
function rehashed(file: FinishedLogV1, key = logKey): FinishedLogV1 {
  const seed = file.log.seed as string;
  const leaves = movesOf(file).map((m) => entryLeaf(file.tableId, seed, { ...m, kind: 'move' }));
  const rootHash = rootOf(leaves).toString('hex');
  return {
    ...file,
    record: {
      ...file.record!, rootHash, leaves: leaves.map((l) => l.toString('hex')),
      checkpoint: signCheckpoint({ origin: checkpointOrigin(file.tableId, file.commitment), treeSize: leaves.length, rootHash }, key),
    },
  };
}

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
    expect(run.stdout).toContain('randomness: the committed seed alone (the table opened without contributions)');
  }, 60_000);

  it('checks the contributions to a contributed table as its log recorded them', async () => {
    const values = { ann: 'a1'.repeat(32), bob: 'b2'.repeat(32) };
    const table = GameLog.open({ tableId: 'fair', gameId: journal.id, rulesVersion: journal.version, seats: ['ann', 'bob'], options: { randomness: CONTRIBUTED } });
    const state = engine.setup(journal, table.header());
    for (const [seat, payload] of [
      ['ann', { $randomness: 'commit', hash: contributionHash('fair', 'ann', values.ann) }],
      ['bob', { $randomness: 'commit', hash: contributionHash('fair', 'bob', values.bob) }],
      ['bob', { $randomness: 'reveal', value: values.bob }],
      ['ann', { $randomness: 'reveal', value: values.ann }],
      ['ann', { text: 'fair play' }],
    ] as const) table.append(engine.step(journal, table.header(), state, seat, payload).move);
    const file = path.join(dir, 'fair.json');
    writeFileSync(file, JSON.stringify({ tableId: 'fair', commitment: table.commitment(), log: table.toArray() }));
    const run = await chronicle(['verify', file, '--commitment', table.commitment()], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`contributed randomness: every draw came from the seed and the contributions of ann, bob, each revealed after every seat had committed and matching its commit; combined seed ${combinedSeed(table.seed, state.entropy!)}`);

    const raw = table.toArray() as { moves: Array<{ payload: unknown }> };
    raw.moves[2]!.payload = { $randomness: 'reveal', value: 'cc'.repeat(32) };
    writeFileSync(file, JSON.stringify({ tableId: 'fair', commitment: table.commitment(), log: raw }));
    const tampered = await chronicle(['verify', file, '--commitment', table.commitment()], env);
    expect(tampered.code).not.toBe(0);
    expect(tampered.stderr.trim()).toMatch(/^chronicle: REFUSED: .*fair\.json does not replay: move 3 no longer applies: the value is not the one seat bob committed to/);
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

  describe('against the record of what the log service stored', () => {
    const file = journalFile();
    const write = (name: string, content: FinishedLogV1) => {
      const at = path.join(dir, `${name}.json`);
      writeFileSync(at, JSON.stringify(content));
      return at;
    };
    const verify = (at: string, ...more: string[]) => chronicle(['verify', at, '--commitment', file.commitment, ...more], env);
    const refused = async (content: FinishedLogV1, reason: string | RegExp, ...more: string[]) => {
      const run = await verify(write('case', content), '--log-key', LOG_KEY, ...more);
      expect(run.code).not.toBe(0);
      expect(run.stdout).not.toContain('verified');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(typeof reason === 'string' ? `chronicle: REFUSED: ${path.join(dir, 'case.json')}: ${reason}` : reason);
    };
    const changed = (edit: (moves: FileMove[]) => void): FinishedLogV1 => {
      const copy = JSON.parse(JSON.stringify(file)) as FinishedLogV1;
      edit(movesOf(copy));
      return copy;
    };

    it('verifies the log as stored: every move its leaf, the signed checkpoint, the state its last move recorded', async () => {
      const run = await verify(write('stored', file), '--log-key', LOG_KEY);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('all 8 moves replay');
      expect(run.stdout).toContain(`every move is the one the log service stored: 8 entries, tree root ${file.record!.rootHash.slice(0, 16)}…, its checkpoint signed by the log service's key ${LOG_KEY.slice(0, 16)}…`);
      expect(run.stdout).toContain(`final state hash ${movesOf(file)[7]!.stateHash}, the one its last move recorded`);
      const unkeyed = await verify(write('stored', file));
      expect(unkeyed.code).toBe(0);
      expect(unkeyed.stdout).toContain('its checkpoint\'s signature NOT checked (give --log-key');
    }, 60_000);

    it('refuses one player move changed, naming it', async () => {
      await refused(changed((moves) => { moves[4]!.payload = { text: 'changed' }; }), 'move 5 is not the move the log service stored (entry 5): the log was changed there');
    }, 60_000);

    it('refuses an inert change — a note the next one overwrites, the final state as recorded', async () => {
      await refused(changed((moves) => { moves[2]!.payload = { text: 'inert' }; }), 'move 3 is not the move the log service stored (entry 3): the log was changed there');
    }, 60_000);

    it('refuses a reordered pair of moves, naming the first', async () => {
      await refused(changed((moves) => { [moves[3]!.payload, moves[4]!.payload] = [moves[4]!.payload, moves[3]!.payload]; }), 'move 4 is not the move the log service stored (entry 4): the log was changed there');
    }, 60_000);

    it('refuses a log cut short, naming the first move it lacks', async () => {
      await refused(changed((moves) => { moves.splice(6); }), 'move 7 (entry 7) is stored by the log service but missing from this log, which stops at move 6: it was cut short');
    }, 60_000);

    it('refuses a log of another chapter under this one\'s record, and another chapter\'s record', async () => {
      const other = journalFile('notes-c2');
      await refused({ ...file, log: other.log }, /^chronicle: REFUSED: the seed in .* is not the one committed to/);
      await refused({ ...file, record: other.record! }, `the checkpoint is of chronicle/notes-c2/${other.commitment}, not of table notes under this commitment`);
    }, 60_000);

    it('refuses a file rewritten whole — moves, leaves, root — unless its checkpoint is signed by the log service', async () => {
      // The forger has the seed (the log is public): every state hash, leaf and the root are recomputed, and signed with a key of its own.
      const forged = storedLog(journal, GameLog.fromArray(changed((moves) => { moves[1]!.payload = { text: 'forged' }; }).log), ed25519PrivateKey('88'.repeat(32)));
      await refused(forged, /the checkpoint of chronicle\/notes\/[0-9a-f]{64} at size 8 has no valid signature by key chronicle-log/);
      const run = await verify(write('case', forged));
      expect(run.stdout).toContain('NOT checked');
    }, 60_000);

    it('refuses a log whose final state is not the one its last move recorded', async () => {
      await refused(rehashed(changed((moves) => { moves[7]!.stateHash = 'ab'.repeat(32); })), /^chronicle: REFUSED: .*case\.json does not replay: move 8 replays to the state [0-9a-f]{16}…, but its entry recorded abababababababab…/);
    }, 60_000);
  });

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

import { InvalidGame } from '../errors';
import { journal } from '../examples';
import { GameLog } from '../game-log';
import { engine } from '../engine';
import { stateHash } from '../canonical';
import type { JsonObject } from '../json';
import { clone } from '../spec-helpers';
import { entryLeaf, entrySalt } from './entries';
import { rootOf } from './merkle';
import { AuditedLog, type LogRecord, type RecordedMove } from './recorded-log';
import { SplitView } from './table-watch';

/** A journal table as the log service would store it: a state hash with every move, the entries' leaves, an undo of move 4 in the middle. */
function stored(tableId = 'table-1'): { file: JsonObject; record: LogRecord } {
  const log = GameLog.open({ tableId, gameId: journal.id, rulesVersion: journal.version, seats: ['ann', 'bob'] });
  const state = engine.replay(journal, log);
  const entries: Array<{ kind: 'move' | 'undo'; number: number; seat: string | null; payload: JsonObject | null; stateHash: string | null }> = [];
  const moves: Array<RecordedMove & JsonObject> = [];
  const texts = ['a', 'b', 'c', 'taken back', 'd', 'e', 'f', 'g'];
  for (const text of texts) {
    const step = engine.step(journal, log.header(), state, 'ann', { text });
    const hash = stateHash(journal, state);
    entries.push({ kind: 'move', number: step.move.number, seat: 'ann', payload: { text }, stateHash: hash });
    if (text === 'taken back') {
      entries.push({ kind: 'undo', number: step.move.number, seat: 'ann', payload: null, stateHash: null });
      state.data.notes -= 1;
      state.revision -= 1;
      continue;
    }
    log.append(step.move);
    moves.push({ ...step.move, seq: entries.length, stateHash: hash } as RecordedMove & JsonObject);
  }
  const leaves = entries.map((e, i) => entryLeaf(log.tableId, log.seed, { ...e, seq: i + 1, random: false }));
  const record: LogRecord = {
    tableId: log.tableId, treeSize: leaves.length, rootHash: rootOf(leaves).toString('hex'), leaves: leaves.map((l) => l.toString('hex')),
    undos: [{ seq: 5, number: 4, seat: 'ann', stateHash: null }],
  };
  return { file: { tableId: log.tableId, commitment: log.commitment(), log: { ...log.toArray(), moves }, record: clone(record) as unknown as JsonObject }, record };
}

/** Checks a file as `chronicle verify` does against `record`: entries, then the replay move by move. */
function verify(file: JsonObject, record: LogRecord): void {
  const log = GameLog.fromArray(file.log);
  const { moves } = AuditedLog.readParts(file);
  const audited = new AuditedLog(log, moves!, record);
  audited.checkEntries();
  const state = engine.setup(journal, log.header());
  engine.advance(journal, log.header(), state, audited.checked(journal, state, log.moves));
}

type FileMove = { payload: JsonObject; seq: number; number: number; stateHash: string };
const movesOf = (file: JsonObject) => (file.log as unknown as { moves: FileMove[] }).moves;

describe('AuditedLog: a log checked against what the log service stored', () => {
  it('passes the log as stored, undo included, and reads its parts back from the file', () => {
    const { file, record } = stored();
    expect(() => verify(file, record)).not.toThrow();
    expect(AuditedLog.readParts(file).record).toEqual(record);
  });

  it('refuses one move changed, naming it', () => {
    const { file, record } = stored();
    movesOf(file)[5]!.payload = { text: 'changed' };
    expect(() => verify(file, record)).toThrow(new InvalidGame('move 6 is not the move the log service stored (entry 8): the log was changed there'));
  });

  it('refuses an inert change — a note whose effect the next one overwrites — although the final state is the same', () => {
    const { file, record } = stored();
    movesOf(file)[1]!.payload = { text: 'inert' };
    const log = GameLog.fromArray(file.log);
    expect(stateHash(journal, engine.replay(journal, log))).toBe(movesOf(file).at(-1)!.stateHash);
    expect(() => verify(file, record)).toThrow('move 2 is not the move the log service stored');
  });

  it('refuses a changed move whose leaf and state hash were recomputed, when the record is the service\'s', () => {
    const { file, record } = stored();
    const log = GameLog.fromArray(file.log);
    const move = movesOf(file)[2]!;
    move.payload = { text: 'forged' };
    const forged = clone(record) as unknown as { leaves: string[] };
    forged.leaves[move.seq - 1] = entryLeaf(log.tableId, log.seed, { seq: move.seq, kind: 'move', number: 3, seat: 'ann', payload: move.payload, random: false, stateHash: move.stateHash }).toString('hex');
    expect(() => verify(file, forged as unknown as LogRecord)).toThrow('do not build its tree head');
    expect(() => verify(file, record)).toThrow('move 3 is not the move the log service stored');
  });

  it('refuses a reordered pair of moves, naming the first', () => {
    const { file, record } = stored();
    const moves = movesOf(file);
    [moves[1]!.payload, moves[2]!.payload] = [moves[2]!.payload, moves[1]!.payload];
    expect(() => verify(file, record)).toThrow('move 2 is not the move the log service stored');
    const swapped = stored();
    const m = movesOf(swapped.file);
    [m[1]!.seq, m[2]!.seq] = [m[2]!.seq, m[1]!.seq];
    expect(() => verify(swapped.file, swapped.record)).toThrow('move 2 is not the move the log service stored (entry 3)');
  });

  it('refuses a log cut short, naming the first move it lacks', () => {
    const { file, record } = stored();
    movesOf(file).splice(5);
    expect(() => verify(file, record)).toThrow(new InvalidGame('move 6 (entry 8) is stored by the log service but missing from this log, which stops at move 5: it was cut short'));
  });

  it('refuses a move taken out of the middle', () => {
    const { file, record } = stored();
    const moves = movesOf(file);
    moves.splice(2, 1);
    moves.forEach((m, i) => { m.number = i + 1; });
    expect(() => verify(file, record)).toThrow('move 3 is not the move the log service stored');
  });

  it('refuses a log of another table or chapter', () => {
    const one = stored();
    const other = stored('table-2');
    expect(() => verify(other.file, one.record)).toThrow('this is a log of table table-2, but the record is of table table-1');
    const renamed = { ...other.record, tableId: 'table-1' };
    expect(() => verify(one.file, renamed)).toThrow('move 1 is not the move the log service stored');
  });

  it('refuses a move that replays to another state than its entry recorded, stopping the replay there', () => {
    const { file, record } = stored();
    const log = GameLog.fromArray(file.log);
    const moves = AuditedLog.readParts(file).moves!.map((m) => (m.seq === 3 ? { ...m, stateHash: '0'.repeat(64) } : m));
    const audited = new AuditedLog(log, moves, record);
    const state = engine.setup(journal, log.header());
    expect(() => engine.advance(journal, log.header(), state, audited.checked(journal, state, log.moves)))
      .toThrow(/^move 3 replays to the state [0-9a-f]{16}…, but its entry recorded 0000000000000000…/);
    expect(state.revision).toBe(3);
  });

  it('checks the checkpoints seen while the table was in play against its finished tree', () => {
    const { file, record } = stored();
    const audited = new AuditedLog(GameLog.fromArray(file.log), AuditedLog.readParts(file).moves!, record);
    const at = (size: number) => ({ treeSize: size, rootHash: rootOf(record.leaves.slice(0, size).map((l) => Buffer.from(l, 'hex'))).toString('hex'), note: `seen ${size}` });
    expect(() => audited.checkCheckpoints([at(9), at(2), at(5)])).not.toThrow();
    expect(() => audited.checkCheckpoints([at(3), { ...at(6), rootHash: at(5).rootHash }])).toThrow(SplitView);
    expect(() => audited.checkCheckpoints([{ ...at(9), treeSize: 12 }])).toThrow('a checkpoint of 12 entries was shown, the finished log has 9');
  });

  it('derives a different salt for each entry and table, from the seed', () => {
    const seed = 'ab'.repeat(32);
    expect(entrySalt(seed, 't', 1)).not.toBe(entrySalt(seed, 't', 2));
    expect(entrySalt(seed, 't', 1)).not.toBe(entrySalt(seed, 'u', 1));
    expect(entrySalt(seed, 't', 1)).toMatch(/^[0-9a-f]{64}$/);
  });
});

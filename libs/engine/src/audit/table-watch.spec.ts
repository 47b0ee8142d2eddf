import { consistencyProof, inclusionProof, leafHash, rootOf } from './merkle';
import { SplitView, TableWatch, type SeenCheckpoint } from './table-watch';

const leaves = Array.from({ length: 20 }, (_, i) => leafHash(Buffer.from(`entry ${i + 1}`)));
const hex = (hashes: Buffer[]) => hashes.map((h) => h.toString('hex'));
const at = (size: number, all = leaves): SeenCheckpoint => ({ treeSize: size, rootHash: rootOf(all.slice(0, size)).toString('hex'), note: `note ${size}` });

describe('TableWatch: a client\'s or witness\'s check of a table in play', () => {
  it('holds the largest checkpoint when each extends the one before, in any order it sees them', () => {
    const watch = new TableWatch();
    watch.see(at(3), []);
    watch.see(at(7), hex(consistencyProof(leaves.slice(0, 7), 3)));
    watch.see(at(5), hex(consistencyProof(leaves.slice(0, 7), 5)));
    watch.see(at(7), []);
    expect(watch.latest).toEqual(at(7));
  });

  it('refuses a history that does not extend the one it was shown, keeping both checkpoints as the proof', () => {
    const watch = new TableWatch();
    watch.see(at(6), []);
    const rewritten = [...leaves.slice(0, 4), leafHash(Buffer.from('another move')), ...leaves.slice(5)];
    // The log service answers with a proof for the history it now shows: it cannot extend the first.
    const proof = hex(consistencyProof(rewritten.slice(0, 9), 6));
    const error = (() => { try { watch.see(at(9, rewritten), proof); } catch (e) { return e as SplitView; } })();
    expect(error).toBeInstanceOf(SplitView);
    expect(error!.earlier.note).toBe('note 6');
    expect(error!.later).toEqual(at(9, rewritten));
    expect(() => watch.see(at(6, rewritten), [])).toThrow('the same size with two roots');
    expect(watch.latest).toEqual(at(6));
  });

  it('finds an entry it knows at the place it was told, and not elsewhere', () => {
    const checkpoint = at(13);
    const proof = hex(inclusionProof(leaves.slice(0, 13), 4));
    expect(TableWatch.includes(leaves[4]!.toString('hex'), 5, checkpoint, proof)).toBe(true);
    expect(TableWatch.includes(leaves[4]!.toString('hex'), 6, checkpoint, proof)).toBe(false);
    expect(TableWatch.includes(leaves[5]!.toString('hex'), 5, checkpoint, proof)).toBe(false);
  });
});

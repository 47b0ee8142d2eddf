import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { ed25519PrivateKey, ed25519PublicKey, publicKeyHex } from './ed25519';
import { BadCheckpoint, checkpointOrigin, openCheckpoint, readCheckpoint, signCheckpoint } from './checkpoint';

const key = ed25519PrivateKey('11'.repeat(32));
const publicKey = ed25519PublicKey(publicKeyHex(key));
const checkpoint = { origin: checkpointOrigin('world-c1', 'ab'.repeat(32)), treeSize: 12, rootHash: 'cd'.repeat(32) };

describe('signed checkpoints (C2SP tlog-checkpoint, signed-note Ed25519)', () => {
  it('writes the three lines and one signature line, which opens with the public key', () => {
    const note = signCheckpoint(checkpoint, key);
    const [origin, size, root, blank, signature] = note.split('\n');
    expect([origin, size, root, blank]).toEqual([`chronicle/world-c1/${'ab'.repeat(32)}`, '12', Buffer.from('cd'.repeat(32), 'hex').toString('base64'), '']);
    // The signed-note signature line: key name, then base64 of key hash (4 bytes) and the Ed25519 signature of the text.
    const bytes = Buffer.from(signature!.split(' ')[2]!, 'base64');
    const raw = Buffer.from(publicKeyHex(key), 'hex');
    expect(bytes.subarray(0, 4)).toEqual(createHash('sha256').update('chronicle-log\n\x01').update(raw).digest().subarray(0, 4));
    expect(bytes.subarray(4)).toEqual(sign(null, Buffer.from(`${origin}\n${size}\n${root}\n`), key));
    expect(signature!.startsWith('\u2014 chronicle-log ')).toBe(true);
    expect(openCheckpoint(note, publicKey)).toEqual(checkpoint);
  });

  it('refuses a changed size or root, another key, an unsigned text, and a malformed note', () => {
    const note = signCheckpoint(checkpoint, key);
    expect(() => openCheckpoint(note.replace('\n12\n', '\n13\n'), publicKey)).toThrow(BadCheckpoint);
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(() => openCheckpoint(note, other)).toThrow('has no valid signature by key chronicle-log');
    const unsigned = signCheckpoint(checkpoint, undefined);
    expect(readCheckpoint(unsigned)).toEqual({ ...checkpoint, signed: false });
    expect(() => openCheckpoint(unsigned, publicKey)).toThrow(BadCheckpoint);
    expect(() => readCheckpoint('origin\nx\nroot\n')).toThrow('tree size is a decimal number');
    expect(() => readCheckpoint('origin\n1\nAAAA\n')).toThrow('root hash is 32 bytes');
  });
});

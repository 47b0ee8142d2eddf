import { randomBytes } from 'node:crypto';
import { newSeed } from '@chronicle/engine';
import { BadRequest } from '../errors';
import { decodeSnapshot, encodeSnapshot } from '../snapshot/requests.v1';
import { sealSeed, seedKey, unsealSeed } from './sealed-seed';

describe('sealed seeds', () => {
  const key = randomBytes(32);
  const seed = newSeed();

  it('opens with the same key for the same table, and never shows the seed sealed', () => {
    const sealed = sealSeed(key, 't1', seed);
    expect(sealed).not.toContain(seed);
    expect(Buffer.from(sealed, 'base64').toString('hex')).not.toContain(seed);
    expect(unsealSeed(key, 't1', sealed)).toBe(seed);
    expect(sealSeed(key, 't1', seed)).not.toBe(sealed);
  });

  it('refuses another key, another table and tampered bytes', () => {
    const sealed = sealSeed(key, 't1', seed);
    expect(() => unsealSeed(randomBytes(32), 't1', sealed)).toThrow(/does not open with this key/);
    expect(() => unsealSeed(key, 't2', sealed)).toThrow(BadRequest);
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => unsealSeed(key, 't1', bytes.toString('base64'))).toThrow(BadRequest);
    expect(() => unsealSeed(key, 't1', 'AAAA')).toThrow(/too short/);
  });

  it('reads a key of 64 hex digits only', () => {
    expect(seedKey('ab'.repeat(32))).toHaveLength(32);
    expect(() => seedKey('xyz')).toThrow(/64 lowercase hexadecimal digits/);
  });

  it('round-trips a snapshot through its compressed wire form', () => {
    const snapshot = { tableId: 't1', revision: 3, commitment: 'c', state: { data: { cells: [1, null, 'x'] } } };
    expect(decodeSnapshot(encodeSnapshot(snapshot))).toEqual(snapshot);
  });
});

import { consistencyProof, EMPTY_ROOT, inclusionProof, leafHash, MerkleRange, rootOf, verifyConsistency, verifyInclusion } from './merkle';

// The RFC 6962 test vectors of certificate-transparency-go (merkle/rfc6962): eight leaf
// inputs and the root of each prefix of them.
const INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const leaves = INPUTS.map((hex) => leafHash(Buffer.from(hex, 'hex')));
const many = (n: number) => Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`entry ${i}`)));

describe('Merkle tree (RFC 9162 hashing)', () => {
  it('gives the roots of the RFC 6962 test vectors, and SHA-256 of nothing for no leaf', () => {
    for (let n = 1; n <= 8; n++) expect(rootOf(leaves.slice(0, n)).toString('hex')).toBe(ROOTS[n - 1]);
    expect(rootOf([]).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('grows one leaf at a time to the same root (the log service keeps only the right edge)', () => {
    const range = new MerkleRange();
    expect(range.root()).toEqual(EMPTY_ROOT);
    const all = many(70);
    for (const [i, leaf] of all.entries()) {
      range.push(leaf);
      expect(range.size).toBe(i + 1);
      expect(range.root()).toEqual(rootOf(all.slice(0, i + 1)));
    }
  });

  it('proves every leaf of trees of 1 to 40 leaves, and no leaf at another place, size or root', () => {
    for (let n = 1; n <= 40; n++) {
      const all = many(n);
      const root = rootOf(all);
      for (let i = 0; i < n; i++) {
        const proof = inclusionProof(all, i);
        expect(verifyInclusion(all[i]!, i, n, proof, root)).toBe(true);
        if (n > 1) expect(verifyInclusion(all[(i + 1) % n]!, i, n, proof, root)).toBe(false);
        expect(verifyInclusion(all[i]!, i, n, proof, EMPTY_ROOT)).toBe(false);
      }
    }
    expect(() => inclusionProof(many(3), 3)).toThrow('leaf 3 is not in a tree of 3 leaves');
  });

  it('proves that each tree extends every prefix of it, and refuses a history that was rewritten', () => {
    for (let n = 1; n <= 40; n++) {
      const all = many(n);
      const root = rootOf(all);
      for (let m = 0; m <= n; m++) {
        const proof = consistencyProof(all, m);
        expect(verifyConsistency(m, n, rootOf(all.slice(0, m)), root, proof)).toBe(true);
        if (m > 0 && m < n) {
          const rewritten = [...all.slice(0, m - 1), leafHash(Buffer.from('other')), ...all.slice(m)];
          expect(verifyConsistency(m, n, rootOf(rewritten.slice(0, m)), root, proof)).toBe(false);
          expect(verifyConsistency(m, n, rootOf(all.slice(0, m)), rootOf(rewritten), proof)).toBe(false);
        }
      }
    }
    expect(verifyConsistency(5, 4, rootOf(many(5)), rootOf(many(4)), [])).toBe(false);
  });
});

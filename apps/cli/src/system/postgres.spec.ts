import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { searchBlockers } from './postgres';

describe('the folders the postgres user cannot pass through', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'chronicle-pg-home-'));
  const home = path.join(root, 'home');
  const stranger = { uid: 424_242, gid: 424_242 };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names a private home (as mktemp -d makes it) and a private folder above it, and nothing once they may be passed', () => {
    mkdirSync(home, { mode: 0o700 });
    chmodSync(root, 0o700);
    chmodSync(home, 0o700);
    expect(searchBlockers(home, stranger)).toEqual([home, root]);
    chmodSync(root, 0o711);
    chmodSync(home, 0o701);
    expect(searchBlockers(home, stranger)).toEqual([]);
  });

  it('lets the owner and the group through by their own bits', () => {
    chmodSync(home, 0o710);
    const { uid, gid } = { uid: process.getuid!(), gid: process.getgid!() };
    expect(searchBlockers(home, { uid: stranger.uid, gid })).toEqual([]);
    expect(searchBlockers(home, stranger)).toEqual([home]);
    expect(searchBlockers(home, { uid, gid: stranger.gid })).toEqual([]);
  });
});

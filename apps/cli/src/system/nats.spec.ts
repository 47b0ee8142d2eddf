import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findNatsServer, NATS_MISSING } from './nats';

describe('finding a nats-server to start', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-nats-bin-'));
  const [empty, notExecutable, folder, installed] = ['empty', 'not-executable', 'folder', 'installed'].map((name) => path.join(dir, name));
  mkdirSync(empty!);
  mkdirSync(notExecutable!);
  writeFileSync(path.join(notExecutable!, 'nats-server'), '');
  mkdirSync(path.join(folder!, 'nats-server'), { recursive: true });
  mkdirSync(installed!);
  writeFileSync(path.join(installed!, 'nats-server'), '#!/bin/sh\n');
  chmodSync(path.join(installed!, 'nats-server'), 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the first executable nats-server of the folders, in order', () => {
    expect(findNatsServer([empty!, notExecutable!, folder!, installed!])).toBe(path.join(installed!, 'nats-server'));
  });

  it('finds none where there is none, and then says in one line how to get one', () => {
    expect(findNatsServer([empty!, folder!, ''])).toBeUndefined();
    expect(NATS_MISSING.split('\n')).toHaveLength(1);
    expect(NATS_MISSING).toMatch(/set NATS_URL.*install nats-server/);
  });
});

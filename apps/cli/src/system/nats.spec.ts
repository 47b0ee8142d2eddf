import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetStreamDurability } from '@chronicle/service-kit';
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

describe('what an acknowledged JetStream write promises', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-nats-version-'));
  const reporting = (version: string) => {
    const binary = path.join(dir, version);
    writeFileSync(binary, `#!/bin/sh\necho "nats-server: ${version}"\n`);
    chmodSync(binary, 0o755);
    return binary;
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('syncs every write before its acknowledgement on a server that can (2.10 on)', () => {
    for (const version of ['v2.10.0', 'v2.12.1', 'v3.0.0']) {
      expect(jetStreamDurability(reporting(version)).config).toBe('jetstream { sync_interval: always }\n');
    }
  });

  it('says what a 2.9 server promises instead, having no such setting', () => {
    expect(jetStreamDurability(reporting('v2.9.10'))).toEqual({
      config: '', note: 'nats-server v2.9.10 cannot sync each write (sync_interval needs 2.10): an acknowledged write survives a crash of NATS, not a power loss',
    });
  });
});

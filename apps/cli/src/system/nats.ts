import { accessSync, constants, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import type { Home } from './home';
import { freePort, jetStreamDurability } from '@chronicle/service-kit';
import type { Processes } from './processes';

export interface Nats {
  url: string;
  description: string;
  stop(): Promise<void>;
}

const DEFAULT_URL = '127.0.0.1:4222';
export const NATS_MISSING = 'no NATS server: set NATS_URL, run one with JetStream on 127.0.0.1:4222, or install nats-server (Debian/Ubuntu: apt-get install nats-server; or a release binary from the nats-io/nats-server project) and start again';

/**
 * `NATS_URL` when set; else a server already answering on 127.0.0.1:4222 (unless
 * `ownServer`); else a `nats-server` from the PATH started as a child, JetStream on, its
 * store under `<home>/nats`.
 */
export async function startNats(home: Home, processes: Processes, ownServer: boolean): Promise<Nats> {
  const given = process.env.NATS_URL;
  if (given) return { url: given, description: `NATS at NATS_URL (${given})`, stop: async () => undefined };
  if (!ownServer && (await answers(DEFAULT_URL))) {
    return { url: DEFAULT_URL, description: `NATS already running on ${DEFAULT_URL}`, stop: async () => undefined };
  }
  const binary = findNatsServer();
  if (!binary) throw new Error(NATS_MISSING);
  const store = home.at('nats');
  mkdirSync(store, { recursive: true });
  const port = await freePort();
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store];
  // An intent answered "pending" is in a stream: synced to disk first where the server can.
  const durability = jetStreamDurability(binary);
  if (durability.config !== '') {
    writeFileSync(home.at('nats.conf'), durability.config);
    args.unshift('-c', home.at('nats.conf'));
  }
  const child = processes.start('nats-server', binary, args, {
    logFile: home.at('nats.log'), mark: store,
  });
  const url = `127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`nats-server exited at start (code ${child.exitCode}); see ${home.at('nats.log')}`);
    if (Date.now() > deadline) throw new Error(`nats-server did not answer on ${url} within 20 s; see ${home.at('nats.log')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, description: `embedded nats-server (${binary}, JetStream store in ${store}, ${url}; ${durability.note})`, stop: () => processes.stop(child, 'SIGTERM', 10_000) };
}

async function answers(url: string): Promise<boolean> {
  try {
    const nc = await connect({ servers: url, timeout: 1_000, reconnect: false });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * `nats-server` from the PATH, or where packages put it off a user's PATH (Debian's in
 * /usr/sbin); undefined when there is none.
 */
export function findNatsServer(dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']): string | undefined {
  return dirs.filter(Boolean).map((dir) => path.join(dir, 'nats-server')).find(isExecutableFile);
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The one folder that holds everything `npm start` keeps between runs (`.chronicle/` in the
 * working directory, or `CHRONICLE_HOME`): the embedded database, the embedded NATS
 * store, the services' logs, and the settings below. A second start finds them and resumes.
 */
export interface Home {
  dir: string;
  settings: HomeSettings;
  /** A file or folder inside the home. */
  at(...parts: string[]): string;
}

export interface HomeSettings {
  /** The subject prefix of this home's system: several homes can share one NATS server. */
  prefix: string;
  /** The key the log and snapshot services seal seeds with (secret: the file is 0600). */
  seedKey: string;
  /** The embedded PostgreSQL's password for user `postgres`. */
  pgPassword: string;
  /** The Ed25519 key the log service signs its events with (the snapshot service checks them). */
  signingKey: string;
  /** The Ed25519 key the snapshot service signs its quarantine notices with (executors and the scheduler check them). */
  snapshotKey: string;
  /** The Ed25519 key the gateway signs seat proofs with (the executors and the snapshot service check them with its public half). */
  gatewayKey: string;
  /** The password of the scripted players' accounts at the gateway (player-1…), which sign in as any player does. */
  playersPassword: string;
}

export function openHome(dir = process.env.CHRONICLE_HOME || path.resolve('.chronicle')): Home {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'settings.json');
  const fresh: HomeSettings = {
    prefix: `demo_${randomBytes(4).toString('hex')}`,
    seedKey: randomBytes(32).toString('hex'),
    pgPassword: randomBytes(16).toString('hex'),
    signingKey: randomBytes(32).toString('hex'),
    snapshotKey: randomBytes(32).toString('hex'),
    gatewayKey: randomBytes(32).toString('hex'),
    playersPassword: randomBytes(16).toString('hex'),
  };
  // A home from an earlier version gets the settings it lacks; those it has are kept.
  const settings: HomeSettings = { ...fresh, ...(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<HomeSettings>) : {}) };
  writeFileSync(file, JSON.stringify(settings, null, 2), { mode: 0o600 });
  return { dir, settings, at: (...parts) => path.join(dir, ...parts) };
}

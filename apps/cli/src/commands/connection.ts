import { LogClient, RequestClient, roleCredentials } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CliError } from '../terminal/output';

/** Where a running `npm start` says it can be reached (written while it runs, removed at the stop). */
export const RUNNING_FILE = 'running.json';

export interface Running {
  natsUrl: string;
  prefix: string;
  pid: number;
  /** The log service's Ed25519 public key (hex): what checks the checkpoints it signs. */
  logPublicKey?: string;
}

export interface ConnectionOptions {
  nats?: string;
  prefix?: string;
}

/** A connection to a running system, for the operator's and player's commands. */
export interface Remote {
  nc: NatsConnection;
  subjects: Subjects;
  requests: RequestClient;
  log: LogClient;
  /** The log service's public key, when known (`CHRONICLE_LOG_PUBLIC_KEY`, else the running `npm start`'s). */
  logPublicKey: string | undefined;
  close(): Promise<void>;
}

/**
 * Finds the system: `--nats`/`--prefix`, else `NATS_URL`/`CHRONICLE_PREFIX`, else what the
 * `npm start` of this folder's home (`.chronicle/`, or `CHRONICLE_HOME`) wrote while it
 * runs, else 127.0.0.1:4222 with prefix `chronicle` (a deployment's default). A deployment's
 * NATS role (deploy/nats: `operator`, `public`) comes from `NATS_USER` and `NATS_PASSWORD`,
 * never from the command line, where other users of the machine could read it; a TLS
 * deployment's authority from `NATS_TLS_CA`.
 */
export async function connectRemote(options: ConnectionOptions): Promise<Remote> {
  const home = process.env.CHRONICLE_HOME || path.resolve('.chronicle');
  const runningFile = path.join(home, RUNNING_FILE);
  const running = existsSync(runningFile) ? (JSON.parse(readFileSync(runningFile, 'utf8')) as Running) : undefined;
  const url = options.nats ?? process.env.NATS_URL ?? running?.natsUrl ?? '127.0.0.1:4222';
  const prefix = options.prefix ?? process.env.CHRONICLE_PREFIX ?? running?.prefix ?? 'chronicle';
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: url.split(','), name: 'chronicle-cli', timeout: 5_000, ...roleCredentials(process.env.NATS_USER ?? '', process.env.NATS_PASSWORD ?? ''),
      // As the services do (libs/service-kit natsOptions): the deployment's authority for its TLS servers.
      ...(process.env.NATS_TLS_CA ? { tls: { caFile: process.env.NATS_TLS_CA } } : {}),
    });
  } catch (error) {
    const message = (error as Error).message;
    if (/certificate/i.test(message)) {
      throw new CliError(`cannot reach NATS at ${url} (${message}): its TLS certificate is not from an authority this machine trusts; set NATS_TLS_CA to the deployment's ca.crt (deploy/k8s/components/tls)`);
    }
    throw new CliError(`cannot reach NATS at ${url} (${message}); is the system running (npm start)? --nats or NATS_URL name another server`);
  }
  const subjects = new Subjects(prefix);
  const requests = new RequestClient(nc, subjects, 15_000);
  // The running `npm start`'s key only when this is its system.
  const logPublicKey = process.env.CHRONICLE_LOG_PUBLIC_KEY || (running?.natsUrl === url && running.prefix === prefix ? running.logPublicKey : undefined);
  return { nc, subjects, requests, log: new LogClient(requests), logPublicKey, close: () => nc.drain() };
}

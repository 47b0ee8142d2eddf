import { LogClient, RequestClient } from '@chronicle/bus';
import { ed25519PrivateKey, publicKeyHex, Subjects } from '@chronicle/contracts';
import { freePort } from '@chronicle/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { RUNNING_FILE, type Running } from '../commands/connection';
import { openHome, type Home } from './home';
import { startNats } from './nats';
import { startDatabase } from './postgres';
import { Processes } from './processes';
import { inCheckout, startServices } from './services';
import { CliError } from '../terminal/output';

export interface SystemOptions {
  /** Start a nats-server of our own even when one answers on 127.0.0.1:4222. */
  ownNats: boolean;
  /** The web page's port; 0 takes a free one. */
  webPort: number;
  /** The players' API port (the gateway's public port); 0 takes a free one. */
  gatewayPort: number;
  /**
   * Receives, before the first process starts, what ends every process the run started at
   * once: the second Ctrl-C's way out, which may come while the system is still starting.
   */
  onKill(kill: () => void): void;
}

/** The whole system running on this machine, and a connection to it. */
export interface System {
  home: Home;
  nc: NatsConnection;
  subjects: Subjects;
  requests: RequestClient;
  log: LogClient;
  /** What was started, for the opening lines. */
  database: string;
  nats: string;
  services: string[];
  /** The web page of the system's worlds, or null when the web service is not built. */
  pageUrl: string | null;
  /** The players' API (the gateway: `<url>/api/v1`). */
  gatewayUrl: string;
  /** Stops what makes time pass (scheduler, executors): the work under way ends, no new work starts. */
  drain(): Promise<void>;
  /** Stops the services, then NATS and the database (each waits for the one before). */
  stop(say: (line: string) => void): Promise<void>;
}

/**
 * Starts the system all-in-one on the embedded default: the database and NATS (embedded
 * unless `DATABASE_URL`/`NATS_URL` say otherwise), then every service from its own entry
 * point, each with the same configuration a deployment gives it.
 */
export async function startSystem(options: SystemOptions, say: (line: string) => void): Promise<System> {
  if (!inCheckout()) {
    throw new CliError('chronicle start runs the whole system from a checkout of the repository (npm ci && npm start); this is the compiled CLI that operates a running deployment: chronicle --help lists its commands');
  }
  const home = openHome();
  takeLock(home);
  const processes = new Processes(home);
  processes.reapLeftovers(say);
  options.onKill(() => {
    processes.killAll();
    // What would send the CLI's commands to a system that is gone, and keep the next start out.
    rmSync(home.at(RUNNING_FILE), { force: true });
    rmSync(home.at('lock'), { force: true });
  });
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async (report: (line: string) => void) => {
    for (const stop of stops.reverse()) await stop();
    stops.length = 0;
    rmSync(home.at('lock'), { force: true });
    const left = processes.running();
    if (left.length > 0) report(`still running after the stop: ${left.join(', ')}`);
  };
  try {
    const database = await startDatabase(home, processes, say);
    stops.push(() => database.stop());
    say(`database: ${database.description}`);
    const nats = await startNats(home, processes, options.ownNats);
    stops.push(() => nats.stop());
    say(`NATS: ${nats.description}`);
    const prefix = process.env.CHRONICLE_PREFIX || home.settings.prefix;
    say(`starting the services (prefix ${prefix}, logs in ${home.at('logs')})`);
    const gatewayPort = options.gatewayPort || await freePort();
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const webPort = options.webPort || await freePort();
    const services = await startServices(home, processes, {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      CHRONICLE_PREFIX: prefix,
      CHRONICLE_SEED_KEY: home.settings.seedKey,
      CHRONICLE_SIGNING_KEY: home.settings.signingKey,
      CHRONICLE_LOG_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(home.settings.signingKey)),
      CHRONICLE_SNAPSHOT_SIGNING_KEY: home.settings.snapshotKey,
      CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(home.settings.snapshotKey)),
      // Players act through the gateway, whose seat proofs the executors (intents) and the snapshot service (a seat's view) check.
      CHRONICLE_GATEWAY_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(home.settings.gatewayKey)),
      NATS_PROVISION: 'true',
      HTTP_PORT: '0',
      LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    }, say, {
      // The web page forwards its /api/v1 to the gateway, so that a browser talks to one origin.
      // The page on its own port; the probes and /metrics stay on its internal one.
      web: { PUBLIC_PORT: String(webPort), GATEWAY_URL: gatewayUrl },
      gateway: {
        PUBLIC_PORT: String(gatewayPort), CHRONICLE_GATEWAY_KEY: home.settings.gatewayKey,
        // Plain http on the loopback: a Secure cookie would never come back.
        COOKIE_SECURE: 'false',
      },
    });
    stops.push(() => services.stop());
    const running: Running = { natsUrl: nats.url, prefix, pid: process.pid, logPublicKey: publicKeyHex(ed25519PrivateKey(home.settings.signingKey)) };
    writeFileSync(home.at(RUNNING_FILE), JSON.stringify(running));
    stops.push(async () => rmSync(home.at(RUNNING_FILE), { force: true }));
    const nc = await connect({ servers: nats.url.split(','), name: 'chronicle-cli', maxReconnectAttempts: -1 });
    stops.push(() => nc.drain().catch(() => undefined));
    const subjects = new Subjects(prefix);
    const requests = new RequestClient(nc, subjects, 30_000);
    return {
      home, nc, subjects, requests, log: new LogClient(requests),
      database: database.description, nats: nats.description, services: services.names,
      pageUrl: services.ports.web === undefined ? null : `http://127.0.0.1:${webPort}/`,
      gatewayUrl,
      drain: () => services.stop(['scheduler', 'turn-executor']),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll(say);
    throw error;
  }
}

/** One `npm start` per home at a time: a second one would share the database and the streams. */
function takeLock(home: Home): void {
  const file = home.at('lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && alive(pid)) {
      throw new CliError(`another chronicle (pid ${pid}) is running on ${home.dir}; stop it first, or set CHRONICLE_HOME to another folder`);
    }
  }
  const fd = openSync(file, 'w');
  writeSync(fd, String(process.pid));
  closeSync(fd);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

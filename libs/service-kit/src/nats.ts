import { roleCredentials } from '@chronicle/bus';
import type { ConnectionOptions, NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { Logger, type Provider } from '@nestjs/common';
import type { ServiceConfig } from './config';
import type { CheckResult } from './health';
import { dependency } from './startup';

/**
 * How every Chronicle process connects: reconnect for ever (a client that gives up after the
 * library's default ten attempts sits alive but deaf after a 20-second outage), with the
 * credentials of its role when the deployment gives them (see deploy/nats), over TLS checked
 * against `NATS_TLS_CA` when it is set.
 */
export function natsOptions(config: ServiceConfig, name: string): ConnectionOptions {
  return {
    servers: config.NATS_URL.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: config.NATS_RECONNECT_WAIT_MS,
    // The client otherwise builds up to three Errors (stack traces) for every request, even
    // one that succeeds: a tenth of an executor's CPU at 500 intents/s. Our errors say what
    // timed out on their own (RequestClient names the subject).
    noAsyncTraces: true,
    ...roleCredentials(config.NATS_USER, config.NATS_PASSWORD),
    // A server that requires TLS is checked against this authority; one that does not is refused then, not spoken to in the clear.
    ...(config.NATS_TLS_CA ? { tls: { caFile: config.NATS_TLS_CA } } : {}),
  };
}

export type LinkState = 'connected' | 'reconnecting' | 'closed';

/**
 * What the connection went through, for `/health`: its state and since when, the last
 * error the server or the socket reported, and a server's lame-duck notice.
 */
export class NatsLink {
  state: LinkState = 'connected';
  since = new Date();
  lastError?: string;
  lameDuck?: string;
  private readonly log: Logger;

  constructor(readonly nc: NatsConnection, name: string, private readonly configuredServers = 1) {
    this.log = new Logger(`nats:${name}`);
    void this.watch();
    void nc.closed().then((error) => this.set('closed', error ? String(error) : undefined));
  }

  check(): () => Promise<CheckResult> {
    return async () => {
      const detail: Record<string, unknown> = { state: this.state, since: this.since.toISOString(), server: this.nc.getServer() };
      if (this.lastError) detail.lastError = this.lastError;
      if (this.lameDuck) detail.lameDuck = this.lameDuck;
      if (this.state !== 'connected') {
        detail.why = this.state === 'closed'
          ? 'the connection is closed for good: restart the process'
          : `no NATS server reachable since ${this.since.toISOString()}; reconnecting for ever`;
        return { ok: false, detail };
      }
      detail.rttMs = await this.nc.rtt();
      return { ok: true, detail };
    };
  }

  private set(state: LinkState, error?: string): void {
    if (error) this.lastError = error;
    if (state === this.state) return;
    this.state = state;
    this.since = new Date();
  }

  private async watch(): Promise<void> {
    for await (const status of this.nc.status()) {
      switch (status.type) {
        case 'disconnect':
          this.set('reconnecting');
          this.log.warn(`lost NATS server ${status.server}; reconnecting`);
          break;
        case 'reconnect':
          this.set('connected');
          this.lameDuck = undefined;
          this.log.log(`reconnected to NATS server ${status.server}`);
          break;
        case 'ldm':
          // The server is about to shut down and sends no new connections our way; with
          // another server known, leave now (spread over a few seconds) instead of at its
          // last moment together with every other client.
          this.lameDuck = `server ${status.server} entered lame-duck mode at ${new Date().toISOString()}`;
          this.log.warn(this.lameDuck);
          if (this.configuredServers > 1 || (this.nc.info?.connect_urls?.length ?? 0) > 1) {
            setTimeout(() => void this.nc.reconnect().catch(() => undefined), Math.random() * 5_000).unref();
          }
          break;
        case 'error':
          this.lastError = String(status.error);
          this.log.error(`NATS error: ${this.lastError}`);
          break;
        default:
          break;
      }
    }
  }
}

/** Connects with {@link natsOptions} and watches the link for `/health`. */
export async function connectService(config: ServiceConfig, name: string): Promise<NatsLink> {
  const options = natsOptions(config, name);
  const nc = await dependency('NATS_URL', config.NATS_URL, 'NATS', () => connect(options));
  return new NatsLink(nc, name, (options.servers as string[]).length);
}

/** The DI token of a service's NATS connection (the app provides it, `startService` uses it). */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/** A service's `NatsLink` and its connection under `NATS_CONNECTION`; `startService` adds the link to `/health`. */
export function natsProviders(config: ServiceConfig, name: string): Provider[] {
  return [
    { provide: NatsLink, useFactory: () => connectService(config, name) },
    { provide: NATS_CONNECTION, inject: [NatsLink], useFactory: (link: NatsLink) => link.nc },
  ];
}

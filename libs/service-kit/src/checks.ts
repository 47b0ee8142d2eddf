import type { NatsConnection } from '@nats-io/nats-core';
import type { DataSource } from 'typeorm';
import type { CheckResult } from './health';

/** The connection is open and the server answers a ping. */
export function natsCheck(nc: NatsConnection): () => Promise<CheckResult> {
  return async () => {
    if (nc.isClosed()) return { ok: false, detail: 'connection closed' };
    const rtt = await nc.rtt();
    return { ok: true, detail: { server: nc.getServer(), rttMs: rtt } };
  };
}

/** The database answers `SELECT 1`. */
export function postgresCheck(dataSource: DataSource): () => Promise<CheckResult> {
  return async () => {
    if (!dataSource.isInitialized) return { ok: false, detail: 'not connected' };
    await dataSource.query('SELECT 1');
    return { ok: true };
  };
}

/** Every consumer of the transport is reading (`JetStreamServer.consumerStatus`). */
export function consumersCheck(status: () => Promise<Array<{ consumer: string; running: boolean; error?: string }>>): () => Promise<CheckResult> {
  return async () => {
    const consumers = await status();
    return { ok: consumers.every((c) => c.running), detail: consumers };
  };
}

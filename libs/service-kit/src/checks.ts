import type { DataSource } from 'typeorm';
import type { CheckResult } from './health';

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

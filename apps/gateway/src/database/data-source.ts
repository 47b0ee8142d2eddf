import { migratedDataSource } from '@chronicle/service-kit';
import type { DataSource } from 'typeorm';
import { entities } from './entities';
import { Accounts1765100000000 } from './migrations/1765100000000-accounts';
import { WorldSeats1765100100000 } from './migrations/1765100100000-world-seats';
import { OidcFlows1765100200000 } from './migrations/1765100200000-oidc-flows';

export const migrations = [Accounts1765100000000, WorldSeats1765100100000, OidcFlows1765100200000];

/**
 * The gateway's database (accounts, sessions, seats): migrations run at start, never
 * `synchronize`. It may be the log service's database (one backup for the whole record):
 * the gateway records its migrations in a table of its own.
 */
export function gatewayDataSource(url: string, poolSize: number): DataSource {
  return migratedDataSource(url, poolSize, entities, migrations, 'gateway_migrations');
}

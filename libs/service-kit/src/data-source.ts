import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

/**
 * The key of the session-level advisory lock every Chronicle service's migrations run under
 * ("chro"): one for all, so that replicas of any service and version agree on it.
 */
export const MIGRATION_LOCK_KEY = 0x6368726f;

/**
 * A database whose `initialize()` also brings the schema up to date under a PostgreSQL
 * advisory lock: replicas starting together (a rollout of 3) wait for the first one's
 * migrations, then find nothing left to run, instead of racing to create the same tables.
 */
class MigratedDataSource extends DataSource {
  override async initialize(): Promise<this> {
    await super.initialize();
    const runner = this.createQueryRunner();
    try {
      await runner.connect();
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await this.runMigrations({ transaction: 'each' });
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } catch (error) {
      await runner.release();
      await this.destroy().catch(() => undefined);
      throw error;
    }
    await runner.release();
    return this;
  }
}

/**
 * A service's PostgreSQL database: its migrations run at start, once whatever the number of
 * replicas (each in its own transaction, under an advisory lock); the schema is never
 * synchronized from the entities.
 */
export function migratedDataSource(
  url: string,
  poolSize: number,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>,
  /** Where the service records the migrations it ran: its own table, when services share one database. */
  migrationsTableName = 'migrations',
): DataSource {
  const options: DataSourceOptions = {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: poolSize },
  };
  return new MigratedDataSource(options);
}

import { DataSource, type MixedList, type EntitySchema } from 'typeorm';

/**
 * A service's PostgreSQL database: its migrations run at start (each in its own
 * transaction); the schema is never synchronized from the entities.
 */
export function migratedDataSource(
  url: string,
  poolSize: number,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>,
): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: poolSize },
  });
}

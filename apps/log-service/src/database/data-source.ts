import { DataSource } from 'typeorm';
import { entities } from './entities';
import { InitialSchema1764400000000 } from './migrations/1764400000000-initial-schema';
import { UndoIndex1764500000000 } from './migrations/1764500000000-undo-index';

export const migrations = [InitialSchema1764400000000, UndoIndex1764500000000];

/**
 * The log service's database. Migrations run at start (each in its own transaction);
 * the schema is never synchronized from the entities.
 */
export function logDataSource(url: string, poolSize: number): DataSource {
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

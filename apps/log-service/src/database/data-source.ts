import { migratedDataSource } from '@chronicle/service-kit';
import type { DataSource } from 'typeorm';
import { entities } from './entities';
import { InitialSchema1764400000000 } from './migrations/1764400000000-initial-schema';
import { UndoIndex1764500000000 } from './migrations/1764500000000-undo-index';
import { EntryTree1765000000000 } from './migrations/1765000000000-entry-tree';
import { Documents1765100000000 } from './migrations/1765100000000-documents';

export const migrations = [InitialSchema1764400000000, UndoIndex1764500000000, EntryTree1765000000000, Documents1765100000000];

/** The log service's database (migrations run at start, never `synchronize`). */
export function logDataSource(url: string, poolSize: number): DataSource {
  return migratedDataSource(url, poolSize, entities, migrations);
}

import 'reflect-metadata';
import { ConfigError, loadConfig } from '@chronicle/service-kit';
import { startSnapshotService } from './bootstrap';
import { SnapshotServiceConfig } from './config';

startSnapshotService(loadConfig(SnapshotServiceConfig)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

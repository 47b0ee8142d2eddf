import 'reflect-metadata';
import { ConfigError, loadConfig } from '@chronicle/service-kit';
import { startScheduler } from './bootstrap';
import { SchedulerConfig } from './config';

startScheduler(loadConfig(SchedulerConfig)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

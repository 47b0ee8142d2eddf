import 'reflect-metadata';
import { ConfigError, loadConfig } from '@chronicle/service-kit';
import { startLogService } from './bootstrap';
import { LogServiceConfig } from './config';

startLogService(loadConfig(LogServiceConfig)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

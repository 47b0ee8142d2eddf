import 'reflect-metadata';
import { loadConfig, runService } from '@chronicle/service-kit';
import { startLogService } from './bootstrap';
import { LogServiceConfig } from './config';

void runService('log-service', () => startLogService(loadConfig(LogServiceConfig)));

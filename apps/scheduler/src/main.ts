import 'reflect-metadata';
import { loadConfig, runService } from '@chronicle/service-kit';
import { startScheduler } from './bootstrap';
import { SchedulerConfig } from './config';

void runService('scheduler', () => startScheduler(loadConfig(SchedulerConfig)));

import 'reflect-metadata';
import { loadConfig, runService } from '@chronicle/service-kit';
import { startSnapshotService } from './bootstrap';
import { SnapshotServiceConfig } from './config';

void runService('snapshot-service', () => startSnapshotService(loadConfig(SnapshotServiceConfig)));

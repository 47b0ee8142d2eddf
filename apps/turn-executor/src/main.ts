import 'reflect-metadata';
import { loadConfig, runService } from '@chronicle/service-kit';
import { startTurnExecutor } from './bootstrap';
import { TurnExecutorConfig } from './config';

void runService('turn-executor', () => startTurnExecutor(loadConfig(TurnExecutorConfig)));

import 'reflect-metadata';
import { loadConfig, runService } from '@chronicle/service-kit';
import { startWeb } from './bootstrap';
import { WebConfig } from './config';

void runService('web', () => startWeb(loadConfig(WebConfig)));

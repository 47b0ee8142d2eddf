import 'reflect-metadata';
import { loadConfig, runService } from '@chronicle/service-kit';
import { startGateway } from './bootstrap';
import { GatewayConfig } from './config';

void runService('gateway', () => startGateway(loadConfig(GatewayConfig)));

import { runProvisionStep } from '@chronicle/service-kit';
import { logServiceTopology } from './topology';

void runProvisionStep(logServiceTopology(), 'log-service');

import { runProvisionStep } from '@chronicle/service-kit';
import { executorTopology } from './topology';

void runProvisionStep(executorTopology(), 'turn-executor');

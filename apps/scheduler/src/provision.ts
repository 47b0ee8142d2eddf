import { runProvisionStep } from '@chronicle/service-kit';
import { schedulerTopology } from './topology';

void runProvisionStep(schedulerTopology(), 'scheduler');

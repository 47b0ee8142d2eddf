import { runProvisionStep } from '@chronicle/service-kit';
import { webTopology } from './topology';

void runProvisionStep(webTopology(), 'web');

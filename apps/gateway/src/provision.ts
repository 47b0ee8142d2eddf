import { runProvisionStep } from '@chronicle/service-kit';
import { gatewayTopology } from './topology';

void runProvisionStep(gatewayTopology(), 'gateway');

import { runProvisionStep } from '@chronicle/service-kit';
import { snapshotTopology } from './topology';

void runProvisionStep(snapshotTopology(), 'snapshot-service');

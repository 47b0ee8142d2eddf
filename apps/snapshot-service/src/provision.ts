import { provision } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import { loadConfig, ServiceConfig } from '@chronicle/service-kit';
import { connect } from '@nats-io/transport-node';
import { snapshotTopology } from './topology';

/** Deployment step: creates or updates the snapshot service's consumer and bucket (idempotent). */
async function main(): Promise<void> {
  const config = loadConfig(ServiceConfig);
  const nc = await connect({ servers: config.NATS_URL.split(',') });
  try {
    console.log(JSON.stringify(await provision(nc, new Subjects(config.CHRONICLE_PREFIX), snapshotTopology())));
  } finally {
    await nc.drain();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

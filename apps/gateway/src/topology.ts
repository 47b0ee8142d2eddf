import { worldsStream, type Topology } from '@chronicle/bus';

/** What the gateway reads on NATS of its own accord: the worlds' chapters (it provisions the stream as the scheduler does). */
export const gatewayTopology = (): Topology => ({ streams: [worldsStream()], consumers: [], buckets: [] });

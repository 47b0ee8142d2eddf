export { uniquePrefix, waitUntil } from './ids';
export { createTestDatabase, TEST_PG_ADMIN_URL, type TestDatabase } from './postgres';
export { connectNats, removePrefixed, readStream, TEST_NATS_URL } from './nats';
export { spawnService, type ServiceProcess } from './service-process';
export { deployedEnvironments, manifests, renderOverlay, KUBERNETES_OVERLAYS, SAMPLE_SECRETS, type Deployed } from './deployments';
export { startNatsServer, freePort, jetStreamDurability, type PrivateNatsServer, type JetStreamDurability } from './nats-server';
export { tcpProxy, type TcpProxy } from './tcp-proxy';
export { startPostgresCluster, type PrivateCluster } from './postgres-cluster';
export { WorldDriver, type DriverLog, type SeedSource, type DriverOptions, type Seen } from './world-driver';

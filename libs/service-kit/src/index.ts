export { ServiceConfig, ConfigError, loadConfig } from './config';
export { HealthRegistry, HealthController, type CheckResult, type HealthCheck } from './health';
export { Metrics, MetricsController } from './metrics';
export { postgresCheck, consumersCheck } from './checks';
export { natsOptions, connectService, natsProviders, NatsLink, NATS_CONNECTION, type LinkState } from './nats';
export { ServiceKitModule, type ServiceKitOptions } from './service-kit.module';
export { KeyedMutex } from './keyed-mutex';
export { startService, runProvisionStep, type ServiceDefinition, type RunningService } from './start-service';
export { safeError, maskSeeds, printableSetting } from './redact';

export { ServiceConfig, ConfigError, loadConfig } from './config';
export { HealthRegistry, HealthController, type CheckResult, type HealthCheck } from './health';
export { Metrics, MetricsController } from './metrics';
export { natsCheck, postgresCheck, consumersCheck } from './checks';
export { ServiceKitModule, type ServiceKitOptions } from './service-kit.module';
export { KeyedMutex } from './keyed-mutex';
export { startService, runProvisionStep, NATS_CONNECTION, type ServiceDefinition, type RunningService } from './start-service';

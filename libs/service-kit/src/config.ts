// class-transformer's @Type reads decorator metadata: load the polyfill wherever configs are declared.
import 'reflect-metadata';
import { plainToInstance, Type, type ClassConstructor } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min, validateSync } from 'class-validator';
import { printableSetting } from './redact';

/** The service refuses to start: each line names a variable and what is wrong with it. */
export class ConfigError extends Error {
  /** The variables the reasons are about, each once. */
  constructor(readonly reasons: string[], readonly variables: string[] = []) {
    super(`invalid configuration:\n  - ${reasons.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** What every service reads from its environment. Extend it with the service's own variables. */
export class ServiceConfig {
  /** NATS servers, comma-separated. */
  @IsString() NATS_URL = '127.0.0.1:4222';
  /**
   * This process's NATS user and password (deploy/nats: one user per role); empty connects
   * without credentials, which only a server without authorization accepts (tests).
   */
  @IsString() NATS_USER = '';
  @IsString() NATS_PASSWORD = '';
  /**
   * A PEM file of the certificate authority that signed the NATS servers' TLS certificates
   * (deploy/k8s/components/tls); empty: the system's authorities, and TLS only where the
   * server asks for it.
   */
  @IsString() NATS_TLS_CA = '';
  /** Pause between two reconnection attempts (they go on for ever). */
  @Type(() => Number) @IsInt() @Min(10) @Max(60_000) NATS_RECONNECT_WAIT_MS = 1_000;
  /** Subject/stream prefix of this deployment (one token: letters, digits, _ and -). */
  @Matches(/^[A-Za-z0-9_-]{1,32}$/) CHRONICLE_PREFIX = 'chronicle';
  /** Port of /health and /metrics; 0 picks a free port (logged at start). */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) HTTP_PORT = 0;
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL = 'info';
}

/**
 * Reads and checks the configuration once, at start: a bad value stops the service with
 * every reason at once instead of failing later, somewhere else.
 */
export function loadConfig<T extends object>(schema: ClassConstructor<T>, env: NodeJS.ProcessEnv = process.env): T {
  const known = Object.keys(new schema());
  const raw: Record<string, string> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const config = plainToInstance(schema, raw);
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) {
    throw new ConfigError(
      errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `${e.property}=${printableSetting(e.property, env[e.property])}: ${m}`)),
      [...new Set(errors.map((e) => e.property))],
    );
  }
  return config;
}

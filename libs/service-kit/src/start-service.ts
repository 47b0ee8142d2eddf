import { ClusterRequired, JetStreamServer, StorageUnavailable, provision, withLimits, type ConsumerDefinition, type Topology } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AddressInfo } from 'node:net';
import { consumersCheck } from './checks';
import { loadConfig, type ServiceConfig } from './config';
import { HealthRegistry } from './health';
import { Metrics } from './metrics';
import { NATS_CONNECTION, NatsLink, natsOptions } from './nats';
import { ProvisionConfig, topologyLimits } from './provision-config';
import { listenPublicPort, separatePorts, type PublicPort } from './public-port';
import { bootLogger, dependency, logStartupFailure, StartupError } from './startup';

export interface ServiceDefinition {
  /** Also the queue group of its request handlers: replicas share the requests. */
  name: string;
  module: DynamicModule;
  config: ServiceConfig & { NATS_PROVISION: string };
  topology: Topology;
  /** The durable consumers its `@OnEvent` handlers read. */
  consumers?: ConsumerDefinition[];
  /** Nest's body parser (on by default); a service that parses bodies with its own limits turns it off. */
  bodyParser?: boolean;
  /** Runs on the app before it listens (middleware, filters, more servers). */
  configure?: (app: INestApplication) => void | Promise<void>;
  /** The public's routes on a port of their own, apart from the probes and metrics of `HTTP_PORT`. */
  publicPort?: PublicPort;
}

export interface RunningService {
  app: INestApplication;
  port: number;
  /** The public port, for a service that has one (`ServiceDefinition.publicPort`). */
  publicPort?: number;
  /** The bus side of the service: request subscriptions and durable consumers. */
  bus: JetStreamServer;
}

/**
 * Starts a service the way every Chronicle service starts: pino logs, NATS request handlers
 * and durable consumers through `JetStreamServer`, consumers in `/health`, bus figures in
 * `/metrics`, HTTP on `HTTP_PORT` (and the public's routes on `publicPort`, when it has
 * some), and a "ready" line naming the prefix, ports and pid.
 */
export async function startService(definition: ServiceDefinition): Promise<RunningService> {
  const { name, config, consumers = [] } = definition;
  // abortOnError: false: a failed start is thrown to the caller (main logs the one line that
  // says why, a test fails with it) instead of Nest calling process.exit inside a test runner.
  // autoFlushLogs: false: Nest's own multi-line report of that failure stays in its buffer.
  const app = await NestFactory.create(definition.module, {
    bufferLogs: true, abortOnError: false, autoFlushLogs: false, bodyParser: definition.bodyParser ?? true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.flushLogs();
  const subjects = app.get(Subjects);
  const nc = app.get<NatsConnection>(NATS_CONNECTION);
  const health = app.get(HealthRegistry);
  health.register('nats', app.get(NatsLink).check());
  if (config.NATS_PROVISION === 'true') {
    const report = await provision(nc, subjects, definition.topology);
    logger.log(`provisioned: created [${report.created.join(', ')}], updated [${report.updated.join(', ')}]`);
  }
  const server = new JetStreamServer({ connection: nc, subjects, queue: name, consumers, observer: app.get(Metrics).busObserver() });
  if (consumers.length > 0) health.register('consumers', consumersCheck(() => server.consumerStatus()));
  app.connectMicroservice({ strategy: server });
  if (definition.publicPort) separatePorts(app, definition.publicPort);
  await definition.configure?.(app);
  await app.startAllMicroservices();
  await app.listen(config.HTTP_PORT, '0.0.0.0');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const publicPort = definition.publicPort ? await listenPublicPort(app, definition.publicPort) : undefined;
  if (!config.NATS_USER) {
    logger.warn('connected to NATS without credentials: fine on a test server, but in a deployment anyone on the bus could act as this service (see deploy/nats)');
  }
  logger.log(`${name} ready: prefix ${subjects.prefix}, http port ${port}${publicPort === undefined ? '' : `, public port ${publicPort}`}, pid ${process.pid}`);
  return { app, port, ...(publicPort === undefined ? {} : { publicPort }), bus: server };
}

/**
 * The body of a service's `main.ts`. A failed start writes one line (pino JSON) naming the
 * variables to fix and exits 1. SIGTERM or SIGINT stop it: not ready from then on, request
 * subscriptions and consumers drained (in-flight work finishes), connections closed, each
 * step logged, exit 0; a stop that takes longer than `shutdownTimeoutMs` exits 1 (under
 * Kubernetes' default 30 s grace period, so that the reason is logged before a SIGKILL).
 */
export async function runService(name: string, start: () => Promise<RunningService>, shutdownTimeoutMs = 25_000): Promise<void> {
  let running: RunningService;
  try {
    running = await start();
  } catch (error) {
    logStartupFailure(bootLogger(name), name, error);
    process.exit(1);
  }
  const { app } = running;
  const logger = app.get(Logger);
  const stop = async (why: string): Promise<void> => {
    const started = performance.now();
    app.get(HealthRegistry).markStopping();
    logger.log(`${name} stopping on ${why}: not ready any more; draining requests and consumers, then closing connections`);
    const timer = setTimeout(() => {
      logger.error(`${name} did not stop within ${shutdownTimeoutMs} ms; exiting with work unfinished`);
      process.exit(1);
    }, shutdownTimeoutMs);
    try {
      // The bus first, on its own: in-flight messages settle while the HTTP side and the
      // connections are still up, and the drain is logged before the "stopped" line
      // (Nest's own close order gives neither guarantee).
      await running.bus.close();
      await app.close();
      logger.log(`${name} stopped after ${Math.round(performance.now() - started)} ms`);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, `${name} failed while stopping: ${String(error)}`);
      process.exit(1);
    } finally {
      clearTimeout(timer);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (s) => void stop(s));
  stopWithParent(stop);
}

/**
 * `CHRONICLE_PARENT_PID`: the process that started this one and stops it (`npm start`). Killed
 * outright (SIGKILL), it cannot; this process is then handed to another parent, and stops
 * as on SIGTERM instead of running on alone.
 */
function stopWithParent(stop: (why: string) => Promise<void>): void {
  const parent = Number(process.env.CHRONICLE_PARENT_PID);
  if (!Number.isInteger(parent) || parent <= 0) return;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    void stop(`the end of the process that started it (pid ${parent})`);
  }, 500);
  timer.unref();
}

/**
 * The deployment step of a service: creates or updates its streams, consumers and buckets
 * (idempotent) with the limits the environment sets (`NATS_REPLICAS`, `NATS_LIMITS`). One
 * log line says what changed, or why it failed and which variable to fix.
 */
export async function runProvisionStep(topology: Topology, name = 'chronicle'): Promise<void> {
  const logger = bootLogger(`${name} provisioning`);
  try {
    const config = loadConfig(ProvisionConfig);
    const limits = topologyLimits(config);
    const nc = await dependency('NATS_URL', config.NATS_URL, 'NATS', () => connect(natsOptions(config, `${name}-provisioning`)));
    try {
      const report = await provision(nc, new Subjects(config.CHRONICLE_PREFIX), withLimits(topology, limits))
        .catch((error: unknown) => {
          if (error instanceof ClusterRequired) throw new StartupError(['NATS_REPLICAS'], error.message, { cause: error });
          if (error instanceof StorageUnavailable) throw new StartupError(['NATS_LIMITS'], error.message, { cause: error });
          throw error;
        });
      const names = [...topology.streams.map((s) => s.role), ...topology.buckets.map((b) => b.name)];
      const limited = Object.keys(limits.byName ?? {}).filter((n) => names.includes(n));
      logger.info({ ...report, replicas: limits.replicas, limited },
        `${name} provisioned: created [${report.created.join(', ')}], updated [${report.updated.join(', ')}], `
        + `${report.unchanged.length} unchanged; ${limits.replicas} replica(s), limits for [${limited.join(', ')}]`);
    } finally {
      await nc.drain();
    }
  } catch (error) {
    logStartupFailure(logger, `${name} provisioning`, error);
    process.exitCode = 1;
  }
}

import { JetStreamServer, provision, type ConsumerDefinition, type Topology } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AddressInfo } from 'node:net';
import { consumersCheck } from './checks';
import { loadConfig, ServiceConfig } from './config';
import { HealthRegistry } from './health';
import { Metrics } from './metrics';
import { NATS_CONNECTION, NatsLink, natsOptions } from './nats';

export interface ServiceDefinition {
  /** Also the queue group of its request handlers: replicas share the requests. */
  name: string;
  module: DynamicModule;
  config: ServiceConfig & { NATS_PROVISION: string };
  topology: Topology;
  /** The durable consumers its `@OnEvent` handlers read. */
  consumers?: ConsumerDefinition[];
}

export interface RunningService {
  app: INestApplication;
  port: number;
}

/**
 * Starts a service the way every Chronicle service starts: pino logs, NATS request handlers
 * and durable consumers through `JetStreamServer`, consumers in `/health`, bus figures in
 * `/metrics`, HTTP on `HTTP_PORT`, and a "ready" line naming the prefix, port and pid.
 */
export async function startService(definition: ServiceDefinition): Promise<RunningService> {
  const { name, config, consumers = [] } = definition;
  // abortOnError: false: a failed start is thrown to the caller (main exits with the reason,
  // a test fails with it) instead of Nest calling process.exit inside a test runner.
  const app = await NestFactory.create(definition.module, { bufferLogs: true, abortOnError: false });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks();
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
  await app.startAllMicroservices();
  await app.listen(config.HTTP_PORT, '0.0.0.0');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  if (!config.NATS_USER) {
    logger.warn('connected to NATS without credentials: fine on a test server, but in a deployment anyone on the bus could act as this service (see deploy/nats)');
  }
  logger.log(`${name} ready: prefix ${subjects.prefix}, http port ${port}, pid ${process.pid}`);
  return { app, port };
}

/** The deployment step of a service: creates or updates its streams, consumers and buckets (idempotent). */
export async function runProvisionStep(topology: Topology): Promise<void> {
  try {
    const config = loadConfig(ServiceConfig);
    const nc = await connect(natsOptions(config, 'provision'));
    try {
      console.log(JSON.stringify(await provision(nc, new Subjects(config.CHRONICLE_PREFIX), topology)));
    } finally {
      await nc.drain();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

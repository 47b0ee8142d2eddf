import { consumersCheck, HealthRegistry, Metrics } from '@chronicle/service-kit';
import { JetStreamServer, provision } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import type { GameRegistry } from '@chronicle/games';
import type { NatsConnection } from '@nats-io/nats-core';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AddressInfo } from 'node:net';
import { AppModule, NATS_CONNECTION } from './app.module';
import type { SnapshotServiceConfig } from './config';
import { snapshotConsumer, snapshotTopology } from './topology';

export interface RunningSnapshotService {
  app: INestApplication;
  port: number;
}

/** Starts the snapshot service: its durable consumer, its requests, and HTTP (/health, /metrics). */
export async function startSnapshotService(config: SnapshotServiceConfig, games?: GameRegistry): Promise<RunningSnapshotService> {
  const app = await NestFactory.create(AppModule.forRoot(config, games), { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks();
  const subjects = app.get(Subjects);
  const nc = app.get<NatsConnection>(NATS_CONNECTION);
  if (config.NATS_PROVISION === 'true') {
    const report = await provision(nc, subjects, snapshotTopology());
    logger.log(`provisioned: created [${report.created.join(', ')}], updated [${report.updated.join(', ')}]`);
  }
  const server = new JetStreamServer({
    connection: nc, subjects, queue: 'snapshot-service', consumers: [snapshotConsumer()], observer: app.get(Metrics).busObserver(),
  });
  app.get(HealthRegistry).register('consumers', consumersCheck(() => server.consumerStatus()));
  app.connectMicroservice({ strategy: server });
  await app.startAllMicroservices();
  await app.listen(config.HTTP_PORT, '0.0.0.0');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  logger.log(`snapshot-service ready: prefix ${subjects.prefix}, http port ${port}, pid ${process.pid}`);
  return { app, port };
}

import { JetStreamServer, provision } from '@chronicle/bus';
import { Subjects } from '@chronicle/contracts';
import { Metrics } from '@chronicle/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AddressInfo } from 'node:net';
import { AppModule, NATS_CONNECTION } from './app.module';
import type { LogServiceConfig } from './config';
import type { GameRegistry } from '@chronicle/games';
import { logServiceTopology } from './topology';

export interface RunningLogService {
  app: INestApplication;
  port: number;
}

/** Starts the log service: HTTP (/health, /metrics) and the NATS request handlers. */
export async function startLogService(config: LogServiceConfig, games?: GameRegistry): Promise<RunningLogService> {
  const app = await NestFactory.create(AppModule.forRoot(config, games), { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks();
  const subjects = app.get(Subjects);
  const nc = app.get<NatsConnection>(NATS_CONNECTION);
  if (config.NATS_PROVISION === 'true') {
    const report = await provision(nc, subjects, logServiceTopology());
    logger.log(`provisioned: created [${report.created.join(', ')}], updated [${report.updated.join(', ')}]`);
  }
  const server = new JetStreamServer({ connection: nc, subjects, queue: 'log-service', observer: app.get(Metrics).busObserver() });
  app.connectMicroservice({ strategy: server });
  await app.startAllMicroservices();
  await app.listen(config.HTTP_PORT, '0.0.0.0');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  logger.log(`log-service ready: prefix ${subjects.prefix}, http port ${port}, pid ${process.pid}`);
  return { app, port };
}

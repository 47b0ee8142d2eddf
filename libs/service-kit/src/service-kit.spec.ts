import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IsString } from 'class-validator';
import type { AddressInfo } from 'node:net';
import { ConfigError, HealthRegistry, loadConfig, ServiceConfig, ServiceKitModule } from './index';

class AppConfig extends ServiceConfig {
  @IsString() DATABASE_URL = 'postgres://localhost/app';
}

describe('loadConfig', () => {
  it('reads defaults and converts numbers', () => {
    const config = loadConfig(AppConfig, { HTTP_PORT: '8080', IGNORED: 'x' });
    expect(config).toMatchObject({ HTTP_PORT: 8080, CHRONICLE_PREFIX: 'chronicle', DATABASE_URL: 'postgres://localhost/app' });
  });

  it('refuses a bad environment with every reason at once', () => {
    let error: unknown;
    try {
      loadConfig(AppConfig, { HTTP_PORT: 'eighty', CHRONICLE_PREFIX: 'a.b', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const reasons = (error as ConfigError).reasons.join('\n');
    expect(reasons).toMatch(/HTTP_PORT="eighty"/);
    expect(reasons).toMatch(/CHRONICLE_PREFIX="a.b"/);
    expect(reasons).toMatch(/LOG_LEVEL="loud"/);
  });
});

@Module({ imports: [ServiceKitModule.forRoot({ serviceName: 'test', logLevel: 'silent' })] })
class TestModule {}

describe('ServiceKitModule over HTTP', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create(TestModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(() => app?.close());

  it('reports health as 200 when every check passes and 503 with the failing one otherwise', async () => {
    const registry = app.get(HealthRegistry);
    registry.register('fine', async () => ({ ok: true }));
    expect((await fetch(`${base}/health`)).status).toBe(200);
    registry.register('db', async () => {
      throw new Error('connection refused');
    });
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'failing', checks: { db: { ok: false, detail: expect.stringMatching(/refused/) } } });
  });

  it('serves Prometheus metrics', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/process_cpu_user_seconds_total/);
    expect(text).toMatch(/chronicle_bus_request_seconds/);
  });
});

import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IsString } from 'class-validator';
import type { AddressInfo } from 'node:net';
import {
  ConfigError, HealthRegistry, loadConfig, ProvisionConfig, ServiceConfig, ServiceKitModule, StartupError, topologyLimits,
  variablesToFix,
} from './index';

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
    expect((error as ConfigError).variables).toEqual(['CHRONICLE_PREFIX', 'HTTP_PORT', 'LOG_LEVEL']);
  });
});

describe('start-up failures', () => {
  it('name the variable an operator has to fix', () => {
    expect(variablesToFix(new StartupError(['DATABASE_URL'], 'cannot reach PostgreSQL'))).toEqual(['DATABASE_URL']);
    expect(variablesToFix(new ConfigError(['HTTP_PORT="x": …'], ['HTTP_PORT']))).toEqual(['HTTP_PORT']);
    expect(variablesToFix(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }))).toEqual(['HTTP_PORT']);
    expect(variablesToFix(new Error('a bug'))).toEqual([]);
  });

});

describe('provisioning limits from the environment', () => {
  const limits = (env: Record<string, string>) => topologyLimits(loadConfig(ProvisionConfig, env));

  it('reads replicas and per-name limits in operator units', () => {
    expect(limits({ NATS_REPLICAS: '3', NATS_LIMITS: '{"MOVES":{"maxAge":"30d","maxBytes":"50GiB"},"SNAPSHOTS":{"discard":"old","replicas":5}}' }))
      .toEqual({
        replicas: 3,
        byName: { MOVES: { maxAgeMs: 30 * 86_400_000, maxBytes: 50 * 1024 ** 3 }, SNAPSHOTS: { discard: 'old', replicas: 5 } },
      });
    expect(limits({})).toEqual({ replicas: 1, byName: {} });
  });

  it('refuses what it cannot read, naming NATS_LIMITS and every bad entry', () => {
    expect(() => limits({ NATS_REPLICAS: '2' })).toThrow(/NATS_REPLICAS="2"/);
    expect(() => limits({ NATS_LIMITS: '{MOVES: 1}' })).toThrow(/NATS_LIMITS is not JSON/);
    let error: unknown;
    try {
      limits({ NATS_LIMITS: '{"MOVES":{"maxAge":"30 days","maxbytes":"1GiB"},"DEAD":7}' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(['NATS_LIMITS']);
    expect((error as ConfigError).reasons).toEqual([
      expect.stringMatching(/^NATS_LIMITS.MOVES.maxAge="30 days"/),
      expect.stringMatching(/^NATS_LIMITS.MOVES.maxbytes="1GiB"/),
      'NATS_LIMITS.DEAD must be an object',
    ]);
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

  it('is live whatever its dependencies say, and ready only when every check passes', async () => {
    const registry = app.get(HealthRegistry);
    registry.register('fine', async () => ({ ok: true }));
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/health`)).status).toBe(200);
    registry.register('db', async () => {
      throw new Error('connection refused');
    });
    for (const path of ['/readyz', '/health']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'failing', checks: { db: { ok: false, detail: expect.stringMatching(/refused/) } } });
    }
    expect((await fetch(`${base}/livez`)).status).toBe(200);
  });

  it('serves Prometheus metrics', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/process_cpu_user_seconds_total/);
    expect(text).toMatch(/chronicle_bus_request_seconds/);
  });

  // Last: it cannot be undone.
  it('is not ready once it is stopping, but still live', async () => {
    const registry = app.get(HealthRegistry);
    registry.register('db', async () => ({ ok: true }));
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    registry.markStopping();
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'stopping' });
    expect((await fetch(`${base}/livez`)).status).toBe(200);
  });
});

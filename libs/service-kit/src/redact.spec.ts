import { Matches } from 'class-validator';
import { loadConfig, ServiceConfig, ConfigError } from './config';
import { printableSetting, redactedParams, redactQuery, safeError } from './redact';

const seed = 'c0ffee'.repeat(10) + 'abcd';

class KeyedConfig extends ServiceConfig {
  @Matches(/^[0-9a-f]{64}$/) SIGNING_KEY = '';
}

describe('what logs may say', () => {
  it('drops driver parameters and row details, masks anything seed-shaped, keeps what helps', () => {
    const driver = Object.assign(new Error(`new row for relation "game_tables" violates check constraint "x"`), {
      code: '23514', detail: `Failing row contains (t1, ${seed}).`, table: 'game_tables', constraint: 'x', parameters: ['t1', seed],
    });
    const typeorm = Object.assign(new Error(`insert failed near ${seed}`), {
      query: 'INSERT INTO game_tables VALUES ($1, $2)', parameters: ['t1', seed], driverError: driver,
    });
    const text = JSON.stringify(safeError(typeorm));
    expect(text).not.toContain(seed);
    expect(text).not.toMatch(/parameters|Failing row/);
    expect(JSON.parse(text)).toMatchObject({ query: 'INSERT INTO game_tables VALUES ($1, $2)', driverError: { code: '23514', constraint: 'x' } });
  });

  it('never prints a secret setting, nor a password inside a URL', () => {
    expect(printableSetting('CHRONICLE_SEED_KEY', seed.toUpperCase())).toBe('(hidden, 64 characters)');
    expect(printableSetting('DATABASE_URL', 'postgres://app:hunter2@db/x')).toBe('"postgres://app:***@db/x"');
    let error: unknown;
    try {
      loadConfig(KeyedConfig, { SIGNING_KEY: seed.toUpperCase(), HTTP_PORT: 'x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/SIGNING_KEY=\(hidden, 64 characters\)/);
    expect((error as Error).message.toLowerCase()).not.toContain(seed);
  });

  it('logs a request URL without the values of credential-carrying query parameters (an OIDC code and state)', () => {
    expect(redactQuery('/api/v1/auth/oidc/callback?code=s3cr3t&state=abc&iss=http%3A%2F%2Fidp')).toBe('/api/v1/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fidp');
    expect(redactQuery('/api/v1/worlds/w1/log?scope=nation&since=3')).toBe('/api/v1/worlds/w1/log?scope=nation&since=3');
    expect(redactQuery('/x?Token=t&key')).toBe('/x?Token=[redacted]&key');
    expect(redactedParams({ code: 'c', state: 's', iss: 'i' })).toEqual({ code: '[redacted]', state: '[redacted]', iss: 'i' });
  });
});

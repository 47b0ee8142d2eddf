import { loadConfig } from '@chronicle/service-kit';
import { deployedEnvironments } from '@chronicle/testing';
import { TurnExecutorConfig } from './config';

describe('deployments of the turn-executor', () => {
  const known = Object.keys(new TurnExecutorConfig());

  it.each(deployedEnvironments('turn-executor'))('$where gives it a valid configuration of known variables', ({ env }) => {
    expect(() => loadConfig(TurnExecutorConfig, env)).not.toThrow();
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('refuses to start without the seed key it shares with the other trusted services', () => {
    expect(() => loadConfig(TurnExecutorConfig, {})).toThrow(/CHRONICLE_SEED_KEY/);
  });

  it('names each replica by a subject token unless told', () => {
    expect(loadConfig(TurnExecutorConfig, { CHRONICLE_SEED_KEY: 'ab'.repeat(32) }).EXECUTOR_ID).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(() => loadConfig(TurnExecutorConfig, { CHRONICLE_SEED_KEY: 'ab'.repeat(32), EXECUTOR_ID: 'a.b' })).toThrow(/EXECUTOR_ID/);
  });
});

import { loadConfig } from '@chronicle/service-kit';
import { deployedEnvironments } from '@chronicle/testing';
import { LogServiceConfig } from './config';

describe('deployments of the log-service', () => {
  const known = Object.keys(new LogServiceConfig());

  it.each(deployedEnvironments('log-service'))('$where gives it a valid configuration of known variables', ({ env }) => {
    expect(() => loadConfig(LogServiceConfig, env)).not.toThrow();
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('refuses to start without the seed key it shares with the other trusted services', () => {
    expect(() => loadConfig(LogServiceConfig, {})).toThrow(/CHRONICLE_SEED_KEY/);
  });
});

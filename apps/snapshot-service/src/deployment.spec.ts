import { loadConfig } from '@chronicle/service-kit';
import { deployedEnvironments } from '@chronicle/testing';
import { SnapshotServiceConfig } from './config';

describe('deployments of the snapshot-service', () => {
  const known = Object.keys(new SnapshotServiceConfig());

  it.each(deployedEnvironments('snapshot-service'))('$where gives it a valid configuration of known variables', ({ env }) => {
    expect(() => loadConfig(SnapshotServiceConfig, env)).not.toThrow();
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('refuses to start without the seed key it shares with the other trusted services', () => {
    expect(() => loadConfig(SnapshotServiceConfig, {})).toThrow(/CHRONICLE_SEED_KEY/);
  });
});

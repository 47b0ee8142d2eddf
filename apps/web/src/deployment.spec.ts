import { loadConfig } from '@chronicle/service-kit';
import { deployedEnvironments } from '@chronicle/testing';
import { WebConfig } from './config';

describe('deployments of the web view', () => {
  const known = Object.keys(new WebConfig());

  it.each(deployedEnvironments('web'))('$where gives it a valid configuration of known variables', ({ env }) => {
    expect(() => loadConfig(WebConfig, env)).not.toThrow();
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('refuses an event key that is not 64 hex digits, naming it', () => {
    expect(() => loadConfig(WebConfig, { CHRONICLE_SNAPSHOT_PUBLIC_KEY: 'not-a-key' })).toThrow(/CHRONICLE_SNAPSHOT_PUBLIC_KEY/);
  });
});

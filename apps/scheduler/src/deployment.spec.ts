import { loadConfig } from '@chronicle/service-kit';
import { deployedEnvironments } from '@chronicle/testing';
import { SchedulerConfig } from './config';

describe('deployments of the scheduler', () => {
  const known = Object.keys(new SchedulerConfig());

  it.each(deployedEnvironments('scheduler'))('$where gives it a valid configuration of known variables', ({ env }) => {
    expect(() => loadConfig(SchedulerConfig, env)).not.toThrow();
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('refuses a re-tick delay too short to let an executor answer', () => {
    expect(() => loadConfig(SchedulerConfig, { RETICK_MS: '10' })).toThrow(/RETICK_MS/);
  });
});

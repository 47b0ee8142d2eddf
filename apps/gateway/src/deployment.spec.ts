import { loadConfig } from '@chronicle/service-kit';
import { deployedEnvironments } from '@chronicle/testing';
import { GatewayConfig } from './config';

describe('deployments of the gateway', () => {
  const known = Object.keys(new GatewayConfig());

  it.each(deployedEnvironments('gateway'))('$where gives it a valid configuration of known variables', ({ env }) => {
    expect(() => loadConfig(GatewayConfig, env)).not.toThrow();
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
    // Players reach a port of their own, never the probes' and metrics' one.
    expect(env.PUBLIC_PORT).not.toBe(env.HTTP_PORT);
  });

  it('refuses to start without its signing key, naming it', () => {
    expect(() => loadConfig(GatewayConfig, {})).toThrow(/CHRONICLE_GATEWAY_KEY/);
  });
});

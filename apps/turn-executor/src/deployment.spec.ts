import { Subjects } from '@chronicle/contracts';
import { loadConfig } from '@chronicle/service-kit';
import { deployedEnvironments, renderOverlay } from '@chronicle/testing';
import { TurnExecutorConfig } from './config';
import { intentConsumer, tickConsumer } from './topology';

describe('deployments of the turn-executor', () => {
  const known = Object.keys(new TurnExecutorConfig());

  it.each(deployedEnvironments('turn-executor'))('$where gives it a valid configuration of known variables', ({ env }) => {
    expect(() => loadConfig(TurnExecutorConfig, env)).not.toThrow();
    expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('refuses to start without the seed key it shares with the other trusted services', () => {
    expect(() => loadConfig(TurnExecutorConfig, {})).toThrow(/CHRONICLE_SEED_KEY/);
  });

  it("refuses to start without the gateway's key unless the deployment says it trusts named seats", () => {
    expect(() => loadConfig(TurnExecutorConfig, { CHRONICLE_SEED_KEY: 'ab'.repeat(32) }))
      .toThrow(/CHRONICLE_GATEWAY_PUBLIC_KEY=\(default\): CHRONICLE_GATEWAY_PUBLIC_KEY must be the gateway's Ed25519 public key.*CHRONICLE_TRUST_NAMED_SEATS=true/);
    expect(loadConfig(TurnExecutorConfig, { CHRONICLE_SEED_KEY: 'ab'.repeat(32), CHRONICLE_TRUST_NAMED_SEATS: 'true' }).CHRONICLE_GATEWAY_PUBLIC_KEY).toBe('');
    for (const { env } of deployedEnvironments('turn-executor')) {
      expect([env.CHRONICLE_GATEWAY_PUBLIC_KEY, env.CHRONICLE_TRUST_NAMED_SEATS]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), undefined]);
    }
  });

  it('names each replica by a subject token unless told', () => {
    const trusted = { CHRONICLE_SEED_KEY: 'ab'.repeat(32), CHRONICLE_TRUST_NAMED_SEATS: 'true' };
    expect(loadConfig(TurnExecutorConfig, trusted).EXECUTOR_ID).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(() => loadConfig(TurnExecutorConfig, { ...trusted, EXECUTOR_ID: 'a.b' })).toThrow(/EXECUTOR_ID/);
  });

  it("is scaled in prod by KEDA on exactly its consumers' pending messages", () => {
    const objects = renderOverlay('prod') as Array<{ kind: string; metadata: { name: string }; data?: Record<string, string>; spec?: Record<string, unknown> }>;
    const prefix = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'chronicle-config')!.data!.CHRONICLE_PREFIX!;
    const subjects = new Subjects(prefix);
    const scaled = objects.find((o) => o.kind === 'ScaledObject' && o.metadata.name === 'turn-executor')!;
    const triggers = (scaled.spec!.triggers as Array<{ type: string; metadata: Record<string, string> }>).filter((t) => t.type === 'nats-jetstream');
    expect(triggers.map((t) => [t.metadata.stream, t.metadata.consumer]).sort()).toEqual(
      [tickConsumer(), intentConsumer()].map((c) => [subjects.stream(c.stream), subjects.name(c.durable)]).sort(),
    );
  });
});

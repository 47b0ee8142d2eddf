import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const WORKSPACE = path.resolve(__dirname, '../../..');

/** Stand-ins for what an operator supplies (secrets, compose variables), valid by each service's rules. */
export const SAMPLE_SECRETS: Record<string, string> = {
  CHRONICLE_SEED_KEY: 'ab'.repeat(32),
  DATABASE_URL: 'postgres://chronicle:secret@postgres:5432/chronicle',
  // An Ed25519 pair: the log service signs with the first, subscribers check with the second.
  CHRONICLE_SIGNING_KEY: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
  CHRONICLE_LOG_PUBLIC_KEY: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
  // The snapshot service's pair (its quarantine notices), and the gateway's pair (seat tokens).
  CHRONICLE_SNAPSHOT_SIGNING_KEY: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
  CHRONICLE_SNAPSHOT_PUBLIC_KEY: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
  CHRONICLE_GATEWAY_KEY: '5c026d560ae5fae534e971d3714d323fb2a5416d733125da6658dc55ca255106',
  CHRONICLE_GATEWAY_PUBLIC_KEY: 'a8b98b609ddee53583841d660357a07afb2681b78cff31e3aff749493a1ab283',
};

export interface Deployed {
  /** Where the environment comes from, for messages. */
  where: string;
  env: Record<string, string>;
}

/**
 * The environment a service gets in each deployment of this repository: docker-compose.yml
 * and each Kubernetes overlay under deploy/k8s (ConfigMap and Secret references resolved,
 * secrets and `${VAR:?…}` placeholders replaced by {@link SAMPLE_SECRETS}). A service's own
 * tests check it against its configuration class, so a renamed or missing variable fails CI.
 */
export function deployedEnvironments(service: string): Deployed[] {
  return [composeEnvironment(service), ...KUBERNETES_OVERLAYS.map((overlay) => kubernetesEnvironment(service, overlay))];
}

function composeEnvironment(service: string): Deployed {
  const compose = parse(readFileSync(path.join(WORKSPACE, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string> }>;
  };
  const definition = compose.services[service];
  if (!definition) throw new Error(`docker-compose.yml has no service ${service}`);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(definition.environment ?? {})) {
    env[key] = String(value).replace(/\$\{(\w+)(:?[?-][^}]*)?\}/g, (_m, name: string, rest?: string) =>
      SAMPLE_SECRETS[name] ?? (/^:?-/.test(rest ?? '') ? rest!.replace(/^:?-/, '') : `<unset ${name}>`)); // `${VAR:-default}`: the default
  }
  return { where: `docker-compose.yml service ${service}`, env };
}

interface Container {
  name: string;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
}

/** The Kubernetes overlays of deploy/k8s: each is a whole deployment. */
export const KUBERNETES_OVERLAYS = ['dev', 'prod'] as const;

const rendered = new Map<string, Array<Record<string, unknown>>>();

/**
 * The objects an overlay applies: `kubectl kustomize deploy/k8s/overlays/<overlay>`, which
 * is what `kubectl apply -k` sends (kubectl is on the machines CI runs on).
 */
export function renderOverlay(overlay: string): Array<Record<string, unknown>> {
  const known = rendered.get(overlay);
  if (known) return known;
  let text: string;
  try {
    text = execFileSync('kubectl', ['kustomize', path.join(WORKSPACE, 'deploy/k8s/overlays', overlay)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`kubectl kustomize deploy/k8s/overlays/${overlay} failed (is kubectl installed?): ${String((error as { stderr?: string }).stderr ?? error)}`);
  }
  const objects = parseAllDocuments(text).map((d) => d.toJS() as Record<string, unknown>).filter(Boolean);
  rendered.set(overlay, objects);
  return objects;
}

function kubernetesEnvironment(service: string, overlay: string): Deployed {
  const where = `deploy/k8s/overlays/${overlay}`;
  const objects = renderOverlay(overlay);
  const deployment = objects.find((d) => d.kind === 'Deployment' && (d.metadata as { name: string }).name === service) as
    { spec: { template: { spec: { containers: Container[] } } } } | undefined;
  if (!deployment) throw new Error(`${where} has no Deployment ${service}`);
  const container = deployment.spec.template.spec.containers.find((c) => c.name === service);
  if (!container) throw new Error(`${where}: Deployment ${service} has no container named ${service}`);
  const configMaps = new Map<string, Record<string, string>>();
  for (const doc of objects) {
    if (doc.kind === 'ConfigMap') configMaps.set((doc.metadata as { name: string }).name, doc.data as Record<string, string>);
  }
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) {
      const data = configMaps.get(from.configMapRef.name);
      if (!data) throw new Error(`${where}: ${service} reads ConfigMap ${from.configMapRef.name}, which the overlay does not define`);
      Object.assign(env, data);
    }
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    env[variable.name] = variable.value ?? (secret ? SAMPLE_SECRETS[secret.key] ?? `<no sample for ${secret.key}>` : '<unresolved>');
  }
  return { where, env };
}

/** Every document of a YAML file of the repository, as plain values. */
export function manifests(file: string): Array<Record<string, unknown>> {
  return parseAllDocuments(readFileSync(path.join(WORKSPACE, file), 'utf8')).map((d) => d.toJS() as Record<string, unknown>);
}

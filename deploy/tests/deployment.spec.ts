import { StreamRoles } from '@chronicle/contracts';
import { loadConfig, ProbePaths, ProvisionConfig, topologyLimits } from '@chronicle/service-kit';
import { jetStreamDurability } from '@chronicle/service-kit';
import { deployedEnvironments, KUBERNETES_OVERLAYS, makeTestCertificates, renderOverlay } from '@chronicle/testing';
import Ajv from 'ajv';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';

// The Dockerfile, docker-compose.yml and the Kubernetes manifests cannot be run here (no
// container engine), so their references are checked against the repository instead: a
// renamed entry point or a forgotten service fails CI rather than a deployment.

const ROOT = path.resolve(__dirname, '../..');
const exists = (file: string) => existsSync(path.join(ROOT, file));

/** Services: the apps with a `src/main.ts` that run as long-lived processes. The CLI is a tool. */
const NOT_DEPLOYED = new Set(['cli']);
const services = readdirSync(path.join(ROOT, 'apps')).filter((app) => !NOT_DEPLOYED.has(app) && exists(`apps/${app}/src/main.ts`));

interface ComposeService {
  image?: string;
  healthcheck?: { test?: string[] };
  read_only?: boolean;
  cap_drop?: string[];
  build?: { context: string; dockerfile: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  container_name?: string;
  ports?: string[];
}
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };

/**
 * The keys each service signs or checks with. A service started without one only warns (tests
 * run so), so it is here that a deployment which forgot one fails: every deployment gives each.
 */
const TRUST_KEYS: Record<string, string[]> = {
  'log-service': ['CHRONICLE_SEED_KEY', 'CHRONICLE_SIGNING_KEY'],
  'snapshot-service': ['CHRONICLE_SEED_KEY', 'CHRONICLE_LOG_PUBLIC_KEY', 'CHRONICLE_SNAPSHOT_SIGNING_KEY', 'CHRONICLE_GATEWAY_PUBLIC_KEY'],
  scheduler: ['CHRONICLE_LOG_PUBLIC_KEY', 'CHRONICLE_SNAPSHOT_PUBLIC_KEY'],
  'turn-executor': ['CHRONICLE_SEED_KEY', 'CHRONICLE_GATEWAY_PUBLIC_KEY', 'CHRONICLE_SNAPSHOT_PUBLIC_KEY'],
  web: ['CHRONICLE_LOG_PUBLIC_KEY', 'CHRONICLE_SNAPSHOT_PUBLIC_KEY'],
  gateway: ['CHRONICLE_GATEWAY_KEY'],
};

describe('keys in every deployment', () => {
  it.each(services)('%s is given every key it signs or checks with', (service) => {
    expect(TRUST_KEYS[service]).toBeDefined();
    for (const { where, env } of deployedEnvironments(service)) {
      for (const key of TRUST_KEYS[service]!) expect([where, key, env[key]]).toEqual([where, key, expect.stringMatching(/^[0-9a-f]{64}$/)]);
      expect([where, env.CHRONICLE_TRUST_NAMED_SEATS]).toEqual([where, undefined]);
    }
  });
});

describe('the Dockerfile', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'deploy/docker/Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages[stages.length - 1]!;

  it('copies only what the repository has', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect([source, exists(source)]).toEqual([source, true]);
  });

  it('type-checks every service it ships, compiles them, and starts a compiled entry point', () => {
    for (const service of services) expect(dockerfile).toContain(`tsc -p apps/${service}/tsconfig.json --noEmit`);
    expect(dockerfile).toMatch(/node scripts\/build\.cjs dist/);
    expect(runtime).toMatch(/^ENTRYPOINT \["node"\]$/m);
    for (const entry of compiledEntryPoints(dockerfile)) expect([entry, exists(source(entry))]).toEqual([entry, true]);
  });

  it('runs on the Node LTS line that package.json declares and CI runs, with production dependencies only', () => {
    const base = /^ARG NODE_IMAGE=node:(\d+)\.(\d+)\.(\d+)-[\w-]+$/m.exec(dockerfile);
    expect(base).not.toBeNull();
    const major = Number(base![1]);
    expect(major % 2).toBe(0); // even lines become LTS
    expect(readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim()).toBe(base!.slice(1, 4).join('.'));
    const engines = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(new RegExp(`^>=${major}\\.\\d+\\.\\d+ <${major + 1}$`));
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    // The runtime stage takes node_modules from the production install, never the build's.
    expect([...runtime.matchAll(/^COPY --from=(\S+) \/app\/node_modules/gm)].map((m) => m[1])).toEqual(['production-dependencies']);
    expect(runtime).not.toMatch(/npm (ci|install)(?! --omit=dev)/);
  });

  it('runs as a numeric non-root user', () => {
    expect(runtime).toMatch(/^USER [1-9]\d*:[1-9]\d*$/m);
  });
});

const compiledEntryPoints = (text: string) => [...text.matchAll(/dist\/apps\/[\w-]+\/src\/[\w.-]+\.js/g)].map((m) => m[0]);
/** The TypeScript source of a compiled entry point. */
const source = (compiled: string) => compiled.replace(/^dist\//, '').replace(/\.js$/, '.ts');

describe('docker-compose.yml', () => {
  it('is valid by the Compose Specification schema', () => {
    const schema = JSON.parse(readFileSync(path.join(ROOT, 'deploy/schemas/compose-spec.json'), 'utf8')) as object;
    // The schema names its draft by an address Ajv does not know (https, no fragment): it is draft-07.
    const validate = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(schema);
    const document = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as unknown;
    validate(document);
    expect(validate.errors ?? []).toEqual([]);
    // The schema can fail: a misspelt key is refused.
    expect(validate({ services: { x: { image: 'a', restart_policy: 'always' } } })).toBe(false);
  });

  it('runs every service from the Dockerfile, with a compiled entry point of an existing source', () => {
    for (const service of services) {
      const definition = compose.services[service];
      expect([service, definition?.build?.dockerfile]).toEqual([service, 'deploy/docker/Dockerfile']);
      expect(definition!.command).toEqual([`dist/apps/${service}/src/main.js`]);
    }
  });

  it('publishes the page and the players\' API from their public ports, never from the port of their probes and /metrics', () => {
    const open = services.filter((service) => compose.services[service]!.environment?.PUBLIC_PORT !== undefined);
    expect(open.sort()).toEqual(['gateway', 'web']);
    for (const service of open) {
      const { ports = [], environment } = compose.services[service]!;
      expect([service, ports.map((p) => p.split(':').at(-1))]).toEqual([service, [environment!.PUBLIC_PORT]]);
      expect(environment!.PUBLIC_PORT).not.toBe(compose.services[service]!.environment!.HTTP_PORT ?? '8080');
    }
  });

  it('lets the executors scale out (--scale turn-executor=N): no fixed container name or host port', () => {
    const executor = compose.services['turn-executor']!;
    expect([executor.container_name, executor.ports]).toEqual([undefined, undefined]);
  });

  it('provisions every service before it starts', () => {
    const provision = compose.services.provision!;
    const steps = compiledEntryPoints((provision.command ?? []).join(' '));
    expect(steps.map(source).sort()).toEqual(services.map((s) => `apps/${s}/src/provision.ts`).sort());
    for (const step of steps) expect(exists(source(step))).toBe(true);
    for (const service of services) expect(compose.services[service]!.depends_on?.provision?.condition).toBe('service_completed_successfully');
  });

  it('checks every service with its readiness probe, read-only and unprivileged', () => {
    for (const service of services) {
      const definition = compose.services[service]!;
      expect(definition.healthcheck?.test?.join(' ')).toContain(`8080${ProbePaths.ready}`);
      expect(definition.read_only).toBe(true);
      expect(definition.cap_drop).toEqual(['ALL']);
    }
  });

  it('runs NATS with the accounts of deploy/nats, and each service as its own NATS user', () => {
    const nats = compose.services.nats!;
    expect(nats.command).toEqual(['-c', '/etc/nats/server.conf']);
    const configs = (parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as { configs: Record<string, { file: string }> }).configs;
    expect(Object.values(configs).map((c) => c.file).sort()).toEqual(['./deploy/nats/chronicle.conf', './deploy/nats/server.conf']);
    expect(readFileSync(path.join(ROOT, 'deploy/nats/server.conf'), 'utf8')).toMatch(/^include \.\/chronicle\.conf$/m);
    // An acknowledged write is on disk: an fsync before each acknowledgement.
    expect(readFileSync(path.join(ROOT, 'deploy/nats/server.conf'), 'utf8')).toMatch(/^\s*sync_interval: always$/m);
    const roles = [...readFileSync(path.join(ROOT, 'deploy/nats/chronicle.conf'), 'utf8').matchAll(/user: "([\w-]+)", password: \$(\w+)/g)];
    for (const [, , variable] of roles) expect(nats.environment?.[variable!]).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
    for (const service of [...services, 'provision']) {
      const env = compose.services[service]!.environment!;
      const role = roles.find(([, user]) => user === env.NATS_USER);
      expect([service, role?.[1]]).toEqual([service, service === 'provision' ? 'provision' : service]);
      expect(env.NATS_PASSWORD).toMatch(new RegExp(`^\\$\\{${role![2]}:\\?`));
    }
  });

  it('asks for every secret instead of shipping one', () => {
    const given = services.filter((service) => compose.services[service]!.environment?.CHRONICLE_SEED_KEY !== undefined);
    expect(given).toEqual(expect.arrayContaining(['log-service', 'snapshot-service']));
    for (const service of given) expect(compose.services[service]!.environment?.CHRONICLE_SEED_KEY).toMatch(/^\$\{CHRONICLE_SEED_KEY:\?/);
    const text = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    expect(text).not.toMatch(/PASSWORD: (?!\$\{)/);
    const example = readFileSync(path.join(ROOT, 'deploy/compose/env.example'), 'utf8');
    for (const [, variable] of text.matchAll(/\$\{(\w+):\?/g)) expect(example).toMatch(new RegExp(`^${variable}=$`, 'm'));
  });
});

/** `20G` (NATS: binary) or `25Gi` (Kubernetes) in bytes. */
const bytes = (size: string) => {
  const [, amount, unit] = /^(\d+)([KMGT]i?)?B?$/.exec(size)!;
  return Number(amount) * 1024 ** (' KMGT'.indexOf((unit ?? ' ')[0]!));
};

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const named = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const selects = (selector: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values: string[] }> } | undefined, labels: Record<string, string>) =>
  selector !== undefined
  && Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v)
  && (selector.matchExpressions ?? []).every((e) => e.operator === 'In' && e.values.includes(labels[e.key]!));
const workloads = (objects: K8sObject[]) => objects.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));
const natsConf = readFileSync(path.join(ROOT, 'deploy/nats/chronicle.conf'), 'utf8');
/** The NATS users of deploy/nats/chronicle.conf and the variable holding each one's password. */
const natsUsers = new Map([...natsConf.matchAll(/user: "([\w-]+)", password: \$(\w+)/g)].map((m) => [m[1]!, m[2]!]));

describe.each(KUBERNETES_OVERLAYS)('the Kubernetes overlay %s', (overlay) => {
  const objects = renderOverlay(overlay) as K8sObject[];
  const config = named(objects, 'ConfigMap', 'chronicle-config')!.data as Record<string, string>;
  const nats = named(objects, 'StatefulSet', 'nats')!;

  it('has only objects valid by their Kubernetes schemas', () => {
    const results = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, 'validate-k8s.mjs')], {
      cwd: ROOT, input: objects.map((o) => stringify(o)).join('---\n'), encoding: 'utf8',
    })) as Array<{ kind: string; name: string; error?: string }>;
    expect(results).toHaveLength(objects.length);
    expect(results.filter((r) => r.error)).toEqual([]);
  });

  it.each(services)('runs %s from the image on its port, with liveness, readiness and startup probes', (service) => {
    const deployment = named(objects, 'Deployment', service)!;
    expect(deployment).toBeDefined();
    const [container] = deployment.spec.template.spec.containers;
    expect(container.image).toMatch(/^chronicle:[\w.-]+$/);
    expect(container.args).toEqual([`dist/apps/${service}/src/main.js`]);
    expect(exists(`apps/${service}/src/main.ts`)).toBe(true);
    // The gateway's players and the web's visitors reach a port of their own (PUBLIC_PORT), never the probes' and metrics' one.
    const publicPort = container.env?.find((e: K8sObject) => e.name === 'PUBLIC_PORT')?.value as string | undefined;
    const publicName = ({ gateway: 'api', web: 'page' } as Record<string, string>)[service];
    const api = publicPort === undefined ? [] : [{ name: publicName, containerPort: Number(publicPort) }];
    expect([service, publicPort === undefined]).toEqual([service, publicName === undefined]);
    expect(Number(publicPort ?? 0)).not.toBe(Number(config.HTTP_PORT));
    expect(container.ports).toEqual([{ name: 'http', containerPort: Number(config.HTTP_PORT) }, ...api]);
    for (const probe of ['startupProbe', 'livenessProbe']) expect(container[probe].httpGet).toEqual({ path: ProbePaths.live, port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: ProbePaths.ready, port: 'http' });
    const serviceObject = named(objects, 'Service', service)!;
    expect(selects({ matchLabels: serviceObject.spec.selector }, deployment.spec.template.metadata.labels)).toBe(true);
    expect(serviceObject.spec.ports).toEqual([
      { name: 'http', port: Number(config.HTTP_PORT), targetPort: 'http' }, ...api.map((p) => ({ name: p.name, port: p.containerPort, targetPort: p.name })),
    ]);
  });

  it('runs every workload non-root, read-only, without privileges or capabilities', () => {
    for (const workload of workloads(objects)) {
      const pod = workload.spec.template.spec;
      expect([workload.metadata.name, pod.securityContext.runAsNonRoot, pod.securityContext.seccompProfile]).toEqual([workload.metadata.name, true, { type: 'RuntimeDefault' }]);
      for (const container of pod.containers) {
        expect([container.name, container.securityContext]).toEqual([container.name, {
          allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] },
        }]);
      }
    }
  });

  it('spreads and protects every long-running workload (topology spread, PodDisruptionBudget)', () => {
    const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget');
    // The dev overlay's single PostgreSQL is a convenience, not something to keep available.
    for (const workload of workloads(objects).filter((w) => w.kind !== 'Job' && w.metadata.name !== 'postgres')) {
      const labels = workload.spec.template.metadata.labels;
      const spread = workload.spec.template.spec.topologySpreadConstraints as Array<{ topologyKey: string; labelSelector: object }>;
      expect([workload.metadata.name, spread.map((c) => c.topologyKey).sort()]).toEqual([workload.metadata.name, ['kubernetes.io/hostname', 'topology.kubernetes.io/zone']]);
      for (const constraint of spread) expect(selects(constraint.labelSelector, labels)).toBe(true);
      const mine = budgets.filter((b) => selects(b.spec.selector, labels));
      expect([workload.metadata.name, mine.length]).toEqual([workload.metadata.name, 1]);
      // A node drain evicts one pod at a time: the budget must allow one at this replica count.
      const replicas = workload.spec.replicas ?? 1;
      const allowed = mine[0]!.spec.maxUnavailable ?? replicas - mine[0]!.spec.minAvailable;
      expect([workload.metadata.name, replicas, allowed >= 1]).toEqual([workload.metadata.name, replicas, true]);
    }
  });

  it('lets traffic in and out only where the services need it (NetworkPolicies)', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0)!;
    expect(deny.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    const natsLabels = nats.spec.template.metadata.labels;
    for (const service of services) {
      const pod = named(objects, 'Deployment', service)!.spec.template;
      const labels = pod.metadata.labels;
      const mine = policies.filter((p) => selects(p.spec.podSelector, labels) && p !== deny);
      const ingressPorts = mine.flatMap((p) => p.spec.ingress ?? []).flatMap((rule: K8sObject) => rule.ports.map((port: K8sObject) => port.port));
      // Its own ports exactly: the probes' and metrics' port, and the public one where it has it.
      const ports = pod.spec.containers[0].ports.map((p: K8sObject) => p.containerPort).sort();
      expect([service, ingressPorts.sort()]).toEqual([service, ports]);
      // The probes' and metrics' port only from the monitoring namespace, for every service (the web's included).
      const toMetrics = mine.flatMap((p) => p.spec.ingress ?? []).filter((rule: K8sObject) => rule.ports.some((port: K8sObject) => port.port === Number(config.HTTP_PORT)));
      expect([service, toMetrics.map((rule: K8sObject) => rule.from)]).toEqual([service, [[{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]]]);
      const toNats = mine.flatMap((p) => p.spec.egress ?? []).filter((rule: K8sObject) => rule.to?.some((peer: K8sObject) => selects(peer.podSelector, natsLabels)));
      expect([service, toNats.flatMap((rule: K8sObject) => rule.ports.map((port: K8sObject) => port.port))]).toEqual([service, [4222]]);
    }
    const natsIngress = policies.filter((p) => selects(p.spec.podSelector, natsLabels)).flatMap((p) => p.spec.ingress ?? []);
    expect([...new Set(natsIngress.flatMap((rule: K8sObject) => rule.ports.map((port: K8sObject) => port.port)))].sort()).toEqual([4222, 6222, 8222]);
  });

  it(overlay === 'prod' ? 'speaks TLS to NATS: clients and routes, the server key only on the servers, the authority in every client' : 'leaves NATS without TLS (components/tls is for production)', () => {
    const tlsFiles = named(objects, 'ConfigMap', nats.spec.template.spec.volumes.find((v: K8sObject) => v.name === 'config').projected.sources
      .map((s: K8sObject) => s.configMap.name).find((name: string) => name.startsWith('nats-tls-config')))!.data as Record<string, string>;
    const clients = objects.filter((o) => (o.kind === 'Deployment' || o.kind === 'Job') && JSON.stringify(o).includes('chronicle-config'));
    expect(clients.length).toBeGreaterThanOrEqual(6);
    const config = named(objects, 'ConfigMap', 'chronicle-config')!.data as Record<string, string>;
    if (overlay !== 'prod') {
      expect([tlsFiles['tls.conf'], tlsFiles['cluster-tls.conf']]).toEqual([expect.not.stringMatching(/tls \{/), expect.not.stringMatching(/tls \{/)]);
      expect([config.NATS_URL, config.NATS_TLS_CA]).toEqual(['nats:4222', undefined]);
      return;
    }
    expect(tlsFiles['tls.conf']).toMatch(/^tls \{[^}]*cert_file: \/etc\/nats-tls\/tls\.crt/m);
    expect(tlsFiles['cluster-tls.conf']).toMatch(/verify: true/);
    expect(nats.spec.template.spec.volumes).toContainEqual({ name: 'tls', secret: { secretName: 'nats-tls' } });
    expect(nats.spec.template.spec.containers[0].volumeMounts).toContainEqual({ name: 'tls', mountPath: '/etc/nats-tls', readOnly: true });
    expect([config.NATS_URL, config.NATS_TLS_CA]).toEqual(['tls://nats:4222', '/etc/nats-ca/ca.crt']);
    for (const client of clients) {
      const spec = client.spec.template.spec;
      expect([client.metadata.name, spec.volumes]).toEqual([client.metadata.name, expect.arrayContaining([
        { name: 'nats-ca', secret: { secretName: 'nats-tls', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      ])]);
      expect([client.metadata.name, spec.containers[0].volumeMounts]).toEqual([client.metadata.name, expect.arrayContaining([
        { name: 'nats-ca', mountPath: '/etc/nats-ca', readOnly: true },
      ])]);
    }
  });

  it('runs NATS as a three-server JetStream cluster with the accounts of deploy/nats, passwords from a Secret', () => {
    expect(nats.spec.replicas).toBe(3);
    const [container] = nats.spec.template.spec.containers;
    expect(container.image).toMatch(/^nats:2\.\d+/);
    const mounted = nats.spec.template.spec.volumes.find((v: K8sObject) => v.name === 'config').projected.sources.map((s: K8sObject) => s.configMap.name);
    const configMaps = mounted.map((name: string) => named(objects, 'ConfigMap', name)!.data as Record<string, string>);
    const files = Object.assign({}, ...configMaps) as Record<string, string>;
    expect(files['chronicle.conf']).toBe(natsConf);
    expect(files['nats.conf']).toMatch(/^include \.\/chronicle\.conf$/m);
    expect(files['nats.conf']).toMatch(/^\s*sync_interval: always$/m);
    const routes = [...files['nats.conf']!.matchAll(/nats:\/\/(nats-\d)\.([\w-]+):6222/g)];
    expect(routes.map((r) => r[1])).toEqual(['nats-0', 'nats-1', 'nats-2']);
    for (const [, , headless] of routes) expect(headless).toBe(nats.spec.serviceName);
    for (const variable of natsUsers.values()) {
      expect(container.env).toContainEqual({ name: variable, valueFrom: { secretKeyRef: { name: 'nats-passwords', key: variable } } });
    }
    // The server accepts the configuration (nats-server -t, with the variables it reads set).
    const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-nats-conf-'));
    try {
      // The image's server (2.10 on) takes sync_interval; the machine's may be a 2.9, which does not know it.
      const known = (text: string) => (jetStreamDurability().config === '' ? text.replace(/^\s*sync_interval: .*$/m, '') : text);
      // The TLS of the prod overlay (components/tls) with certificates of the test's own where the Secret would be mounted.
      const tls = Object.values(files).some((text) => text.includes('/etc/nats-tls/'));
      if (tls) makeTestCertificates(dir);
      for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), known(text).replaceAll('/etc/nats-tls/', `${dir}/`));
      const env = { ...process.env, POD_NAME: 'nats-0', ...Object.fromEntries([...natsUsers.values()].map((v) => [v, 'pchecked'])) };
      expect(execFileSync('nats-server', ['-c', path.join(dir, 'nats.conf'), '-t'], { env, encoding: 'utf8', stdio: 'pipe' })).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // What the streams may reserve fits what each server may store, which fits its volume.
    const store = bytes(/max_file_store: (\w+)/.exec(files['nats.conf']!)![1]!);
    const volume = bytes(nats.spec.volumeClaimTemplates[0].spec.resources.requests.storage);
    const provision = named(objects, 'ConfigMap', 'chronicle-provision')!.data as Record<string, string>;
    const reserved = Object.values(topologyLimits(loadConfig(ProvisionConfig, provision)).byName ?? {}).reduce((sum, l) => sum + Math.max(0, l.maxBytes ?? 0), 0);
    expect(reserved).toBeLessThanOrEqual(store);
    expect(store).toBeLessThan(volume);
    // nats:4222, or tls://nats:4222 where the servers speak TLS.
    const [host, port] = config.NATS_URL!.replace(/^tls:\/\//, '').split(':');
    const client = named(objects, 'Service', host!)!;
    expect(selects({ matchLabels: client.spec.selector }, nats.spec.template.metadata.labels)).toBe(true);
    expect(client.spec.ports.find((p: K8sObject) => p.port === Number(port)).targetPort).toBe('client');
  });

  it('connects every service and the provisioning Job as its own NATS user, its password from the Secret', () => {
    const job = named(objects, 'Job', 'chronicle-provision')!;
    for (const [name, container] of [
      ...services.map((s) => [s, named(objects, 'Deployment', s)!.spec.template.spec.containers[0]] as const),
      ['provision', job.spec.template.spec.containers[0]] as const,
    ]) {
      const user = container.env.find((e: K8sObject) => e.name === 'NATS_USER').value as string;
      expect([name, user]).toEqual([name, name]);
      expect(natsUsers.has(user)).toBe(true);
      expect(container.env).toContainEqual({ name: 'NATS_PASSWORD', valueFrom: { secretKeyRef: { name: 'nats-passwords', key: natsUsers.get(user) } } });
    }
  });

  it('provisions every service in a Job that can run at every release, with limits the provisioning step reads', () => {
    const job = named(objects, 'Job', 'chronicle-provision')!;
    const steps = compiledEntryPoints(job.spec.template.spec.containers[0].args.join(' '));
    expect(steps.map(source).sort()).toEqual(services.map((s) => `apps/${s}/src/provision.ts`).sort());
    expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
    expect(job.metadata.annotations['argocd.argoproj.io/hook-delete-policy']).toBe('BeforeHookCreation');
    const provision = named(objects, 'ConfigMap', 'chronicle-provision')!.data as Record<string, string>;
    const limits = topologyLimits(loadConfig(ProvisionConfig, { ...config, ...provision }));
    expect(limits.replicas).toBeLessThanOrEqual(nats.spec.replicas);
    if (overlay === 'prod') {
      expect(limits.replicas).toBe(3);
      expect(Object.keys(limits.byName ?? {}).length).toBeGreaterThan(0);
    }
  });

  it('scales the executors on their work: an HPA on CPU, or in prod KEDA on the NATS queues with CPU beside', () => {
    const scalers = objects.filter((o) => ['HorizontalPodAutoscaler', 'ScaledObject'].includes(o.kind));
    for (const scaler of scalers) expect(named(objects, 'Deployment', scaler.spec.scaleTargetRef.name)).toBeDefined();
    expect(scalers.map((s) => [s.kind, s.spec.scaleTargetRef.name])).toEqual([[overlay === 'prod' ? 'ScaledObject' : 'HorizontalPodAutoscaler', 'turn-executor']]);
    const scaler = scalers[0]!;
    if (scaler.kind === 'HorizontalPodAutoscaler') {
      expect(scaler.spec.metrics).toEqual([expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) })]);
      return;
    }
    const account = /accounts: \{\s*(\w+): \{/.exec(natsConf)![1];
    const monitor = named(objects, 'Service', 'nats')!.spec.ports.find((p: K8sObject) => p.targetPort === 'monitor').port;
    const namespace = named(objects, 'Deployment', 'turn-executor')!.metadata.namespace;
    const queues = scaler.spec.triggers.filter((t: K8sObject) => t.type === 'nats-jetstream');
    expect(queues.length).toBeGreaterThan(0);
    for (const trigger of queues) {
      expect(trigger.metadata.natsServerMonitoringEndpoint).toBe(`nats.${namespace}.svc.cluster.local:${monitor}`);
      expect(trigger.metadata.account).toBe(account);
      expect(trigger.metadata.stream).toMatch(new RegExp(`^${config.CHRONICLE_PREFIX}_(${Object.values(StreamRoles).join('|')})$`));
    }
    expect(scaler.spec.triggers).toContainEqual(expect.objectContaining({ type: 'cpu' }));
    expect(scaler.spec.fallback.replicas).toBeGreaterThan(0);
    // KEDA's operator (namespace keda) may read the NATS monitoring port.
    const natsLabels = nats.spec.template.metadata.labels;
    const fromKeda = objects.filter((o) => o.kind === 'NetworkPolicy' && selects(o.spec.podSelector, natsLabels))
      .flatMap((p) => p.spec.ingress ?? []).filter((rule: K8sObject) => rule.from.some((peer: K8sObject) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'keda'));
    expect(fromKeda.flatMap((rule: K8sObject) => rule.ports.map((p: K8sObject) => p.port))).toEqual([monitor]);
  });

  if (overlay === 'prod') {
    it('has Prometheus scrape every service (ServiceMonitor)', () => {
      const monitor = objects.find((o) => o.kind === 'ServiceMonitor')!;
      expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'http', path: '/metrics' })]);
      for (const service of services) expect([service, selects(monitor.spec.selector, named(objects, 'Service', service)!.metadata.labels)]).toEqual([service, true]);
    });

    it('takes PostgreSQL from outside the cluster, through the Secret', () => {
      expect(objects.filter((o) => o.metadata.name === 'postgres')).toEqual([]);
      const log = named(objects, 'Deployment', 'log-service')!.spec.template.spec.containers[0];
      expect(log.env).toContainEqual({ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'chronicle-secrets', key: 'DATABASE_URL' } } });
    });
  }
});

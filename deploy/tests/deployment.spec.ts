import { ProbePaths } from '@chronicle/service-kit';
import { manifests } from '@chronicle/testing';
import Ajv from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// The Dockerfile, docker-compose.yml and the Kubernetes manifests cannot be run here (no
// container engine), so their references are checked against the repository instead: a
// renamed entry point or a forgotten service fails CI rather than a deployment.

const ROOT = path.resolve(__dirname, '../..');
const exists = (file: string) => existsSync(path.join(ROOT, file));
interface Probe {
  httpGet: { path: string };
}

/** Services: the apps with a `src/main.ts` that run as long-lived processes (the CLI is a tool). */
const services = readdirSync(path.join(ROOT, 'apps')).filter((app) => app !== 'cli' && exists(`apps/${app}/src/main.ts`));

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
}
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };

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

describe('the Kubernetes manifests', () => {
  const kustomization = manifests('deploy/k8s/kustomization.yaml')[0] as { resources: string[] };

  it('list only files that exist, including one per service', () => {
    for (const resource of kustomization.resources) expect(exists(`deploy/k8s/${resource}`)).toBe(true);
    for (const service of services) expect(kustomization.resources).toContain(`${service}.yaml`);
  });

  it.each(services)('run %s from the image with liveness, readiness and startup probes', (service) => {
    const deployment = manifests(`deploy/k8s/${service}.yaml`).find((d) => d.kind === 'Deployment') as {
      spec: { template: { spec: { containers: Array<{ image: string; args: string[]; readinessProbe: Probe; livenessProbe: Probe; startupProbe: Probe }> } } };
    };
    const [container] = deployment.spec.template.spec.containers;
    expect(container!.image).toBe('chronicle');
    expect(container!.args).toEqual([`dist/apps/${service}/src/main.js`]);
    expect(container!.readinessProbe.httpGet.path).toBe(ProbePaths.ready);
    expect(container!.livenessProbe.httpGet.path).toBe(ProbePaths.live);
    expect(container!.startupProbe.httpGet.path).toBe(ProbePaths.live);
  });

  it('provision every service in the Job', () => {
    const job = manifests('deploy/k8s/provision-job.yaml')[0] as { spec: { template: { spec: { containers: Array<{ args: string[] }> } } } };
    const steps = compiledEntryPoints(job.spec.template.spec.containers[0]!.args.join(' '));
    expect(steps.map(source).sort()).toEqual(services.map((s) => `apps/${s}/src/provision.ts`).sort());
  });
});

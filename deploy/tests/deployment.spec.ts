import { manifests } from '@chronicle/testing';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// The Dockerfile, docker-compose.yml and the Kubernetes manifests cannot be run here (no
// container engine), so their references are checked against the repository instead: a
// renamed entry point or a forgotten service fails CI rather than a deployment.

const ROOT = path.resolve(__dirname, '../..');
const exists = (file: string) => existsSync(path.join(ROOT, file));
const entryPoints = (text: string) => [...text.matchAll(/apps\/[\w-]+\/src\/[\w.-]+\.ts/g)].map((m) => m[0]);

/** Services: the apps with a `src/main.ts` that run as long-lived processes (the CLI is a tool). */
const services = readdirSync(path.join(ROOT, 'apps')).filter((app) => app !== 'cli' && exists(`apps/${app}/src/main.ts`));

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };

describe('the Dockerfile', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'deploy/docker/Dockerfile'), 'utf8');

  it('copies only what the repository has', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect([source, exists(source)]).toEqual([source, true]);
  });

  it('type-checks every service it ships and starts an existing entry point', () => {
    for (const service of services) expect(dockerfile).toContain(`tsc -p apps/${service}/tsconfig.json --noEmit`);
    for (const entry of entryPoints(dockerfile)) expect([entry, exists(entry)]).toEqual([entry, true]);
    expect(dockerfile).toMatch(/ENTRYPOINT \["node", "scripts\/run-ts.cjs"\]/);
    expect(exists('scripts/run-ts.cjs')).toBe(true);
  });
});

describe('docker-compose.yml', () => {
  it('runs every service from the Dockerfile, with an entry point that exists', () => {
    for (const service of services) {
      const definition = compose.services[service];
      expect([service, definition?.build?.dockerfile]).toEqual([service, 'deploy/docker/Dockerfile']);
      expect(definition!.command).toEqual([`apps/${service}/src/main.ts`]);
    }
  });

  it('provisions every service before it starts', () => {
    const provision = compose.services.provision!;
    const steps = entryPoints((provision.command ?? []).join(' '));
    expect(steps.sort()).toEqual(services.map((s) => `apps/${s}/src/provision.ts`).sort());
    for (const step of steps) expect(exists(step)).toBe(true);
    for (const service of services) expect(compose.services[service]!.depends_on?.provision?.condition).toBe('service_completed_successfully');
  });

  it('asks for the seed key instead of shipping one', () => {
    const given = services.filter((service) => compose.services[service]!.environment?.CHRONICLE_SEED_KEY !== undefined);
    expect(given).toEqual(expect.arrayContaining(['log-service', 'snapshot-service']));
    for (const service of given) expect(compose.services[service]!.environment?.CHRONICLE_SEED_KEY).toMatch(/^\$\{CHRONICLE_SEED_KEY:\?/);
  });
});

describe('the Kubernetes manifests', () => {
  const kustomization = manifests('deploy/k8s/kustomization.yaml')[0] as { resources: string[] };

  it('list only files that exist, including one per service', () => {
    for (const resource of kustomization.resources) expect(exists(`deploy/k8s/${resource}`)).toBe(true);
    for (const service of services) expect(kustomization.resources).toContain(`${service}.yaml`);
  });

  it.each(services)('run %s from the image with health probes on /health', (service) => {
    const deployment = manifests(`deploy/k8s/${service}.yaml`).find((d) => d.kind === 'Deployment') as {
      spec: { template: { spec: { containers: Array<{ image: string; args: string[]; readinessProbe: { httpGet: { path: string } }; livenessProbe: { httpGet: { path: string } } }> } } };
    };
    const [container] = deployment.spec.template.spec.containers;
    expect(container!.image).toBe('chronicle');
    expect(container!.args).toEqual([`apps/${service}/src/main.ts`]);
    expect(container!.readinessProbe.httpGet.path).toBe('/health');
    expect(container!.livenessProbe.httpGet.path).toBe('/health');
  });

  it('provision every service in the Job', () => {
    const job = manifests('deploy/k8s/provision-job.yaml')[0] as { spec: { template: { spec: { containers: Array<{ args: string[] }> } } } };
    const steps = entryPoints(job.spec.template.spec.containers[0]!.args.join(' '));
    expect(steps.sort()).toEqual(services.map((s) => `apps/${s}/src/provision.ts`).sort());
  });
});

import { manifests } from '@chronicle/testing';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';

// The alerts are a PrometheusRule (Prometheus Operator); its spec.groups is a plain rule file,
// which promtool checks and whose unit tests (deploy/k8s/components/monitoring/alerts.test.yml) it runs.
const MONITORING = path.resolve(__dirname, '../k8s/components/monitoring');
const [rule] = manifests('deploy/k8s/components/monitoring/prometheus-rules.yaml') as Array<{ spec: { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> } }>;
const dashboard = JSON.parse(readFileSync(path.join(MONITORING, 'chronicle-dashboard.json'), 'utf8')) as { panels: Array<{ title: string; targets?: Array<{ expr: string }> }> };

function promtool(args: string[], cwd: string): string {
  try {
    return execFileSync('promtool', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { code?: string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('promtool is not installed: apt-get install prometheus (Debian) puts it on the PATH; .ci/run installs it');
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

describe('the Prometheus alerts and the Grafana dashboard', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-alerts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'chronicle-alerts.rules.yml'), stringify({ groups: rule!.spec.groups }));
  copyFileSync(path.join(MONITORING, 'alerts.test.yml'), path.join(dir, 'alerts.test.yml'));

  it('are valid rules by promtool', () => {
    expect(promtool(['check', 'rules', 'chronicle-alerts.rules.yml'], dir)).toMatch(/SUCCESS: \d+ rules found/);
  }, 60_000);

  it('fire when they should and not otherwise (promtool test rules)', () => {
    expect(promtool(['test', 'rules', 'alerts.test.yml'], dir)).toMatch(/SUCCESS/);
  }, 60_000);

  it('watch what an operator is asked to watch, each alert with a unit test', () => {
    const alerts = rule!.spec.groups.flatMap((g) => g.rules.map((r) => r.alert)).sort();
    expect(alerts).toEqual(expect.arrayContaining([
      'ChronicleAppendErrors', 'ChronicleDeadLetters', 'ChronicleExecutorLag', 'ChronicleGatewayErrors', 'ChronicleOutboxBacklog', 'ChronicleTableQuarantined', 'ChronicleTicksLate',
    ]));
    const tests = readFileSync(path.join(MONITORING, 'alerts.test.yml'), 'utf8');
    for (const alert of alerts) expect([alert, tests.includes(`alertname: ${alert}`)]).toEqual([alert, true]);
  });

  it('has a dashboard panel on every metric an alert reads', () => {
    const metricsOf = (expr: string) => new Set([...expr.matchAll(/\b(chronicle_[a-z_]+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]!));
    const shown = new Set(dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => [...metricsOf(t.expr)])));
    for (const expr of rule!.spec.groups.flatMap((g) => g.rules.map((r) => r.expr))) {
      for (const metric of metricsOf(expr)) expect([metric, shown.has(metric)]).toEqual([metric, true]);
    }
  });
});

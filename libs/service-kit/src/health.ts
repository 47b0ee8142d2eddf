import { Controller, Get, Injectable, Res } from '@nestjs/common';
import type { Response } from 'express';

export interface CheckResult {
  ok: boolean;
  detail?: unknown;
}

export type HealthCheck = () => Promise<CheckResult>;

/** Checks registered by the app (NATS, consumers, PostgreSQL…), run on each readiness request. */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();
  private stopping = false;

  /** From the shutdown signal on, the service reports itself not ready, whatever its checks say. */
  markStopping(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  async run(timeoutMs = 2_000): Promise<{ ok: boolean; checks: Record<string, CheckResult> }> {
    const entries = await Promise.all([...this.checks].map(async ([name, check]) => [name, await withTimeout(check, timeoutMs)] as const));
    const checks = Object.fromEntries(entries);
    return { ok: entries.every(([, r]) => r.ok), checks };
  }
}

async function withTimeout(check: HealthCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<CheckResult>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
      }),
    ]);
  } catch (error) {
    return { ok: false, detail: String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The probe paths, for the deployments and their checks. */
export const ProbePaths = { live: '/livez', ready: '/readyz', health: '/health' } as const;

@Controller()
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /**
   * Liveness: the process answers. It never looks at PostgreSQL or NATS, so that an outage
   * of either does not get every replica restarted (a restart cannot fix it); HTTP listens
   * only once the service has started, so this is also the startup probe.
   */
  @Get(ProbePaths.live.slice(1))
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: 200 when every dependency check passes, else 503 naming the failing one and why. */
  @Get(ProbePaths.ready.slice(1))
  async ready(@Res() res: Response): Promise<void> {
    if (this.registry.isStopping) {
      res.status(503).json({ status: 'stopping', checks: {} });
      return;
    }
    const report = await this.registry.run();
    res.status(report.ok ? 200 : 503).json({ status: report.ok ? 'ok' : 'failing', checks: report.checks });
  }

  /** The readiness report under its older name (Compose health checks, people with curl). */
  @Get(ProbePaths.health.slice(1))
  health(@Res() res: Response): Promise<void> {
    return this.ready(res);
  }
}

import { Controller, Get, Injectable, Res } from '@nestjs/common';
import type { Response } from 'express';

export interface CheckResult {
  ok: boolean;
  detail?: unknown;
}

export type HealthCheck = () => Promise<CheckResult>;

/** Checks registered by the app (NATS, consumers, PostgreSQL…), run on each /health request. */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();

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

@Controller()
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** 200 when every check passes, else 503; the body says which failed and why. */
  @Get('health')
  async health(@Res() res: Response): Promise<void> {
    const report = await this.registry.run();
    res.status(report.ok ? 200 : 503).json({ status: report.ok ? 'ok' : 'failing', checks: report.checks });
  }
}

import type { Metrics } from '@chronicle/service-kit';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { Tick } from './due-index';

export interface TickerObserver {
  sent(tick: Tick): void;
  failed(tick: Tick, error: unknown): void;
}

/** The scheduler's figures on /metrics: tables scheduled, ticks sent, re-ticks, how late ticks leave. */
export function tickerObserver(metrics: Metrics, scheduled: () => number, onFailure: (message: string) => void): TickerObserver {
  const registers = [metrics.registry];
  new Gauge({ name: 'chronicle_scheduler_tables', help: 'Tables the scheduler ticks (open, clock known, not stopped)', registers, collect() { this.set(scheduled()); } });
  const ticks = new Counter({ name: 'chronicle_scheduler_ticks_total', help: 'Ticks published (first ticks of a due time)', registers });
  const reticks = new Counter({ name: 'chronicle_scheduler_reticks_total', help: 'Ticks repeated because the table did not move', registers });
  const failures = new Counter({ name: 'chronicle_scheduler_tick_failures_total', help: 'Ticks that could not be published (re-ticked later)', registers });
  const lateness = new Histogram({
    name: 'chronicle_scheduler_tick_lateness_seconds', help: 'From a due time (on the wall clock) to its tick leaving',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5], registers,
  });
  return {
    sent(tick) {
      if (tick.retick > 0) {
        reticks.inc();
      } else {
        ticks.inc();
        lateness.observe(tick.lateMs / 1_000);
      }
    },
    failed(tick, error) {
      failures.inc();
      onFailure(`tick of table ${tick.tableId} due ${new Date(tick.dueAt).toISOString()} not published (it will be re-ticked): ${String(error)}`);
    },
  };
}

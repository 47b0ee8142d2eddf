import type { Metrics } from '@chronicle/service-kit';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { LoadedFrom } from '../tables/table-states';

/** The executor's figures on `/metrics`, beside the bus's. */
export class ExecutorMetrics {
  readonly advances: Counter;
  readonly generalTurns: Counter;
  readonly appendRetries: Counter;
  readonly intents: Counter<'status'>;
  readonly lag: Histogram<'work'>;
  readonly loads: Counter<'from'>;
  readonly forwarded: Counter;
  readonly refusedQuarantined: Counter;

  constructor(metrics: Metrics, held: () => number) {
    const registers = [metrics.registry];
    new Gauge({ name: 'chronicle_executor_tables_held', help: 'Tables whose lease this replica holds', registers, collect(this: Gauge) { this.set(held()); } });
    this.advances = new Counter({ name: 'chronicle_executor_advances_total', help: 'Advance moves appended', registers });
    this.generalTurns = new Counter({ name: 'chronicle_executor_general_turns_total', help: 'Units of game work (general turns) in the advances appended', registers });
    this.appendRetries = new Counter({ name: 'chronicle_executor_append_retries_total', help: 'Moves decided again after CONCURRENT_MOVE (the table moved on)', registers });
    this.intents = new Counter({ name: 'chronicle_executor_intents_total', help: 'Intents decided, by outcome', labelNames: ['status'], registers });
    this.lag = new Histogram({
      name: 'chronicle_executor_lag_seconds', help: 'From due time (tick) or submission (intent) to the durable append', labelNames: ['work'], registers,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    });
    this.loads = new Counter({ name: 'chronicle_executor_table_loads_total', help: 'Table states served, by source (cache = hit; snapshot, log = misses)', labelNames: ['from'], registers });
    this.forwarded = new Counter({ name: 'chronicle_executor_forwarded_total', help: 'Work handed to the replica holding the table', registers });
    this.refusedQuarantined = new Counter({ name: 'chronicle_executor_quarantined_work_total', help: 'Ticks and intents refused because the table is quarantined', registers });
  }

  loaded(from: LoadedFrom): void {
    this.loads.inc({ from });
  }
}

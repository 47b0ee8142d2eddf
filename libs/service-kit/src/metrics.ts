import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of one service: Node's defaults plus the bus's requests and events.
 * `busObserver()` plugs into `JetStreamServer({ observer })`; services add their own with
 * `registry`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'chronicle_bus_request_seconds',
    help: 'Requests handled, by subject and reply code',
    labelNames: ['subject', 'code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [this.registry],
  });
  private readonly events = new Counter({
    name: 'chronicle_bus_events_total',
    help: 'Events delivered to handlers, by consumer and outcome (ack, nak, dead)',
    labelNames: ['consumer', 'outcome'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  busObserver(): { request(subject: string, code: string, seconds: number): void; event(consumer: string, outcome: string, seconds: number): void } {
    return {
      request: (subject, code, seconds) => this.requests.observe({ subject, code }, seconds),
      event: (consumer, outcome) => this.events.inc({ consumer, outcome }),
    };
  }
}

/** Where every service serves its Prometheus metrics (on its internal `HTTP_PORT`). */
export const METRICS_PATH = '/metrics';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get(METRICS_PATH.slice(1))
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  async metricsText(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}

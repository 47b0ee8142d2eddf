/**
 * Tables that met a forged event lately. A forgery may have taken a real event's message id,
 * and JetStream drops the real one as a duplicate for as long as its duplicate window lasts
 * (`coreStreams`: 2 minutes): so a consumer brings such a table up to the log at once, then
 * again at most once a second until the window has passed. Pure: the caller passes the time.
 */
export class ForgerySuspects {
  private readonly tables = new Map<string, { until: number; checkedAt: number }>();

  constructor(
    private readonly windowMs = 2 * 60_000,
    private readonly everyMs = 1_000,
  ) {}

  /** The table met a forgery now (and is being brought up to the log now). */
  mark(tableId: string, now: number): void {
    this.tables.set(tableId, { until: now + this.windowMs, checkedAt: now });
  }

  /** The tables to bring up to the log again now; those past the window are forgotten. */
  due(now: number): string[] {
    const due: string[] = [];
    for (const [tableId, suspect] of [...this.tables]) {
      if (now > suspect.until) {
        this.tables.delete(tableId);
      } else if (now - suspect.checkedAt >= this.everyMs) {
        suspect.checkedAt = now;
        due.push(tableId);
      }
    }
    return due;
  }
}

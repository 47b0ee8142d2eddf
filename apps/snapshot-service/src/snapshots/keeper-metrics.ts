import type { Metrics } from '@chronicle/service-kit';
import type { Logger } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { KeeperObserver, RebuildReason } from './snapshot-keeper';

/** The keeper's figures on /metrics and its notable moments in the log. */
export function keeperObserver(metrics: Metrics, logger: Logger, tables: () => { quarantined: number; cached: number }): KeeperObserver {
  const registers = [metrics.registry];
  const entries = new Counter({ name: 'chronicle_snapshot_entries_total', help: 'Log entries received, by kind', labelNames: ['kind'], registers });
  const rebuilds = new Counter({ name: 'chronicle_snapshot_rebuilds_total', help: 'Full replays from the log, by reason', labelNames: ['reason'], registers });
  const replayed = new Counter({ name: 'chronicle_snapshot_replayed_moves_total', help: 'Moves applied while rebuilding or catching up', registers });
  const rebuildSeconds = new Histogram({
    name: 'chronicle_snapshot_rebuild_seconds', help: 'Time of a full replay', buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120], registers,
  });
  const saved = new Histogram({
    name: 'chronicle_snapshot_saved_bytes', help: 'Size of a stored (gzipped) snapshot', buckets: [1e3, 1e4, 1e5, 2.5e5, 5e5, 1e6], registers,
  });
  const forged = new Counter({ name: 'chronicle_snapshot_forged_entries_total', help: 'Entries refused as not the log service\'s (dead-lettered)', registers });
  new Gauge({ name: 'chronicle_snapshot_quarantined_tables', help: 'Tables whose replay disagreed with the log', registers, collect() { this.set(tables().quarantined); } });
  new Gauge({ name: 'chronicle_snapshot_cached_tables', help: 'Tables held in memory', registers, collect() { this.set(tables().cached); } });

  return {
    entry: (kind) => entries.inc({ kind }),
    rebuilt(tableId: string, reason: RebuildReason, moves: number, seconds: number, detail?: string) {
      rebuilds.inc({ reason });
      replayed.inc(moves);
      rebuildSeconds.observe(seconds);
      logger.log(`rebuilt table ${tableId} by replaying ${moves} moves in ${seconds.toFixed(3)} s (${reason}${detail ? `: ${detail}` : ''})`);
    },
    caughtUp(tableId, moves) {
      replayed.inc(moves);
      if (moves > 0) logger.log(`caught table ${tableId} up with ${moves} moves from the log`);
    },
    progress: (tableId, done, total) => logger.log(`replaying table ${tableId}: ${done} of ${total} moves`),
    quarantined: (tableId, reason) => logger.warn(`table ${tableId} quarantined: ${reason}`),
    saved: (_tableId, bytes) => saved.observe(bytes),
    forged(tableId, reason) {
      forged.inc();
      logger.warn(`refused an entry of table ${tableId}: ${reason}; bringing the table to the log instead`);
    },
  };
}

import { ForgerySuspects, type LogClient } from '@chronicle/bus';
import type { HeaderV1, TableEventV1 } from '@chronicle/contracts';
import { UnknownTable } from '@chronicle/engine';
import type { WorldKeeper } from '../worlds/world-keeper';
import type { DueIndex } from './due-index';

/**
 * After a forged event on a table's subjects (refused and dead-lettered), brings what the
 * index knows of the table to what the log says: the forgery may have taken the real
 * event's message id, so that the stream dropped the real one and will never deliver it.
 * Done at once and then every second while the streams' duplicate window lasts
 * (`ForgerySuspects`); each time costs a header read, and a one-move read when the log has
 * moved on.
 */
export class LogResync {
  private readonly suspects = new ForgerySuspects();

  constructor(
    private readonly index: DueIndex,
    private readonly log: LogClient,
    private readonly worlds: WorldKeeper,
  ) {}

  onForged(tableId: string, now = Date.now()): Promise<void> {
    this.suspects.mark(tableId, now);
    return this.bringToLog(tableId);
  }

  async recheck(now = Date.now()): Promise<void> {
    for (const tableId of this.suspects.due(now)) await this.bringToLog(tableId);
  }

  private async bringToLog(tableId: string): Promise<void> {
    let header: HeaderV1;
    try {
      header = await this.log.header({ tableId });
    } catch (error) {
      // A forger may name the next table before it exists: the real events come later.
      if (error instanceof UnknownTable) return;
      throw error;
    }
    // The table event the log service published (or will): its clock, its end.
    const event: Omit<TableEventV1, 'kind'> = {
      v: 1, tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seats: header.seats, options: header.options,
      commitment: header.commitment, seq: header.seq, revision: header.revision, outcome: header.outcome, recordedAt: new Date().toISOString(),
    };
    if (!this.index.get(tableId)?.clock) await this.worlds.onTableEvent({ ...event, kind: 'opened' });
    if (header.revision > 0 && header.seq > this.index.get(tableId)!.seq) {
      const page = await this.log.read({ tableId, fromRevision: header.revision - 1, limit: 1 });
      const last = page.moves.at(-1);
      const turnLength = last ? await this.worlds.turnLengthSetBy(tableId, last.payload) : undefined;
      this.index.moved(tableId, page.seq, last?.nextDueAt ? Date.parse(last.nextDueAt) : null, Date.now(), turnLength);
    }
    if (header.status === 'finished' && this.index.get(tableId)!.stop === null) await this.worlds.onTableEvent({ ...event, kind: 'finished' });
  }
}

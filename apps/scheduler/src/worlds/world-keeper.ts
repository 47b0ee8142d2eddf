import { PermanentFailure, type LogClient, type RequestClient } from '@chronicle/bus';
import {
  decodeSnapshot, EventSubjects, SnapshotSubjects, worldEventMsgId,
  type HeaderV1, type SnapshotV1, type Subjects, type TableEventV1, type WorldEventKind, type WorldEventV1,
} from '@chronicle/contracts';
import { clockOptions, ConcurrentMove, InvalidGame, nextChapter, readChapter, Snapshot, UnknownTable, type Json, type Outcome } from '@chronicle/engine';
import type { GameRegistry } from '@chronicle/games';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { DueIndex } from '../schedule/due-index';

export interface WorldKeeperOptions {
  /** How long to wait for the snapshot service to reach a chapter's final revision. */
  snapshotWaitMs: number;
  log(message: string): void;
}

/**
 * Follows each table's lifecycle for the index (its clock when it opens, no more ticks once
 * it is finished or quarantined) and each world from chapter to chapter: when a chapter's
 * table ends with an outcome that continues, it opens the next chapter from the final state
 * at once, and it announces every chapter and the world's end on `worlds.<world>`.
 */
export class WorldKeeper {
  constructor(
    private readonly index: DueIndex,
    private readonly logClient: LogClient,
    private readonly requests: RequestClient,
    private readonly games: GameRegistry,
    private readonly js: JetStreamClient,
    private readonly subjects: Subjects,
    private readonly options: WorldKeeperOptions,
  ) {}

  async onTableEvent(event: TableEventV1): Promise<void> {
    const now = Date.now();
    switch (event.kind) {
      case 'opened':
        this.index.opened(event.tableId, event.options, now, { id: event.gameId, rulesVersion: event.rulesVersion });
        await this.announce(event, 'chapter-opened');
        return;
      case 'finished':
        this.index.stopped(event.tableId, 'finished', now, now);
        if (event.outcome?.continues) await this.openNextChapter(event);
        else await this.announce(event, 'finished', event.outcome ?? undefined);
        return;
      case 'quarantined':
        this.index.stopped(event.tableId, 'quarantined', Date.parse(event.recordedAt), now);
        return;
      case 'released':
        this.index.released(event.tableId, Date.parse(event.recordedAt), now);
        // A chapter that ended while quarantined could not hand its world on: it does now.
        if ((await this.logClient.header({ tableId: event.tableId })).outcome?.continues) await this.openNextChapter(event);
        return;
      default:
        // Kinds this service does not know are other services' business.
        return;
    }
  }

  /**
   * The turn length (game ms) a recorded move of the table set, if it changed it (the game
   * says: `clock.turnLengthSetBy`). A table whose opening this replica has not seen is read
   * from the log once; a game or rules version this build does not run changes nothing.
   */
  async turnLengthSetBy(tableId: string, payload: Json): Promise<number | undefined> {
    let game = this.index.get(tableId)?.game;
    if (!game) {
      try {
        const header = await this.logClient.header({ tableId });
        game = { id: header.gameId, rulesVersion: header.rulesVersion };
        this.index.opened(tableId, header.options, Date.now(), game);
      } catch (error) {
        if (error instanceof UnknownTable) return undefined;
        throw error;
      }
    }
    try {
      return this.games.forTable(tableId, game.id, game.rulesVersion).clock?.turnLengthSetBy?.(payload);
    } catch (error) {
      if (error instanceof InvalidGame) return undefined;
      throw error;
    }
  }

  /** Opens the chapter that follows `ended`; opening it twice (a redelivery, a second replica) is harmless. */
  private async openNextChapter(ended: TableEventV1): Promise<void> {
    const header = await this.logClient.header({ tableId: ended.tableId });
    const game = this.games.forTable(header.tableId, header.gameId, header.rulesVersion);
    const reply = await this.requests.request<SnapshotV1>(
      SnapshotSubjects.get, { v: 1, tableId: header.tableId, minRevision: header.revision, waitMs: this.options.snapshotWaitMs },
    );
    if (reply.quarantined) {
      throw new PermanentFailure(`chapter ${header.tableId} is quarantined (${reply.quarantined}): its next chapter cannot start from a state nobody can trust`);
    }
    const state = Snapshot.fromArray(decodeSnapshot(reply.snapshot), {
      tableId: header.tableId, commitment: header.commitment, revision: header.revision,
    }).restore(game);
    const next = nextChapter(game, header, state);
    // The chapter goes on at the pace its world runs now (a turn term changed since the first chapter opened).
    const clock = this.index.clockOf(header.tableId);
    const options = next.options?.clock !== undefined && clock ? { ...next.options, ...clockOptions(clock) } : next.options ?? {};
    try {
      await this.logClient.open({ tableId: next.tableId, gameId: next.gameId, seats: [...next.seats], options });
      this.options.log(`world ${readChapter(next.options ?? {})?.world}: chapter ${header.tableId} ended at revision ${header.revision}; opened ${next.tableId}`);
    } catch (error) {
      if (!(error instanceof ConcurrentMove) || !(await this.follows(next.tableId, header))) throw error;
    }
  }

  /** Whether the table already open under `tableId` is the chapter after `ended` (opened before a redelivery). */
  private async follows(tableId: string, ended: HeaderV1): Promise<boolean> {
    const existing = await this.logClient.header({ tableId });
    return readChapter(existing.options)?.previous?.tableId === ended.tableId;
  }

  private async announce(event: TableEventV1, kind: WorldEventKind, outcome?: Outcome): Promise<void> {
    const chapter = readChapter(event.options);
    if (!chapter) return;
    const message: WorldEventV1 = {
      v: 1, kind, worldId: chapter.world, chapter: chapter.number, tableId: event.tableId, commitment: event.commitment,
      previousTableId: chapter.previous?.tableId ?? null, ...(outcome ? { outcome } : {}), recordedAt: new Date().toISOString(),
    };
    await this.js.publish(this.subjects.of(EventSubjects.worlds(chapter.world)), JSON.stringify(message), {
      msgID: worldEventMsgId(chapter.world, chapter.number, kind),
    });
  }
}

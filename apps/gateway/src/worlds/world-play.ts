import type { RequestClient } from '@chronicle/bus';
import {
  CHAPTER_CLOSED, ExecutorSubjects, issueSeatToken, type IntentOutcomeV1, type SubmitIntentV1,
} from '@chronicle/contracts';
import type { Json } from '@chronicle/engine';
import { HttpStatus } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { notFound, Refusal } from '../http/refusals';
import type { WorldDirectory, WorldInPlay } from './world-directory';

/** What became of an intent addressed to a world, as the API answers it. */
export interface WorldOutcome {
  worldId: string;
  /** The caller's idempotency key. */
  key: string;
  status: IntentOutcomeV1['status'];
  /** The chapter's table that decided it (or holds it, pending). */
  tableId: string;
  revision: number | null;
  /**
   * For a client's own check of its moves (libs/contracts `OwnMoves`: the move's inclusion in
   * the log's checkpoints): the log entry it became (`seq`, once accepted), the seat it was
   * sent for and the move as the log keeps it.
   */
  seq: number | null;
  seat: string;
  move: Json;
  code: string | null;
  reason: string | null;
  /** Where to ask again while it is pending. */
  follow: string;
}

export interface WorldPlayOptions {
  /** How long a seat proof the gateway issues holds (it is issued again as needed). */
  proofTtlMs: number;
  /** How long to wait for a world's next chapter when an intent met the end of one. */
  nextChapterWaitMs: number;
}

/** A seat's name in every world: one per account (the legacy's one general per account). */
export const seatOf = (accountId: string): string => `p-${accountId}`;

/**
 * Intents addressed to a world: each goes to the chapter in play when it is sent; one that
 * met a chapter's end (`CHAPTER_CLOSED`: not the game's judgement) is sent again, under the
 * same key, to the chapter after it. The gateway signs the seat proof the executors check.
 */
export class WorldPlay {
  /** The revision of each seat's last accepted move, by table: its reads wait for it (read your writes). */
  private readonly written = new Map<string, number>();
  /** Who hears of each outcome the gateway learns (the account's live streams). */
  private readonly listeners = new Set<(accountId: string, outcome: WorldOutcome) => void>();

  constructor(
    private readonly db: DataSource,
    private readonly directory: WorldDirectory,
    private readonly requests: RequestClient,
    private readonly gatewayKey: KeyObject,
    private readonly options: WorldPlayOptions,
  ) {}

  /** A world the scheduler announced, in play or finished (its last chapter can still be read). */
  known(worldId: string): WorldInPlay {
    const world = this.directory.get(worldId);
    if (!world) throw notFound(`존재하지 않는 세계입니다 (no world ${worldId}: GET /api/v1/worlds lists them)`);
    return world;
  }

  inPlay(worldId: string): WorldInPlay {
    const world = this.known(worldId);
    if (world.finished) throw new Refusal(HttpStatus.CONFLICT, 'WORLD_FINISHED', `이미 끝난 세계입니다 (world ${worldId} is over)`);
    return world;
  }

  /** The seat an account holds in a world, if it joined. */
  async seat(worldId: string, accountId: string): Promise<string | undefined> {
    const rows = await this.db.query<Array<{ seat: string }>>('SELECT seat FROM world_seats WHERE world_id = $1 AND account_id = $2', [worldId, accountId]);
    return rows[0]?.seat;
  }

  async seatOrRefuse(worldId: string, accountId: string): Promise<string> {
    const seat = await this.seat(worldId, accountId);
    if (!seat) throw new Refusal(HttpStatus.FORBIDDEN, 'NOT_JOINED', `등록된 장수가 없습니다 (join world ${worldId} first: POST /api/v1/worlds/${worldId}/join)`);
    return seat;
  }

  proof(worldId: string, seat: string): { token: string; expiresAt: Date } {
    const expiresAt = new Date(Date.now() + this.options.proofTtlMs);
    return { token: issueSeatToken(this.gatewayKey, { world: worldId, seat, expiresAt }), expiresAt };
  }

  /** Joins a world with a joining move (`createGeneral` or `possess`); the seat is recorded once the move is accepted. */
  async join(worldId: string, accountId: string, key: string, move: Json, waitMs: number): Promise<WorldOutcome> {
    this.inPlay(worldId);
    const seat = seatOf(accountId);
    return this.seated(worldId, accountId, move, await this.submit(worldId, accountId, seat, key, move, waitMs));
  }

  /** A joining move once accepted (at once, or asked for later while it was pending) records the seat. */
  private async seated(worldId: string, accountId: string, move: Json, outcome: WorldOutcome): Promise<WorldOutcome> {
    const type = (move as { type?: unknown }).type;
    if (outcome.status === 'accepted' && (type === 'createGeneral' || type === 'possess')) {
      await this.db.query(
        'INSERT INTO world_seats (world_id, account_id, seat, joined_at) VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING',
        [worldId, accountId, seatOf(accountId)],
      );
    }
    return outcome;
  }

  /** Sends a move for the account's seat in a world, and waits up to `waitMs` for its outcome. */
  async submit(worldId: string, accountId: string, seat: string, key: string, move: Json, waitMs: number): Promise<WorldOutcome> {
    const world = this.inPlay(worldId);
    const intentKey = wireKey(accountId, key);
    const recorded = await this.db.query<Array<{ table_id: string }>>(
      `INSERT INTO world_intents (world_id, intent_key, account_id, table_id, payload, created_at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (world_id, intent_key) DO UPDATE SET world_id = EXCLUDED.world_id RETURNING table_id`,
      [worldId, intentKey, accountId, world.tableId, JSON.stringify(move)],
    );
    // A key sent before stays with the chapter it went to (its outcome is there).
    let tableId = recorded[0]!.table_id;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const outcome = await this.requests.request<IntentOutcomeV1>(ExecutorSubjects.submitIntent, {
        v: 1, tableId, intentKey, seat, kind: 'move', payload: move, waitMs: Math.max(0, deadline - Date.now()),
        seatToken: this.proof(worldId, seat).token,
      } satisfies SubmitIntentV1, waitMs + 5_000);
      if (outcome.status !== 'refused' || outcome.code !== CHAPTER_CLOSED) return this.answer(worldId, key, outcome, seat, move, accountId);
      const next = await this.directory.after(worldId, tableId, this.options.nextChapterWaitMs);
      if (!next) {
        // The next chapter is late: the intent waits for it (asked for again, it is carried then).
        return this.answer(worldId, key, { ...outcome, status: 'pending', code: null, reason: null, revision: null, seq: null }, seat, move);
      }
      tableId = next.tableId;
      await this.db.query('UPDATE world_intents SET table_id = $3 WHERE world_id = $1 AND intent_key = $2', [worldId, intentKey, tableId]);
    }
  }

  /**
   * The outcome of an intent the account addressed to a world (carried on if its chapter
   * closed under it); a pending join is followed here too, before the account has a seat.
   */
  async outcome(worldId: string, accountId: string, key: string, waitMs: number): Promise<WorldOutcome> {
    const seat = seatOf(accountId);
    const intentKey = wireKey(accountId, key);
    const rows = await this.db.query<Array<{ table_id: string; payload: Json }>>(
      'SELECT table_id, payload FROM world_intents WHERE world_id = $1 AND intent_key = $2 AND account_id = $3', [worldId, intentKey, accountId],
    );
    if (!rows[0]) throw notFound(`no intent ${key} of yours in world ${worldId}`);
    const outcome = await this.requests.request<IntentOutcomeV1>(ExecutorSubjects.intentOutcome, {
      v: 1, tableId: rows[0].table_id, intentKey, waitMs,
    }, waitMs + 5_000);
    // Its chapter closed under it: send it on to the chapter in play (the same key: at most once).
    const decided = outcome.status === 'refused' && outcome.code === CHAPTER_CLOSED
      ? await this.submit(worldId, accountId, seat, key, rows[0].payload, waitMs)
      : this.answer(worldId, key, outcome, seat, rows[0].payload, accountId);
    return this.seated(worldId, accountId, rows[0].payload, decided);
  }

  /** Hears every decided outcome of an account's intent (accepted or refused, not pending); returns how to stop. */
  onOutcome(listener: (accountId: string, outcome: WorldOutcome) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The revision of the seat's last accepted move at the table (0: none through this gateway). */
  lastWrite(tableId: string, seat: string): number {
    return this.written.get(`${tableId} ${seat}`) ?? 0;
  }

  /** An executor's outcome as the API answers it; `accountId`, when given, hears of it (its live streams) and reads its writes. */
  private answer(worldId: string, key: string, outcome: IntentOutcomeV1, seat: string, move: Json, accountId?: string): WorldOutcome {
    if (accountId !== undefined && outcome.status === 'accepted' && outcome.revision !== null) {
      const at = `${outcome.tableId} ${seat}`;
      if (this.written.size >= 100_000) this.written.clear(); // a bound, not a cache policy: a read may then wait less
      this.written.set(at, Math.max(outcome.revision, this.written.get(at) ?? 0));
    }
    const answered: WorldOutcome = {
      worldId, key, status: outcome.status, tableId: outcome.tableId, revision: outcome.revision, seq: outcome.seq, seat, move,
      code: outcome.code, reason: outcome.reason, follow: `/api/v1/worlds/${worldId}/intents/${key}`,
    };
    if (accountId !== undefined && outcome.status !== 'pending') for (const listener of this.listeners) listener(accountId, answered);
    return answered;
  }
}

/** The executors' intent key: the account's, so that two accounts' keys never meet. */
function wireKey(accountId: string, key: string): string {
  return `${accountId.replace(/-/g, '')}-${key}`;
}

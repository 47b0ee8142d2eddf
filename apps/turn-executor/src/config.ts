import { ServiceConfig, TrustKeyUnless } from '@chronicle/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { hostname } from 'node:os';

/** A replica id from the host name and pid: one subject token. */
function defaultExecutorId(): string {
  return `${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(-64);
}

export class TurnExecutorConfig extends ServiceConfig {
  /** Opens the seeds the log service hands over sealed; the same key as the other trusted services'. */
  @Matches(/^[0-9a-f]{64}$/, { message: 'CHRONICLE_SEED_KEY must be 64 lowercase hex digits, shared with the log and snapshot services' })
  CHRONICLE_SEED_KEY = '';
  /**
   * The gateway's Ed25519 public key (64 hex digits): every intent needs a seat token it
   * signed, and acts only for the token's seat (contracts, "Who acts for a seat"). Required:
   * a deployment without a gateway says so with CHRONICLE_TRUST_NAMED_SEATS=true.
   */
  @TrustKeyUnless('CHRONICLE_TRUST_NAMED_SEATS', "the gateway's Ed25519 public key, which signs players' seat tokens")
  CHRONICLE_GATEWAY_PUBLIC_KEY = '';
  /**
   * `true` takes the seat an intent names, as sent, with no token (tests, the all-in-one
   * `npm start`, a deployment whose every submitter is trusted); logged at start.
   */
  @IsIn(['true', 'false']) CHRONICLE_TRUST_NAMED_SEATS = 'false';
  /**
   * The snapshot service's Ed25519 public key (64 hex digits, printed by it at start): a
   * quarantine notice not signed with it is ignored and logged. Empty checks subject and
   * message id only (logged at start).
   */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_SNAPSHOT_PUBLIC_KEY must be empty or 64 lowercase hex digits' })
  CHRONICLE_SNAPSHOT_PUBLIC_KEY = '';
  /** This replica's name in leases and forwarded work (one subject token); host name and pid by default. */
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'EXECUTOR_ID must be 1 to 64 letters, digits, "_" or "-"' })
  EXECUTOR_ID = defaultExecutorId();
  /** A lease (and a member) not renewed for this long is taken over; renewed every third of it. */
  @Type(() => Number) @IsInt() @Min(500) @Max(120_000) LEASE_TTL_MS = 5_000;
  /** Units of work (strategy game: general turns) one advance move may carry; a tick appends until caught up. */
  @Type(() => Number) @IsInt() @Min(1) @Max(10_000_000) ADVANCE_BUDGET = 2_000;
  /** Table states kept in memory (least recently used go first; they come back from the snapshot service or the log). */
  @Type(() => Number) @IsInt() @Min(1) TABLE_CACHE_SIZE = 200;
  /** Ticks and intents handled at once by this replica (one table's work always one at a time). */
  @Type(() => Number) @IsInt() @Min(1) @Max(1_000) WORK_CONCURRENCY = 32;
  /**
   * A move records the state hash (which the snapshot service's replay checks) when its
   * table's last hashed move is at least this old, and always when it ends the table; 0
   * hashes every move. A strategy world's hash costs ~40 ms where a general's turn costs
   * ~0.2 ms, so hashing every move of a world ticked at each general's turn was most of the
   * work, and the snapshot service checks every hash recorded (see the README's profile).
   */
  @Type(() => Number) @IsInt() @Min(0) STATE_HASH_EVERY_MS = 10_000;
  /** Requests to the log and snapshot services. */
  @Type(() => Number) @IsInt() @Min(100) REQUEST_TIMEOUT_MS = 10_000;
  /** How long a replica waits for the lease holder to finish work it handed over. */
  @Type(() => Number) @IsInt() @Min(100) FORWARD_TIMEOUT_MS = 30_000;
  /** Create/update streams, consumers and buckets at start; deployments run `provision.ts` as a step instead. */
  @IsIn(['true', 'false']) NATS_PROVISION = 'false';
  /** Crash tests only: wait this long between computing an advance and appending it. */
  @Type(() => Number) @IsInt() @Min(0) FAULT_PAUSE_BEFORE_APPEND_MS = 0;
}

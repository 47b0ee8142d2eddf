/**
 * Subjects and stream names. Code names subjects *logically* (`log.v1.append`,
 * `moves.t1`); a {@link Subjects} instance puts the deployment's prefix in front, so that
 * parallel test runs (and several deployments on one NATS server) never collide.
 * Nest handlers are declared with logical patterns; the bus transport prefixes them.
 */

/** A prefix is one subject token that is also valid in a stream name. */
const PREFIX_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** A table id is one subject token: no dots, no wildcards, no spaces. */
export const TABLE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Request subjects of the log service (request/reply over core NATS, queue group `log-service`). */
export const LogSubjects = {
  open: 'log.v1.open',
  append: 'log.v1.append',
  /** Several appends in one request (`AppendManyV1`), each answered as if it came alone. */
  appendMany: 'log.v1.append-many',
  undo: 'log.v1.undo',
  read: 'log.v1.read',
  header: 'log.v1.header',
  finishedLog: 'log.v1.finished-log',
  finishedHeader: 'log.v1.finished-header',
  /** `read` for anyone: a finished table's moves only (a table in play is `FORBIDDEN`). */
  finishedRead: 'log.v1.finished-read',
  commitment: 'log.v1.commitment',
  entryByKey: 'log.v1.entry-by-key',
  /** A page of a table's entry tree: its signed checkpoint, leaf hashes and undos (`TreeRequestV1` → `TreePageV1`). Public. */
  tree: 'log.v1.tree',
  /** That an entry is in a table's tree at a checkpoint's size (`InclusionProofRequestV1` → `InclusionProofV1`). Public. */
  inclusionProof: 'log.v1.inclusion-proof',
  /** That a later checkpoint's tree extends an earlier one's (`ConsistencyProofRequestV1` → `ConsistencyProofV1`). Public. */
  consistencyProof: 'log.v1.consistency-proof',
  /** A chunk of a document a table's options name by reference (`PutDocumentChunkV1` → `DocumentStoredV1`). Operators. */
  putDocument: 'log.v1.put-document',
  /** A chunk of a stored document (`DocumentChunkRequestV1` → `DocumentChunkV1`). Trusted services and operators. */
  document: 'log.v1.document',
} as const;
export type LogSubject = (typeof LogSubjects)[keyof typeof LogSubjects];

/** Event subjects (JetStream). Payloads: `MoveEventV1` on moves, `TableEventV1` on tables. */
export const EventSubjects = {
  moves: (tableId: string): string => `moves.${checkTableId(tableId)}`,
  allMoves: 'moves.>',
  /** What anyone may know of each entry (`PublicMoveEventV1`), published by the snapshot service. */
  publicMoves: (tableId: string): string => `public.moves.${checkTableId(tableId)}`,
  allPublicMoves: 'public.moves.>',
  tables: (tableId: string): string => `tables.${checkTableId(tableId)}`,
  allTables: 'tables.>',
  /** Work for the turn executors (`TickV1`): a table has something due. */
  ticks: (tableId: string): string => `ticks.${checkTableId(tableId)}`,
  allTicks: 'ticks.>',
  /** Player intents accepted at the door (`IntentV1`), for the turn executors. */
  intents: (tableId: string): string => `intents.${checkTableId(tableId)}`,
  allIntents: 'intents.>',
  /** A world's chapters and end (`WorldEventV1`), published by the scheduler. */
  worlds: (worldId: string): string => `worlds.${checkTableId(worldId)}`,
  allWorlds: 'worlds.>',
  /** Where a consumer puts what it could not handle: `DeadLetterV1`. */
  deadLetters: (consumer: string): string => `dead.${consumer}`,
  allDeadLetters: 'dead.>',
  /** The operators' audit trail (`AuditEntryV1`) of a world, or of a table in no world. */
  audit: (worldOrTable: string): string => `audit.${checkTableId(worldOrTable)}`,
  allAudit: 'audit.>',
} as const;

/**
 * Request subjects of the turn executors (queue group `turn-executor`): players submit
 * intents and ask what became of them.
 */
export const ExecutorSubjects = {
  submitIntent: 'executor.v1.submit-intent',
  intentOutcome: 'executor.v1.intent-outcome',
} as const;

/**
 * Between executor replicas only: a replica that pulled work for a table whose lease
 * another replica holds hands it to the holder (payload `TickV1` / `IntentV1`, reply
 * `{ data: null }` once the holder's append is durable).
 */
export const ExecutorWorkSubjects = {
  forwardTick: (executorId: string): string => `executor.v1.forward-tick.${checkTableId(executorId)}`,
  forwardIntent: (executorId: string): string => `executor.v1.forward-intent.${checkTableId(executorId)}`,
} as const;

/** Streams by role; the stream's name is `<prefix>_<role>`. TICKS and INTENTS are work queues. */
export const StreamRoles = {
  moves: 'MOVES', publicMoves: 'PUBLIC', tables: 'TABLES', deadLetters: 'DEAD', ticks: 'TICKS', intents: 'INTENTS', worlds: 'WORLDS', audit: 'AUDIT',
} as const;

/** KV buckets by local name; the bucket is `<prefix>_<name>` (`Subjects.name`). */
export const BucketNames = {
  /** Executor membership and per-table leases (see apps/turn-executor). */
  executorLeases: 'executor_leases',
  /** Intent outcomes by `<table>.<intentKey>` (`IntentOutcomeV1`). */
  intentOutcomes: 'intent_outcomes',
  /** The scheduler's due-time index, one entry per table (see apps/scheduler). */
  schedule: 'schedule',
  /** The operators' notices in force, one entry per world (`NoticeV1`; see apps/scheduler). */
  notices: 'notices',
} as const;
export type StreamRole = (typeof StreamRoles)[keyof typeof StreamRoles];

export class Subjects {
  constructor(readonly prefix: string) {
    if (!PREFIX_PATTERN.test(prefix)) {
      throw new Error(`subject prefix ${JSON.stringify(prefix)} must be 1 to 32 letters, digits, "_" or "-"`);
    }
  }

  /** The wire subject of a logical one: `log.v1.append` → `<prefix>.log.v1.append`. */
  of(logical: string): string {
    return `${this.prefix}.${logical}`;
  }

  /** The logical subject of a wire one, or undefined when it is not under this prefix. */
  logical(wire: string): string | undefined {
    return wire.startsWith(`${this.prefix}.`) ? wire.slice(this.prefix.length + 1) : undefined;
  }

  stream(role: StreamRole | string): string {
    return `${this.prefix}_${role}`;
  }

  /** A durable consumer or bucket name owned by this deployment. */
  name(local: string): string {
    return `${this.prefix}_${local}`;
  }
}

export function isTableId(value: unknown): value is string {
  return typeof value === 'string' && TABLE_ID_PATTERN.test(value);
}

function checkTableId(tableId: string): string {
  if (!isTableId(tableId)) {
    throw new Error(`table id ${JSON.stringify(tableId)} must be 1 to 64 letters, digits, "_" or "-" (it is a subject token)`);
  }
  return tableId;
}

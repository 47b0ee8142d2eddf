import { EventSubjects, StreamRoles, type Subjects } from '@chronicle/contracts';
import { Kvm } from '@nats-io/kv';
import {
  DiscardPolicy, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType, jetstreamManager,
  type ConsumerInfo, type JetStreamManager, type StreamConfig,
} from '@nats-io/jetstream';
import { RequestError, TimeoutError, type NatsConnection } from '@nats-io/nats-core';

/**
 * Streams, consumers and KV buckets as code. Names and subjects here are *local*
 * (`MOVES`, `moves.>`); {@link provision} and the transport put the deployment prefix in
 * front, so that parallel test runs never share a stream.
 */
/**
 * How much of the cluster a stream or bucket takes. These belong to the deployment, not to
 * the code: {@link withLimits} applies what the operator configured.
 */
export interface StorageLimits {
  /** Copies kept by the cluster: 1, 3 or 5 (more than 1 needs a JetStream cluster). */
  replicas?: number;
  /** 0 keeps messages until another limit is hit (a bucket's TTL is its `ttlMs`). */
  maxAgeMs?: number;
  /** -1: no size limit. */
  maxBytes?: number;
  /**
   * What a full stream does: `old` drops its oldest messages, `new` refuses the write.
   * Streams default to `old`, buckets to `new` (a bucket losing its oldest keys silently
   * would be worse than a refused put).
   */
  discard?: 'old' | 'new';
}

export interface StreamDefinition extends StorageLimits {
  /** Role, e.g. `MOVES`; the stream is `<prefix>_<role>`. */
  role: string;
  /** Logical subjects, e.g. `moves.>`. */
  subjects: string[];
  retention?: 'limits' | 'workqueue';
  /** Window in which a repeated `Nats-Msg-Id` is dropped. */
  duplicateWindowMs?: number;
}

/** A durable pull consumer, and how the transport treats what it delivers. */
export interface ConsumerDefinition {
  /** Role of the stream it reads. */
  stream: string;
  /** Local durable name; the consumer is `<prefix>_<durable>`. Replicas share it. */
  durable: string;
  /** Logical filter subject; also the `@EventPattern` the handler is declared with. */
  filter: string;
  /** Deliveries before the message is dead-lettered (and the consumer stops redelivering it). */
  maxDeliver: number;
  /** How long a delivery may stay unacknowledged before the server redelivers it. */
  ackWaitMs: number;
  /** Delay before the n-th redelivery after a transient failure (the last repeats). */
  backoffMs: number[];
  /**
   * Messages the transport handles at once (default 1): those of different subjects run side
   * by side, those of one subject in stream order. Handlers must then serialize what they
   * share beyond a subject themselves.
   */
  concurrency?: number;
}

/** A KV bucket. Server 2.9 has no stream compression: compress values before putting them. */
export interface BucketDefinition extends Omit<StorageLimits, 'maxAgeMs'> {
  /** Local name; the bucket is `<prefix>_<name>`. */
  name: string;
  history?: number;
  /** Bucket-wide TTL (the 2.9 server ignores per-key TTLs). 0 = none. */
  ttlMs?: number;
  maxValueBytes?: number;
}

export interface Topology {
  streams: StreamDefinition[];
  consumers: ConsumerDefinition[];
  buckets: BucketDefinition[];
}

/** The streams the log service publishes to and every consumer reads from. */
export function coreStreams(): StreamDefinition[] {
  return [
    { role: StreamRoles.moves, subjects: [EventSubjects.allMoves], duplicateWindowMs: 2 * 60_000 },
    { role: StreamRoles.tables, subjects: [EventSubjects.allTables], duplicateWindowMs: 2 * 60_000 },
    { role: StreamRoles.deadLetters, subjects: [EventSubjects.allDeadLetters], duplicateWindowMs: 2 * 60_000 },
  ];
}

/** A world's chapters and end (`worlds.<world>`): the scheduler publishes them, the gateway follows them; each provisions it. */
export function worldsStream(): StreamDefinition {
  return { role: StreamRoles.worlds, subjects: [EventSubjects.allWorlds], duplicateWindowMs: 2 * 60_000 };
}

/**
 * What anyone may know of each log entry (`public.moves.<table>`): written by the snapshot
 * service, read by outsiders. The duplicate window makes an entry told twice (after a
 * restart) count once.
 */
export function publicMovesStream(): StreamDefinition {
  return { role: StreamRoles.publicMoves, subjects: [EventSubjects.allPublicMoves], duplicateWindowMs: 2 * 60_000 };
}

/**
 * The ticks stream, the executors' work queue: the scheduler publishes to it and the
 * executors consume it, and each provisions it (either may start first) from this one
 * definition. The duplicate window is what makes a tick's id (`<table>:<dueAt>`) count once.
 */
export function ticksStream(): StreamDefinition {
  return { role: StreamRoles.ticks, subjects: [EventSubjects.allTicks], retention: 'workqueue', duplicateWindowMs: 2 * 60_000 };
}

/**
 * The ack wait of every consumer: how long a delivery held by a process that died stays
 * with it before the server hands it to another (or to the restarted one). It is short so
 * that a crash stalls a world for seconds, not a minute; a handler that takes longer keeps
 * its delivery with in-progress acks (see `JetStreamServer`), so it bounds no handler.
 */
const ACK_WAIT_MS = 3_000;

/** A consumer with the defaults most services want: 5 deliveries, a 3 s ack wait, 1/5/15 s backoff. */
export function consumer(stream: string, durable: string, filter: string, overrides: Partial<ConsumerDefinition> = {}): ConsumerDefinition {
  return { stream, durable, filter, maxDeliver: 5, ackWaitMs: ACK_WAIT_MS, backoffMs: [1_000, 5_000, 15_000], ...overrides };
}

/**
 * The operator's limits: `replicas` for every stream and bucket, then `byName` per stream
 * role or bucket name (a bucket's `maxAgeMs` is its TTL). Each service provisions its own
 * part of the topology, so names of other services' streams and buckets are passed over.
 */
export interface TopologyLimits {
  replicas?: number;
  byName?: Record<string, StorageLimits>;
}

export function withLimits(topology: Topology, limits: TopologyLimits): Topology {
  const byName = limits.byName ?? {};
  const common = limits.replicas === undefined ? {} : { replicas: limits.replicas };
  return {
    ...topology,
    streams: topology.streams.map((s) => ({ ...s, ...common, ...byName[s.role] })),
    buckets: topology.buckets.map((b) => {
      const { maxAgeMs, ...rest } = byName[b.name] ?? {};
      return { ...b, ...common, ...rest, ...(maxAgeMs === undefined ? {} : { ttlMs: maxAgeMs }) };
    }),
  };
}

export interface ProvisionReport {
  created: string[];
  updated: string[];
  unchanged: string[];
}

const ns = (ms: number): number => ms * 1_000_000;

/**
 * Creates what is missing and updates what differs; running it twice changes nothing.
 * Run it as a deployment step (or from tests), not on every start: a service that finds
 * its consumer missing says so instead of inventing one.
 */
export async function provision(nc: NatsConnection, subjects: Subjects, topology: Topology): Promise<ProvisionReport> {
  checkReplicable(nc, subjects, topology);
  // A deployment step, not a hot path: on a cluster, a stream placed a moment ago may still
  // be electing its leader, and the client's default 5 s per API request failed such a
  // step (seen on a loaded machine) that a little patience lets through.
  const jsm = await jetstreamManager(nc, { timeout: 30_000 });
  const report: ProvisionReport = { created: [], updated: [], unchanged: [] };
  for (const stream of topology.streams) await provisionStream(jsm, subjects, stream, report);
  for (const definition of topology.consumers) await provisionConsumer(jsm, subjects, definition, report);
  for (const bucket of topology.buckets) await provisionBucket(nc, jsm, subjects, bucket, report);
  return report;
}

async function provisionStream(jsm: JetStreamManager, subjects: Subjects, def: StreamDefinition, report: ProvisionReport): Promise<void> {
  const name = subjects.stream(def.role);
  const desired = {
    subjects: def.subjects.map((s) => subjects.of(s)),
    duplicate_window: ns(def.duplicateWindowMs ?? 2 * 60_000),
    ...limitsConfig(def, def.maxAgeMs ?? 0, 'old'),
  };
  const existing = await streamInfo(jsm, name);
  if (!existing) {
    await withResourceHints(name, desired, () => jsm.streams.add({
      name,
      ...desired,
      retention: def.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      storage: StorageType.File,
    }));
    report.created.push(`stream ${name}`);
    return;
  }
  await reconcile(jsm, name, `stream ${name}`, existing.config, desired, report);
}

/** The stream settings of a definition's limits (`maxAgeMs` is passed: a bucket calls it TTL). */
function limitsConfig(def: StorageLimits, maxAgeMs: number, discard: 'old' | 'new') {
  return {
    max_age: ns(maxAgeMs),
    max_bytes: def.maxBytes ?? -1,
    num_replicas: def.replicas ?? 1,
    discard: (def.discard ?? discard) === 'new' ? DiscardPolicy.New : DiscardPolicy.Old,
  };
}

/** Updates the stream where it differs from `desired` (every field compared as JSON). */
async function reconcile(
  jsm: JetStreamManager, stream: string, label: string, current: StreamConfig, desired: Partial<StreamConfig>, report: ProvisionReport,
  created = false,
): Promise<void> {
  const differs = Object.entries(desired).some(([key, value]) => JSON.stringify(current[key as keyof StreamConfig]) !== JSON.stringify(value));
  if (differs) await withResourceHints(stream, desired, () => jsm.streams.update(stream, { ...current, ...desired }));
  if (created) report.created.push(label);
  else (differs ? report.updated : report.unchanged).push(label);
}

/** More replicas were asked for than the JetStream servers can hold (a single server holds one). */
export class ClusterRequired extends Error {
  constructor(readonly stream: string, readonly replicas: number, cause: unknown) {
    super(`stream ${stream} at ${replicas} replicas needs a JetStream cluster of at least ${replicas} servers `
      + `(the server said: ${String(cause)})`, { cause });
    this.name = 'ClusterRequired';
  }
}

/** The servers cannot set aside the storage a stream's `maxBytes` asks for. */
export class StorageUnavailable extends Error {
  constructor(readonly stream: string, readonly maxBytes: number, cause: unknown) {
    super(`stream ${stream} asks for ${maxBytes} bytes (maxBytes) that the JetStream servers cannot set aside: `
      + `lower it, or give JetStream more storage (max_file_store) (the server said: ${String(cause)})`, { cause });
    this.name = 'StorageUnavailable';
  }
}

/** A create or update asking for more copies or more storage than the servers have fails with a type that says which. */
async function withResourceHints<T>(stream: string, desired: Partial<StreamConfig>, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const replicas = desired.num_replicas ?? 1;
    if (replicas > 1 && /replicas|cluster|insufficient resources|suitable peers/i.test(String(error))) throw new ClusterRequired(stream, replicas, error);
    if ((desired.max_bytes ?? -1) > 0 && /insufficient storage/i.test(String(error))) throw new StorageUnavailable(stream, desired.max_bytes!, error);
    throw error;
  }
}

/**
 * A single server refuses a new replicated stream but accepts more replicas on an update
 * (2.9 records them and keeps one copy), so replication is refused before anything changes.
 */
function checkReplicable(nc: NatsConnection, subjects: Subjects, topology: Topology): void {
  const replicated = [
    ...topology.streams.map((s) => ({ stream: subjects.stream(s.role), replicas: s.replicas ?? 1 })),
    ...topology.buckets.map((b) => ({ stream: `KV_${subjects.name(b.name)}`, replicas: b.replicas ?? 1 })),
  ].find((r) => r.replicas > 1);
  if (replicated && !nc.info?.cluster) throw new ClusterRequired(replicated.stream, replicated.replicas, `${nc.getServer()} is not part of a cluster`);
}

/**
 * The consumer's info, or undefined when it does not exist. Right after its stream changed
 * replicas the cluster elects the stream's leader again and the API does not answer for a
 * moment: a timeout is asked again, a few times, before it counts.
 */
async function consumerInfo(jsm: JetStreamManager, stream: string, durable: string, attempts = 5): Promise<ConsumerInfo | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await jsm.consumers.info(stream, durable);
    } catch (error) {
      if (isApiError(error, JetStreamApiCodes.ConsumerNotFound)) return undefined;
      const timedOut = error instanceof TimeoutError || (error instanceof RequestError && error.cause instanceof TimeoutError);
      if (!timedOut || attempt >= attempts) throw error;
    }
  }
}

/** What the server keeps of a consumer definition (the delivery settings `provision` also reconciles). */
function consumerSettings(def: ConsumerDefinition) {
  // One delivery more than the transport allows: if a process dies during the last allowed
  // delivery, the extra one lets the transport dead-letter the message instead of the
  // server giving up on it silently.
  return { max_deliver: def.maxDeliver + 1, ack_wait: ns(def.ackWaitMs) };
}

/**
 * Makes a durable consumer again that someone deleted from the server, from stream message
 * `fromSeq` on (where its service stood). Creating it twice (two replicas at once) is
 * harmless: the second finds it there. True when this call made it.
 */
export async function recreateConsumer(jsm: JetStreamManager, subjects: Subjects, def: ConsumerDefinition, fromSeq: number): Promise<boolean> {
  const stream = subjects.stream(def.stream);
  const durable = subjects.name(def.durable);
  if (await consumerInfo(jsm, stream, durable)) return false;
  try {
    await jsm.consumers.add(stream, {
      durable_name: durable, filter_subject: subjects.of(def.filter), ack_policy: 'explicit',
      deliver_policy: 'by_start_sequence', opt_start_seq: Math.max(1, fromSeq), ...consumerSettings(def),
    });
    return true;
  } catch (error) {
    if (await consumerInfo(jsm, stream, durable)) return false;
    throw error;
  }
}

async function provisionConsumer(jsm: JetStreamManager, subjects: Subjects, def: ConsumerDefinition, report: ProvisionReport): Promise<void> {
  const stream = subjects.stream(def.stream);
  const durable = subjects.name(def.durable);
  const settings = consumerSettings(def);
  const info = await consumerInfo(jsm, stream, durable);
  if (!info) {
    await jsm.consumers.add(stream, {
      durable_name: durable,
      filter_subject: subjects.of(def.filter),
      ack_policy: 'explicit',
      deliver_policy: 'all',
      ...settings,
    });
    report.created.push(`consumer ${stream}/${durable}`);
    return;
  }
  if (info.config.filter_subject !== subjects.of(def.filter)) {
    throw new Error(
      `consumer ${stream}/${durable} filters ${info.config.filter_subject}, not ${subjects.of(def.filter)}: `
      + 'a server 2.9 consumer cannot change its filter; delete it (its position is lost) or pick a new durable name',
    );
  }
  if (info.config.max_deliver === settings.max_deliver && info.config.ack_wait === settings.ack_wait) {
    report.unchanged.push(`consumer ${stream}/${durable}`);
    return;
  }
  await jsm.consumers.update(stream, durable, settings);
  report.updated.push(`consumer ${stream}/${durable}`);
}

async function provisionBucket(
  nc: NatsConnection, jsm: JetStreamManager, subjects: Subjects, def: BucketDefinition, report: ProvisionReport,
): Promise<void> {
  const bucket = subjects.name(def.name);
  const stream = `KV_${bucket}`;
  const desired = {
    max_msgs_per_subject: def.history ?? 1,
    max_msg_size: def.maxValueBytes ?? -1,
    ...limitsConfig(def, def.ttlMs ?? 0, 'new'),
  };
  let existing = await streamInfo(jsm, stream);
  const created = !existing;
  if (!existing) {
    // The KV client sets what makes a stream a bucket (subjects, rollups, …); the limits it
    // does not take (discard) are reconciled below like any change.
    await withResourceHints(stream, desired, () => new Kvm(nc).create(bucket, {
      history: desired.max_msgs_per_subject,
      ttl: def.ttlMs ?? 0,
      maxValueSize: desired.max_msg_size,
      max_bytes: desired.max_bytes,
      replicas: desired.num_replicas,
    }));
    existing = await jsm.streams.info(stream);
  }
  await reconcile(jsm, stream, `bucket ${bucket}`, existing.config, desired, report, created);
}

async function streamInfo(jsm: JetStreamManager, name: string) {
  try {
    return await jsm.streams.info(name);
  } catch (error) {
    if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return undefined;
    throw error;
  }
}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

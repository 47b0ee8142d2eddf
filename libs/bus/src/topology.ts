import { EventSubjects, StreamRoles, type Subjects } from '@chronicle/contracts';
import { Kvm } from '@nats-io/kv';
import {
  DiscardPolicy, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType, jetstreamManager,
  type JetStreamManager, type StreamConfig,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';

/**
 * Streams, consumers and KV buckets as code. Names and subjects here are *local*
 * (`MOVES`, `moves.>`); {@link provision} and the transport put the deployment prefix in
 * front, so that parallel test runs never share a stream.
 */
export interface StreamDefinition {
  /** Role, e.g. `MOVES`; the stream is `<prefix>_<role>`. */
  role: string;
  /** Logical subjects, e.g. `moves.>`. */
  subjects: string[];
  retention?: 'limits' | 'workqueue';
  /** Window in which a repeated `Nats-Msg-Id` is dropped. */
  duplicateWindowMs?: number;
  /** 0 keeps messages until a limit is hit. */
  maxAgeMs?: number;
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
}

/** A KV bucket. Server 2.9 has no stream compression: compress values before putting them. */
export interface BucketDefinition {
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

/** A consumer with the defaults most services want: 5 deliveries, 30 s ack wait, 1/5/15 s backoff. */
export function consumer(stream: string, durable: string, filter: string, overrides: Partial<ConsumerDefinition> = {}): ConsumerDefinition {
  return { stream, durable, filter, maxDeliver: 5, ackWaitMs: 30_000, backoffMs: [1_000, 5_000, 15_000], ...overrides };
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
  const jsm = await jetstreamManager(nc);
  const report: ProvisionReport = { created: [], updated: [], unchanged: [] };
  for (const stream of topology.streams) await provisionStream(jsm, subjects, stream, report);
  for (const definition of topology.consumers) await provisionConsumer(jsm, subjects, definition, report);
  for (const bucket of topology.buckets) await provisionBucket(nc, jsm, subjects, bucket, report);
  return report;
}

async function provisionStream(jsm: JetStreamManager, subjects: Subjects, def: StreamDefinition, report: ProvisionReport): Promise<void> {
  const name = subjects.stream(def.role);
  const desired: Partial<StreamConfig> = {
    subjects: def.subjects.map((s) => subjects.of(s)),
    duplicate_window: ns(def.duplicateWindowMs ?? 2 * 60_000),
    max_age: ns(def.maxAgeMs ?? 0),
  };
  const existing = await streamInfo(jsm, name);
  if (!existing) {
    await jsm.streams.add({
      name,
      ...desired,
      retention: def.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
    });
    report.created.push(`stream ${name}`);
    return;
  }
  const c = existing.config;
  const same = JSON.stringify(c.subjects) === JSON.stringify(desired.subjects)
    && c.duplicate_window === desired.duplicate_window && c.max_age === desired.max_age;
  if (same) {
    report.unchanged.push(`stream ${name}`);
    return;
  }
  await jsm.streams.update(name, { ...c, ...desired });
  report.updated.push(`stream ${name}`);
}

async function provisionConsumer(jsm: JetStreamManager, subjects: Subjects, def: ConsumerDefinition, report: ProvisionReport): Promise<void> {
  const stream = subjects.stream(def.stream);
  const durable = subjects.name(def.durable);
  // One delivery more than the transport allows: if a process dies during the last allowed
  // delivery, the extra one lets the transport dead-letter the message instead of the
  // server giving up on it silently.
  const settings = { max_deliver: def.maxDeliver + 1, ack_wait: ns(def.ackWaitMs) };
  let info;
  try {
    info = await jsm.consumers.info(stream, durable);
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
  }
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
  const options = {
    history: def.history ?? 1,
    ttl: def.ttlMs ?? 0,
    maxValueSize: def.maxValueBytes ?? -1,
  };
  const existing = await streamInfo(jsm, stream);
  if (!existing) {
    await new Kvm(nc).create(bucket, options);
    report.created.push(`bucket ${bucket}`);
    return;
  }
  const c = existing.config;
  const desired = { max_msgs_per_subject: options.history, max_age: ns(options.ttl), max_msg_size: options.maxValueSize };
  if (c.max_msgs_per_subject === desired.max_msgs_per_subject && c.max_age === desired.max_age && c.max_msg_size === desired.max_msg_size) {
    report.unchanged.push(`bucket ${bucket}`);
    return;
  }
  await jsm.streams.update(stream, { ...c, ...desired });
  report.updated.push(`bucket ${bucket}`);
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

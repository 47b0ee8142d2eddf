import type { Subjects } from '@chronicle/contracts';
import { asInteger, asNullableString, asObject, asString, InvalidGame, type JsonObject } from '@chronicle/engine';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SNAPSHOT_BUCKET } from '../topology';

/** What the bucket holds for a table: the engine's snapshot plus where in the log it stands. */
export interface StoredSnapshot {
  v: 1;
  gameId: string;
  rulesVersion: string;
  /** The last log entry included. */
  seq: number;
  /** The entry that appended the state's last move: proves the state's history is still the log's. */
  lastMoveSeq: number;
  quarantined: string | null;
  /** `Snapshot.toArray()`. */
  snapshot: JsonObject;
}

export type Loaded =
  | { found: false }
  | { found: true; stored: StoredSnapshot }
  | { found: true; unreadable: InvalidGame }
  | { found: true; forged: InvalidGame };

const MAC_BYTES = 32;

/**
 * The shared snapshot cache: one gzipped JSON value per table in a JetStream KV bucket
 * (server 2.9 does not compress streams itself). Whatever comes back is checked before use:
 * each value carries an HMAC-SHA256 (bound to its table) under a key derived from the seed
 * key that only the trusted services hold, so a value someone else wrote — a well-formed but
 * false state included — is refused and the table rebuilt from the log.
 *
 * Value: MAC (32 bytes) ‖ gzip(JSON of {@link StoredSnapshot}).
 */
export class SnapshotStore {
  private constructor(
    private readonly kv: KV,
    private readonly macKey: Buffer,
  ) {}

  static async open(nc: NatsConnection, subjects: Subjects, seedKey: Buffer): Promise<SnapshotStore> {
    const macKey = createHmac('sha256', seedKey).update('chronicle snapshot mac v1').digest();
    return new SnapshotStore(await new Kvm(nc).open(subjects.name(SNAPSHOT_BUCKET)), macKey);
  }

  async load(tableId: string): Promise<Loaded> {
    const entry = await this.kv.get(tableId);
    if (!entry || entry.operation !== 'PUT') return { found: false };
    const value = Buffer.from(entry.value);
    const mac = value.subarray(0, MAC_BYTES);
    const body = value.subarray(MAC_BYTES);
    if (mac.length !== MAC_BYTES || !timingSafeEqual(mac, this.mac(tableId, body))) {
      return { found: true, forged: new InvalidGame(`the cached snapshot of table ${tableId} was not written by a snapshot service of this deployment`) };
    }
    try {
      return { found: true, stored: readStored(JSON.parse(gunzipSync(body).toString('utf8'))) };
    } catch (error) {
      const reason = error instanceof InvalidGame ? error.message : `not gzipped JSON (${(error as Error).message})`;
      return { found: true, unreadable: new InvalidGame(`the cached snapshot of table ${tableId} is unreadable: ${reason}`) };
    }
  }

  /** Writes the snapshot; returns its size in bytes as stored. */
  async save(tableId: string, stored: StoredSnapshot): Promise<number> {
    const body = gzipSync(Buffer.from(JSON.stringify(stored), 'utf8'));
    const bytes = Buffer.concat([this.mac(tableId, body), body]);
    await this.kv.put(tableId, bytes);
    return bytes.length;
  }

  private mac(tableId: string, body: Buffer): Buffer {
    return createHmac('sha256', this.macKey).update(`${tableId}\n`).update(body).digest();
  }
}

function readStored(value: unknown): StoredSnapshot {
  const o = asObject(value, 'stored');
  if (o.v !== 1) throw new InvalidGame(`stored.v must be 1, got ${JSON.stringify(o.v)}`);
  return {
    v: 1,
    gameId: asString(o.gameId, 'stored.gameId'),
    rulesVersion: asString(o.rulesVersion, 'stored.rulesVersion'),
    seq: asInteger(o.seq, 'stored.seq', 0),
    lastMoveSeq: asInteger(o.lastMoveSeq, 'stored.lastMoveSeq', 0),
    quarantined: asNullableString(o.quarantined, 'stored.quarantined'),
    snapshot: asObject(o.snapshot, 'stored.snapshot') as JsonObject,
  };
}

import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';

export const TEST_NATS_URL = process.env.NATS_URL ?? '127.0.0.1:4222';

export function connectNats(): Promise<NatsConnection> {
  // As the services connect (`natsOptions`): no stack traces built per request (benchmarks run this client beside them).
  return connect({ servers: TEST_NATS_URL, name: 'chronicle-test', noAsyncTraces: true });
}

/** Deletes every stream and KV bucket named under `prefix` (`<prefix>_*`, `KV_<prefix>_*`). */
export async function removePrefixed(nc: NatsConnection, prefix: string): Promise<string[]> {
  const jsm = await jetstreamManager(nc);
  const removed: string[] = [];
  for await (const name of jsm.streams.names()) {
    if (name.startsWith(`${prefix}_`) || name.startsWith(`KV_${prefix}_`)) {
      await jsm.streams.delete(name);
      removed.push(name);
    }
  }
  return removed;
}

/** Every message of a stream, in order, decoded as JSON where it is JSON (for assertions on small test streams). */
export async function readStream(nc: NatsConnection, stream: string): Promise<Array<{ seq: number; subject: string; data: unknown; msgId?: string }>> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(stream);
  const out: Array<{ seq: number; subject: string; data: unknown; msgId?: string }> = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const msg = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (!msg) continue;
    const msgId = msg.header?.get('Nats-Msg-Id') || undefined;
    // Junk that a test published on purpose comes back as its text.
    let data: unknown;
    try {
      data = msg.json();
    } catch {
      data = msg.string();
    }
    out.push({ seq, subject: msg.subject, data, ...(msgId ? { msgId } : {}) });
  }
  return out;
}

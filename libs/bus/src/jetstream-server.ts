import { BadRequest, decodeAndValidate, EventSubjects, parseWireJson, type DeadLetterV1, type ErrorBody, type Subjects } from '@chronicle/contracts';
import { jetstream, jetstreamManager, type Consumer, type ConsumerMessages, type JetStreamClient, type JsMsg } from '@nats-io/jetstream';
import type { Msg, NatsConnection, Subscription } from '@nats-io/nats-core';
import { Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import { createHash } from 'node:crypto';
import { lastValueFrom } from 'rxjs';
import { JetStreamEventContext, NatsRequestContext } from './context';
import { CorkedWrites } from './corked-writes';
import { isPermanent, replyError } from './handler-errors';
import { recreateConsumer, type ConsumerDefinition } from './topology';

/** Hooks for metrics; every call is synchronous and must not throw. */
export interface BusObserver {
  request(subject: string, code: string, seconds: number): void;
  event(consumer: string, outcome: 'ack' | 'nak' | 'dead', seconds: number): void;
}

export interface JetStreamServerOptions {
  /** The app's connection (the app drains it on shutdown, after this server closed). */
  connection: NatsConnection;
  subjects: Subjects;
  /** Queue group of the request handlers: replicas of one service share the requests. */
  queue: string;
  /** One per `@EventPattern`: the handler's pattern is the consumer's `filter`. */
  consumers?: ConsumerDefinition[];
  /** Messages each pull asks for (per consumer). */
  batch?: number;
  /** How long one pull request lives on the server (see `startConsumer`); default 3 s. */
  pullExpiresMs?: number;
  observer?: BusObserver;
}

export interface ConsumerStatus {
  consumer: string;
  running: boolean;
  pending?: number;
  error?: string;
  /** When the consumer was found deleted from the server and made again, and from where. */
  recreated?: string;
}

/** One consumer as this server runs it. */
interface RunningConsumer {
  messages?: ConsumerMessages;
  error?: string;
  recreated?: string;
  loop?: Promise<void>;
}

type DtoClass = new () => object;

/** What a dead letter keeps of a message too large to carry whole. */
const DEAD_LETTER_HEAD_BYTES = 4096;

/**
 * A Nest transport over NATS:
 * - `@MessagePattern` handlers answer requests on `<prefix>.<pattern>` (core NATS, queue
 *   group), with the DTO of `extras.dto` validated first; replies are `{ data }` or
 *   `{ error: { code, message } }`.
 * - `@EventPattern` handlers read a JetStream durable pull consumer (provisioned beforehand,
 *   see `provision`). A message is acked after the handler resolved; a transient failure
 *   naks it with backoff; a permanent one, a malformed payload (`extras.dto`), or the last
 *   allowed delivery dead-letters it (`dead.<consumer>`, with the reason and the original
 *   bytes) and then terminates it. Nothing is dropped silently and nothing throws out.
 */
export class JetStreamServer extends Server implements CustomTransportStrategy {
  override readonly propagatesEventHandlerErrors = true;
  private readonly log = new Logger('JetStreamServer');
  private readonly subscriptions: Subscription[] = [];
  private readonly running = new Map<string, RunningConsumer>();
  private js?: JetStreamClient;
  private closed = false;
  private draining?: Promise<void>;
  private readonly replies = new CorkedWrites();

  constructor(private readonly options: JetStreamServerOptions) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      this.js = jetstream(this.options.connection);
      const definitions = this.options.consumers ?? [];
      for (const [pattern, handler] of this.messageHandlers) {
        if (handler.isEventHandler) {
          const definition = definitions.find((d) => d.filter === pattern);
          if (!definition) {
            throw new Error(`@EventPattern('${pattern}') has no consumer definition: add one whose filter is '${pattern}'`);
          }
          await this.startConsumer(definition, handler);
        } else {
          this.subscribe(pattern, handler);
        }
      }
      // A round trip to the server: once it returns, the server has every subscription above,
      // so a request sent the moment the service says it is ready finds a responder.
      await this.options.connection.flush();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /**
   * Stops taking requests and messages, and resolves once the messages being handled are
   * settled. Idempotent: a service drains it first and Nest's `app.close()` calls it again;
   * both get the one drain, logged once.
   */
  close(): Promise<void> {
    this.draining ??= this.drain();
    return this.draining;
  }

  private async drain(): Promise<void> {
    this.closed = true;
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    for (const entry of this.running.values()) await entry.messages?.close();
    await Promise.all([...this.running.values()].map((entry) => entry.loop));
    this.log.log(`drained: ${this.subscriptions.length} request subscription(s) closed, `
      + `consumers [${[...this.running.keys()].join(', ')}] stopped with their in-flight messages settled`);
  }

  /** For the health endpoint: each consumer, whether it is reading, and its backlog. */
  async consumerStatus(): Promise<ConsumerStatus[]> {
    const statuses: ConsumerStatus[] = [];
    for (const [name, entry] of this.running) {
      const status: ConsumerStatus = { consumer: name, running: entry.messages !== undefined && !entry.error };
      if (entry.error) status.error = entry.error;
      if (entry.recreated) status.recreated = entry.recreated;
      statuses.push(status);
    }
    return statuses;
  }

  on(): never {
    throw new Error('JetStreamServer emits no events; watch the NATS connection status instead');
  }

  unwrap<T>(): T {
    return this.options.connection as T;
  }

  private subscribe(pattern: string, handler: MessageHandler): void {
    const wire = this.options.subjects.of(pattern);
    const dto = handler.extras?.dto as DtoClass | undefined;
    this.subscriptions.push(this.options.connection.subscribe(wire, {
      queue: this.options.queue,
      callback: (error, msg) => {
        if (error) {
          this.log.error({ err: error, subject: wire }, `subscription to ${wire} failed`);
          return;
        }
        void this.answer(pattern, handler, dto, msg);
      },
    }));
  }

  private async answer(pattern: string, handler: MessageHandler, dto: DtoClass | undefined, msg: Msg): Promise<void> {
    const started = performance.now();
    let body: { data: unknown } | { error: ErrorBody };
    try {
      const data = parseRequest(dto, msg.data);
      const result = await handler(data, new NatsRequestContext([msg, pattern]));
      body = { data: (await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined })) ?? null };
    } catch (error) {
      body = { error: replyError(error, pattern) };
    }
    this.options.observer?.request(pattern, 'error' in body ? body.error.code : 'OK', (performance.now() - started) / 1000);
    if (!msg.reply) {
      this.log.warn(`a message on ${msg.subject} expected a reply but had no reply subject; it was handled, the answer dropped`);
      return;
    }
    this.replies.add(() => this.respond(msg, pattern, body));
  }

  /**
   * Nothing may escape from here (this runs detached from the subscription): a reply that
   * cannot be sent becomes an error reply, and if even that fails it is logged.
   */
  private respond(msg: Msg, pattern: string, body: { data: unknown } | { error: ErrorBody }): void {
    try {
      msg.respond(JSON.stringify(body));
    } catch (error) {
      const max = this.options.connection.info?.max_payload;
      const tooLarge = new BadRequest(
        `the reply on ${pattern} could not be sent (${String(error)}; the server takes at most ${max ?? '?'} bytes): ask for less, e.g. a smaller page`);
      try {
        msg.respond(JSON.stringify({ error: replyError(tooLarge, pattern) }));
      } catch (again) {
        this.log.error({ err: again, subject: msg.subject }, `could not answer a request on ${msg.subject}`);
      }
    }
  }

  private async startConsumer(definition: ConsumerDefinition, handler: MessageHandler): Promise<void> {
    const { subjects } = this.options;
    const stream = subjects.stream(definition.stream);
    const durable = subjects.name(definition.durable);
    const js = this.js!;
    // Fails here (and so at start) when provisioning has not run: better than a silent idle service.
    let consumer = await js.consumers.get(stream, durable).catch((error: unknown) => {
      throw new Error(`consumer ${stream}/${durable} is missing: run the provisioning step first (${String(error)})`);
    });
    const position = new StreamPosition((await consumer.info(true)).ack_floor.stream_seq);
    const entry: RunningConsumer = {};
    this.running.set(durable, entry);
    const loop = async (): Promise<void> => {
      while (!this.closed) {
        try {
          // Short-lived pulls: a 2.9 server keeps a closed client's pull request until it
          // expires and routes new messages into it, where they wait out the ack wait. With
          // the client's default (30 s) every restart would stall a consumer that long.
          // A consumer deleted from the server ends the messages (abort_on_missing_resource)
          // instead of leaving them waiting for it for ever.
          entry.messages = await consumer.consume({
            max_messages: this.options.batch ?? 64, expires: this.options.pullExpiresMs ?? 3_000, abort_on_missing_resource: true,
          });
          delete entry.error;
          // close() may have run while the pull was being set up: it could not close this one.
          if (this.closed) await entry.messages.close();
          const dispatch = new SubjectDispatch(definition.concurrency ?? 1);
          for await (const msg of entry.messages) {
            position.delivered(msg.seq);
            await dispatch.add(msg.subject, () => this.deliver(definition, durable, handler, msg, position));
          }
          if (!this.closed) throw new Error(`the messages of consumer ${durable} ended`);
        } catch (error) {
          entry.error = String(error);
          this.log.error({ err: error, consumer: durable }, `consumer ${durable} stopped; restarting in 1 s`);
          await new Promise((resolve) => setTimeout(resolve, 1000));
          if (!this.closed) consumer = await this.recreateIfDeleted(definition, entry, position).catch(() => undefined) ?? consumer;
        }
      }
    };
    entry.loop = loop();
  }

  /**
   * A consumer someone deleted from the server (nothing in the deployment does; a role
   * allowed too much might) is made again from the oldest message this replica had not
   * settled, or the one after the last it saw, so that nothing is skipped; what is
   * delivered twice the handlers take as the duplicate it is. The health says so.
   */
  private async recreateIfDeleted(definition: ConsumerDefinition, entry: RunningConsumer, position: StreamPosition): Promise<Consumer | undefined> {
    const { subjects, connection } = this.options;
    const durable = subjects.name(definition.durable);
    const from = position.resumeAt;
    if (!(await recreateConsumer(await jetstreamManager(connection), subjects, definition, from))) return undefined;
    entry.recreated = `${new Date().toISOString()}: consumer ${durable} was gone from the server; made again from stream message ${from}`;
    this.log.warn({ consumer: durable, fromSeq: from }, entry.recreated);
    return this.js!.consumers.get(subjects.stream(definition.stream), durable);
  }

  private async deliver(definition: ConsumerDefinition, durable: string, handler: MessageHandler, msg: JsMsg, position: StreamPosition): Promise<void> {
    const started = performance.now();
    const logical = this.options.subjects.logical(msg.subject) ?? msg.subject;
    const outcome = await this.handleDelivery(definition, durable, handler, msg, logical);
    // A nak'd message comes back: it stays unsettled until acknowledged or dead-lettered.
    if (outcome !== 'nak') position.settled(msg.seq);
    this.options.observer?.event(durable, outcome, (performance.now() - started) / 1000);
  }

  private async handleDelivery(
    definition: ConsumerDefinition, durable: string, handler: MessageHandler, msg: JsMsg, logical: string,
  ): Promise<'ack' | 'nak' | 'dead'> {
    const dto = handler.extras?.dto as DtoClass | undefined;
    if (msg.info.deliveryCount > definition.maxDeliver) {
      return this.deadLetter(definition, durable, msg, `delivered ${msg.info.deliveryCount} times without an outcome (a consumer died while handling it?)`);
    }
    let data: unknown;
    try {
      data = parseRequest(dto, msg.data);
    } catch (error) {
      return this.deadLetter(definition, durable, msg, `malformed event: ${(error as Error).message}`);
    }
    // Keeps the delivery ours while a long handler runs (else the server redelivers it):
    // four times per ack wait, so that a busy event loop late by a few beats still keeps it.
    const keepAlive = setInterval(() => {
      try {
        msg.working();
      } catch {
        // The connection is closing: the delivery will be redelivered to someone else.
      }
    }, Math.max(250, Math.floor(definition.ackWaitMs / 4)));
    try {
      const result = await handler(data, new JetStreamEventContext([msg, logical]));
      await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
      msg.ack();
      return 'ack';
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (isPermanent(error)) return this.deadLetter(definition, durable, msg, `permanent failure: ${reason}`);
      const deliveries = msg.info.deliveryCount;
      if (deliveries >= definition.maxDeliver) {
        return this.deadLetter(definition, durable, msg, `failed ${deliveries} deliveries; last error: ${reason}`);
      }
      const delay = definition.backoffMs[Math.min(deliveries - 1, definition.backoffMs.length - 1)] ?? 1000;
      this.log.warn({ consumer: durable, subject: msg.subject, deliveries, err: error }, `retrying in ${delay} ms: ${reason}`);
      msg.nak(delay);
      return 'nak';
    } finally {
      clearInterval(keepAlive);
    }
  }

  /** Publishes the dead letter durably, then terminates the message; if that publish fails, naks it. */
  private async deadLetter(definition: ConsumerDefinition, durable: string, msg: JsMsg, reason: string): Promise<'dead' | 'nak'> {
    const letter: DeadLetterV1 = {
      v: 1,
      reason,
      consumer: durable,
      stream: msg.info.stream,
      subject: msg.subject,
      streamSeq: msg.seq,
      deliveries: msg.info.deliveryCount,
      headers: headersOf(msg),
      data: Buffer.from(msg.data).toString('base64'),
      size: msg.data.length,
      sha256: createHash('sha256').update(msg.data).digest('hex'),
      deadAt: new Date().toISOString(),
    };
    let text = JSON.stringify(letter);
    // Base64 makes a message a third larger: one near the server's limit cannot be carried
    // whole. Its size, digest and first bytes still say what it was (the stream keeps the rest).
    const room = (this.options.connection.info?.max_payload ?? 1024 * 1024) - 4096;
    if (Buffer.byteLength(text) > room) {
      text = JSON.stringify({ ...letter, data: Buffer.from(msg.data.subarray(0, DEAD_LETTER_HEAD_BYTES)).toString('base64'), truncated: true });
    }
    try {
      await this.js!.publish(this.options.subjects.of(EventSubjects.deadLetters(definition.durable)), text, {
        msgID: `${durable}:${msg.info.stream}:${msg.seq}`,
      });
    } catch (error) {
      this.log.error({ err: error, consumer: durable }, `could not dead-letter ${msg.subject} #${msg.seq}; will retry`);
      msg.nak(definition.backoffMs[0] ?? 1000);
      return 'nak';
    }
    this.log.warn({ consumer: durable, subject: msg.subject, seq: msg.seq }, `dead-lettered: ${reason}`);
    // No reason argument: a 2.9 server does not parse "+TERM <reason>" and leaves the message pending.
    msg.term();
    return 'dead';
  }
}

/** JSON-decodes and validates against the DTO; throws `BadRequest` listing every reason. */
function parseRequest(dto: DtoClass | undefined, bytes: Uint8Array): unknown {
  if (!dto) {
    if (bytes.length === 0) return null;
    const parsed = parseWireJson(bytes);
    if (!parsed.ok) throw new BadRequest(parsed.reason);
    return parsed.value;
  }
  const result = decodeAndValidate(dto, bytes);
  if (!result.ok) throw new BadRequest(result.reasons.join('; '));
  return result.value;
}

function headersOf(msg: JsMsg): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!msg.headers) return out;
  for (const [key, values] of msg.headers) out[key] = values;
  return out;
}

/** Where a consumer stands in its stream: the messages delivered and not yet settled, and the last seen. */
class StreamPosition {
  private readonly unsettled = new Set<number>();

  constructor(private highest: number) {}

  delivered(seq: number): void {
    this.unsettled.add(seq);
    this.highest = Math.max(this.highest, seq);
  }

  settled(seq: number): void {
    this.unsettled.delete(seq);
  }

  /** The first stream message a consumer made again must deliver. */
  get resumeAt(): number {
    return this.unsettled.size > 0 ? Math.min(...this.unsettled) : this.highest + 1;
  }
}

/**
 * Runs deliveries of different subjects side by side, at most `limit` at once, and those of
 * one subject one after the other in stream order (a table's work stays in order while
 * other tables' work goes on). `add` waits while `limit` deliveries are under way, so the
 * consumer pulls no faster than it handles. With a limit of 1 it is the plain sequential loop.
 */
class SubjectDispatch {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly limit: number) {}

  async add(subject: string, deliver: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    const run = (this.tails.get(subject) ?? Promise.resolve()).then(deliver);
    this.tails.set(subject, run);
    this.running.add(run);
    void run.finally(() => {
      this.running.delete(run);
      if (this.tails.get(subject) === run) this.tails.delete(subject);
    });
    if (this.limit === 1) await run;
  }
}

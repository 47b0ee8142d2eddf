import { BadRequest, EventSubjects, InternalError, ServiceUnavailable, Subjects, type DeadLetterV1 } from '@chronicle/contracts';
import { ConcurrentMove } from '@chronicle/engine';
import { connectNats, readStream, removePrefixed, uniquePrefix, waitUntil } from '@chronicle/testing';
import { jetstream } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/nats-core';
import { createHash } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import { IsInt, IsString, Min } from 'class-validator';
import {
  consumer, coreStreams, JetStreamEventContext, JetStreamServer, OnEvent, OnRequest, PassErrorsToTransport, PermanentFailure,
  provision, RequestClient, type Topology,
} from './index';

class EchoV1 {
  @IsString() text!: string;
  @IsInt() @Min(0) times!: number;
}

class ThingV1 {
  @IsString() id!: string;
  @IsString() mode!: 'ok' | 'flaky' | 'broken' | 'permanent';
}

const seen: Array<{ id: string; deliveries: number }> = [];

@Controller()
class TestController {
  @OnRequest('test.echo', EchoV1)
  echo(@Payload() body: EchoV1): string {
    if (body.text === 'stale') throw new ConcurrentMove('table x is at revision 3, not 2');
    if (body.text === 'bug') throw new Error('secret internals');
    if (body.text === 'huge') return 'x'.repeat(2 * 1024 * 1024);
    return body.text.repeat(body.times);
  }

  @OnEvent('things.>', ThingV1)
  async thing(@Payload() thing: ThingV1, @Ctx() ctx: JetStreamEventContext): Promise<void> {
    const deliveries = ctx.message.info.deliveryCount;
    if (thing.mode === 'flaky' && deliveries < 3) throw new Error('database briefly away');
    if (thing.mode === 'broken') throw new Error('always fails');
    if (thing.mode === 'permanent') throw new PermanentFailure('this thing can never be handled');
    seen.push({ id: thing.id, deliveries });
  }
}

@Module({ controllers: [TestController] })
class TestModule {}

describe('JetStreamServer (real NATS)', () => {
  const prefix = uniquePrefix('bus');
  const subjects = new Subjects(prefix);
  const things = consumer('THINGS', 'things', 'things.>', { maxDeliver: 3, backoffMs: [50], ackWaitMs: 5_000 });
  const topology: Topology = {
    streams: [...coreStreams(), { role: 'THINGS', subjects: ['things.>'] }],
    consumers: [things],
    buckets: [{ name: 'cache', history: 1 }],
  };
  let nc: NatsConnection;
  let app: INestMicroservice;
  let client: RequestClient;

  beforeAll(async () => {
    nc = await connectNats();
    await provision(nc, subjects, topology);
    app = await NestFactory.createMicroservice(TestModule, {
      strategy: new JetStreamServer({ connection: nc, subjects, queue: 'test', consumers: [things] }),
      logger: false,
    });
    app.useGlobalFilters(new PassErrorsToTransport());
    await app.listen();
    client = new RequestClient(nc, subjects, 2_000);
  });

  afterAll(async () => {
    await app?.close();
    await removePrefixed(nc, prefix);
    await nc?.drain();
  });

  it('provisions idempotently', async () => {
    const again = await provision(nc, subjects, topology);
    expect(again.created).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(again.unchanged).toHaveLength(6);
    const changed = await provision(nc, subjects, { ...topology, consumers: [{ ...things, maxDeliver: 4 }] });
    expect(changed.updated).toEqual([`consumer ${prefix}_THINGS/${prefix}_things`]);
    await provision(nc, subjects, topology);
  });

  it('answers a valid request with its data', async () => {
    await expect(client.request('test.echo', { text: 'ab', times: 2 })).resolves.toBe('abab');
  });

  it('refuses malformed requests with every reason, and keeps serving', async () => {
    await expect(client.request('test.echo', { text: 5, times: -1, extra: true })).rejects.toThrow(BadRequest);
    await expect(client.request('test.echo', { text: 5 })).rejects.toThrow(/text must be a string/);
    const raw = await nc.request(subjects.of('test.echo'), '{not json', { timeout: 2_000 });
    expect(raw.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(/not JSON/) } });
    await expect(client.request('test.echo', [1, 2])).rejects.toThrow(/expected a JSON object/);
    await expect(client.request('test.echo', { text: 'x', times: 1 })).resolves.toBe('x');
  });

  it('carries typed errors to the caller and hides unexpected ones', async () => {
    await expect(client.request('test.echo', { text: 'stale', times: 1 })).rejects.toBeInstanceOf(ConcurrentMove);
    const hidden = client.request('test.echo', { text: 'bug', times: 1 });
    await expect(hidden).rejects.toBeInstanceOf(InternalError);
    await expect(hidden).rejects.not.toThrow(/secret/);
  });

  it('answers a reply too large for NATS with an error that says what to do, and keeps serving', async () => {
    await expect(client.request('test.echo', { text: 'huge', times: 1 })).rejects.toThrow(/ask for less/);
    await expect(client.request('test.echo', { text: 'y', times: 2 })).resolves.toBe('yy');
  });

  it('says who is missing when nobody serves a subject', async () => {
    await expect(client.request('test.nobody', {})).rejects.toBeInstanceOf(ServiceUnavailable);
  });

  it('acks handled events, retries transient failures, dead-letters the rest with the original message', async () => {
    const js = jetstream(nc);
    await js.publish(subjects.of('things.a'), JSON.stringify({ id: 'a', mode: 'ok' }));
    await js.publish(subjects.of('things.b'), JSON.stringify({ id: 'b', mode: 'flaky' }));
    await js.publish(subjects.of('things.c'), JSON.stringify({ id: 'c', mode: 'broken' }));
    await js.publish(subjects.of('things.d'), JSON.stringify({ id: 'd', mode: 'permanent' }));
    await js.publish(subjects.of('things.e'), '{"id": 42}');
    await js.publish(subjects.of('things.f'), 'not json at all');
    // Near the server's 1 MB limit: in base64 it could not be carried whole.
    const huge = Buffer.from(`{"id":"g","mode":7,"pad":"${'p'.repeat(900_000)}"}`);
    await js.publish(subjects.of('things.g'), huge, { headers: (() => { const h = headers(); h.set('Trace', 'abc'); return h; })() });

    await waitUntil(async () => (await readStream(nc, subjects.stream('DEAD'))).length === 5 || undefined, 10_000, '5 dead letters');
    await waitUntil(() => seen.length === 2 || undefined, 10_000, 'a and b handled');
    expect(seen).toEqual(expect.arrayContaining([{ id: 'a', deliveries: 1 }, { id: 'b', deliveries: 3 }]));

    const letters = (await readStream(nc, subjects.stream('DEAD'))).map((m) => m.data as DeadLetterV1);
    const bySubject = new Map(letters.map((l) => [l.subject, l]));
    expect(bySubject.get(subjects.of('things.c'))).toMatchObject({ deliveries: 3, reason: expect.stringMatching(/failed 3 deliveries.*always fails/) });
    expect(bySubject.get(subjects.of('things.d'))).toMatchObject({ deliveries: 1, reason: expect.stringMatching(/permanent.*never be handled/) });
    expect(bySubject.get(subjects.of('things.e'))!.reason).toMatch(/malformed event.*id must be a string/);
    expect(Buffer.from(bySubject.get(subjects.of('things.f'))!.data, 'base64').toString()).toBe('not json at all');
    expect(bySubject.get(subjects.of('things.f'))).toMatchObject({ size: 15, sha256: createHash('sha256').update('not json at all').digest('hex') });
    const tooLarge = bySubject.get(subjects.of('things.g'))!;
    expect(tooLarge).toMatchObject({
      truncated: true, size: huge.length, sha256: createHash('sha256').update(huge).digest('hex'), headers: { Trace: ['abc'] },
      reason: expect.stringMatching(/malformed event/),
    });
    expect(Buffer.from(tooLarge.data, 'base64').equals(huge.subarray(0, 4096))).toBe(true);
    expect(letters.every((l) => l.consumer === `${prefix}_things`)).toBe(true);
    expect((await readStream(nc, subjects.stream('DEAD')))[0]!.subject).toBe(subjects.of(EventSubjects.deadLetters('things')));

    // Nothing is left pending: every message got an outcome (acks and terms are asynchronous).
    const things = await js.consumers.get(subjects.stream('THINGS'), subjects.name('things'));
    await waitUntil(async () => {
      const info = await things.info();
      return info.num_pending + info.num_ack_pending === 0 || undefined;
    }, 5_000, 'no pending deliveries');
  });
});

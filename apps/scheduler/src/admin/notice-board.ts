import { BucketNames, type NoticeV1, type Subjects } from '@chronicle/contracts';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';

/**
 * The operators' notices in force, one per world, in the scheduler's bucket `<prefix>_notices`
 * (a cleared notice is deleted). Every replica follows the bucket, so any of them answers a
 * read from memory, whichever replica posted the notice. The bucket is followed from the first
 * use, since a service provisions its topology only once its modules are built.
 */
export class NoticeBoard {
  private readonly notices = new Map<string, NoticeV1>();
  private following?: Promise<void>;

  private constructor(private readonly kv: KV) {}

  static async open(nc: NatsConnection, subjects: Subjects): Promise<NoticeBoard> {
    return new NoticeBoard(await new Kvm(nc).open(subjects.name(BucketNames.notices)));
  }

  async get(world: string): Promise<NoticeV1 | undefined> {
    await this.follow();
    return this.notices.get(world);
  }

  async list(): Promise<NoticeV1[]> {
    await this.follow();
    return [...this.notices.values()].sort((a, b) => (a.world < b.world ? -1 : 1));
  }

  /** Posts `notice`, or clears the world's with an empty text; this replica's board follows at once. */
  async post(notice: NoticeV1): Promise<void> {
    await this.follow();
    if (notice.text === '') {
      await this.kv.delete(notice.world);
      this.notices.delete(notice.world);
    } else {
      await this.kv.put(notice.world, JSON.stringify(notice));
      this.notices.set(notice.world, notice);
    }
  }

  /** Reads the bucket's notices and follows what any replica writes from then on. */
  private follow(): Promise<void> {
    this.following ??= (async () => {
      const iterator = await this.kv.watch();
      let ready: () => void = () => undefined;
      const loaded = new Promise<void>((resolve) => (ready = resolve));
      void (async () => {
        for await (const entry of iterator) {
          if (entry.operation === 'PUT') this.notices.set(entry.key, entry.json<NoticeV1>());
          else this.notices.delete(entry.key);
          if (entry.delta === 0) ready();
        }
      })();
      // An empty bucket sends nothing to wait for.
      if ((await this.kv.status()).values === 0) ready();
      await loaded;
    })();
    return this.following;
  }
}

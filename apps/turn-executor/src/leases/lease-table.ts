import { BucketNames, type Subjects } from '@chronicle/contracts';
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';
import { Logger } from '@nestjs/common';

export interface LeaseOptions {
  executorId: string;
  ttlMs: number;
}

/** An entry as this replica last saw it: who wrote it, at which revision, and when it saw that revision. */
interface Seen {
  holder: string;
  revision: number;
  seenAt: number;
}

const LEASE = 'lease.';
const MEMBER = 'member.';

/**
 * Per-table leases and replica membership in one KV bucket, made for NATS 2.9 (no per-key
 * TTL). Every replica watches the whole bucket, so it knows who holds what without asking.
 *
 * - A holder renews its leases (and its `member.<id>` key) every third of the TTL with a
 *   compare-and-set on the revision it wrote. A lease (or member) whose revision this
 *   replica has not seen change for a whole TTL — measured on its own clock, so clocks
 *   need not agree — is expired; taking it over is a compare-and-set on that stale revision,
 *   so two replicas cannot both take it, and the old holder's next renewal fails.
 * - A free table goes to this replica while it holds less than its fair share
 *   (⌈leases / live members⌉), else to the least loaded member; a replica above its share
 *   releases idle tables (`excess`), so a new replica gets its share within a few renewals.
 * - Correctness never rests on the lease: appends carry the expected revision.
 *
 * The bucket's age limit only sweeps keys a dead replica left behind.
 */
export class LeaseTable {
  private readonly log = new Logger('LeaseTable');
  private readonly leases = new Map<string, Seen>();
  private readonly members = new Map<string, Seen>();
  /** Tables this replica holds, with the revision of its last write. */
  private readonly mine = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private watching = false;
  private lastRenewal = 0;
  private stopped = false;
  private stopWatch?: () => void;

  private constructor(private readonly kv: KV, private readonly options: LeaseOptions) {}

  static async open(nc: NatsConnection, subjects: Subjects, options: LeaseOptions): Promise<LeaseTable> {
    return new LeaseTable(await new Kvm(nc).open(subjects.name(BucketNames.executorLeases)), options);
  }

  get me(): string {
    return this.options.executorId;
  }

  /** Watches the bucket (its current keys first), joins as a member, and renews from then on. */
  async start(): Promise<void> {
    await this.watch();
    await this.renew();
    this.timer = setInterval(() => void this.renew(), Math.floor(this.options.ttlMs / 3));
  }

  /**
   * Follows the bucket for as long as this replica runs: a watch that ends (the server
   * restarted, the connection was replaced) is opened again, else this replica's view would
   * freeze and it would take live leases for expired ones and the reverse.
   */
  private async watch(): Promise<void> {
    const watch = await this.kv.watch({ key: '>' });
    this.stopWatch = () => watch.stop();
    this.watching = true;
    void (async () => {
      try {
        for await (const entry of watch) this.see(entry);
      } catch (error) {
        this.log.warn(`the lease watch failed: ${String(error)}`);
      } finally {
        this.watching = false;
      }
      while (!this.stopped) {
        this.log.warn('the lease watch ended: watching the bucket again');
        await new Promise((resolve) => setTimeout(resolve, Math.floor(this.options.ttlMs / 6)));
        if (this.stopped) return;
        try {
          await this.watch();
          return;
        } catch (error) {
          this.log.warn(`watching the lease bucket again failed: ${String(error)}`);
        }
      }
    })();
  }

  /** Running: the watch is open and the last renewal is fresher than a TTL. */
  get ready(): boolean {
    return this.watching && Date.now() - this.lastRenewal < this.options.ttlMs;
  }

  holds(tableId: string): boolean {
    return this.mine.has(tableId);
  }

  get held(): string[] {
    return [...this.mine.keys()];
  }

  /** The live holder of a table's lease, if any. */
  holder(tableId: string): string | undefined {
    if (this.mine.has(tableId)) return this.me;
    const seen = this.leases.get(tableId);
    if (!seen || seen.holder === this.me || !this.live(seen)) return undefined;
    return seen.holder;
  }

  /**
   * Whether the bucket names this replica as the table's holder though it does not hold it
   * (it restarted under the same id, or lost track of a renewal): the other replicas see the
   * lease as this one's and would hand its work straight back.
   */
  namesMe(tableId: string): boolean {
    return !this.mine.has(tableId) && this.leases.get(tableId)?.holder === this.me;
  }

  /** Who should take a free table: this replica while under its fair share, else the least loaded member. */
  placeFree(): string {
    const load = this.load();
    const total = [...load.values()].reduce((a, b) => a + b, 0);
    if (this.mine.size < Math.ceil((total + 1) / load.size)) return this.me;
    let best = this.me;
    for (const [member, count] of load) if (count < load.get(best)! || (count === load.get(best)! && member < best)) best = member;
    return best;
  }

  /** How many leases this replica holds above its fair share. */
  excess(): number {
    const load = this.load();
    const total = [...load.values()].reduce((a, b) => a + b, 0);
    return this.mine.size - Math.ceil(total / load.size);
  }

  /** Takes a table's lease when it is free or expired; false when someone else holds it. */
  async acquire(tableId: string): Promise<boolean> {
    if (this.mine.has(tableId)) return true;
    const key = LEASE + tableId;
    const seen = this.leases.get(tableId);
    if (seen && seen.holder !== this.me && this.live(seen)) return false;
    try {
      const revision = seen ? await this.kv.update(key, this.value(), seen.revision) : await this.kv.create(key, this.value());
      this.mine.set(tableId, revision);
      this.leases.set(tableId, { holder: this.me, revision, seenAt: Date.now() });
      return true;
    } catch {
      // Someone else wrote it first (or this view was behind): look again.
      const entry = await this.kv.get(key).catch(() => null);
      if (entry) this.see(entry);
      return false;
    }
  }

  /** Gives a table up (idle tables above the fair share, and every table at shutdown). */
  async release(tableId: string): Promise<void> {
    const revision = this.mine.get(tableId);
    if (revision === undefined) return;
    this.mine.delete(tableId);
    await this.kv.delete(LEASE + tableId, { previousSeq: revision }).catch(() => undefined);
  }

  /** Whether a replica still renews its membership (this one always does). */
  isLive(member: string): boolean {
    if (member === this.me) return true;
    const seen = this.members.get(member);
    return seen !== undefined && this.live(seen);
  }

  /** A member that no longer answers (no responders on its subject) is gone: its leases may be taken now. */
  presumeGone(member: string): void {
    for (const seen of [...this.leases.values(), this.members.get(member)]) {
      if (seen && seen.holder === member) seen.seenAt = -Infinity;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const tableId of [...this.mine.keys()]) await this.release(tableId);
    await this.kv.delete(MEMBER + this.me).catch(() => undefined);
    this.stopWatch?.();
  }

  private live(seen: Seen): boolean {
    return Date.now() - seen.seenAt < this.options.ttlMs;
  }

  /** Leases held per live member (this replica always counts). */
  private load(): Map<string, number> {
    const load = new Map<string, number>([[this.me, this.mine.size]]);
    for (const [id, seen] of this.members) if (id !== this.me && this.live(seen)) load.set(id, 0);
    for (const seen of this.leases.values()) {
      if (seen.holder !== this.me && load.has(seen.holder) && this.live(seen)) load.set(seen.holder, load.get(seen.holder)! + 1);
    }
    return load;
  }

  private value(): string {
    return JSON.stringify({ v: 1, holder: this.me });
  }

  private see(entry: KvEntry): void {
    const isLease = entry.key.startsWith(LEASE);
    const map = isLease ? this.leases : entry.key.startsWith(MEMBER) ? this.members : undefined;
    if (!map) return;
    const id = entry.key.slice(isLease ? LEASE.length : MEMBER.length);
    if (entry.operation !== 'PUT') {
      map.delete(id);
      if (isLease && this.mine.has(id) && this.mine.get(id)! < entry.revision) this.mine.delete(id);
      return;
    }
    const holder = isLease ? holderOf(entry) : id;
    if (holder === undefined) return;
    // Seen again unchanged (a read after a failed write, a watch opened again) is not a
    // renewal: a lease nobody renews must still expire.
    const known = map.get(id);
    map.set(id, { holder, revision: entry.revision, seenAt: known?.revision === entry.revision ? known.seenAt : Date.now() });
    // Another replica took it over (this one was presumed dead): it is no longer ours.
    if (isLease && holder !== this.me && this.mine.has(id)) this.mine.delete(id);
  }

  /**
   * A renewal refused: another replica took the lease over, or this renewal (or the one
   * before) was written but its answer lost — then the bucket still names this replica, and
   * dropping the lease would leave a table that every replica takes for another's, until it
   * expired. The entry decides.
   */
  private async recheck(tableId: string, revision: number): Promise<void> {
    const entry = await this.kv.get(LEASE + tableId).catch(() => null);
    if (this.mine.get(tableId) !== revision) return;
    if (entry?.operation === 'PUT' && holderOf(entry) === this.me) {
      this.mine.set(tableId, entry.revision);
      this.see(entry);
      return;
    }
    this.mine.delete(tableId);
    this.log.warn(`lost the lease of table ${tableId} (another replica took it over)`);
  }

  private async renew(): Promise<void> {
    try {
      await this.kv.put(MEMBER + this.me, JSON.stringify({ v: 1 }));
      for (const [tableId, revision] of [...this.mine]) {
        try {
          const renewed = await this.kv.update(LEASE + tableId, this.value(), revision);
          if (this.mine.get(tableId) === revision) this.mine.set(tableId, renewed);
        } catch {
          if (this.mine.get(tableId) === revision) await this.recheck(tableId, revision);
        }
      }
      this.lastRenewal = Date.now();
    } catch (error) {
      this.log.error(`renewing leases failed: ${String(error)}`);
    }
  }
}

/** The replica a lease entry names, if it is readable. */
function holderOf(entry: KvEntry): string | undefined {
  try {
    return String((entry.json() as { holder: unknown }).holder);
  } catch {
    return undefined;
  }
}

import type { RequestClient } from '@chronicle/bus';
import { decodeSnapshot, ViewSubjects, type GetViewV1, type ViewV1 } from '@chronicle/contracts';
import { stateFromArray, type StateView } from '@chronicle/engine';
import { sammo, sammoTableViews, type PublicView, type SeatPlayView } from '@chronicle/sammo';
import type { WorldInPlay } from '../worlds/world-directory';

/** A view and where the table stood when it was read. */
export interface Viewed<V> {
  worldId: string;
  tableId: string;
  /** The table's revision the view was read at (pass it back as `since` for what is new). */
  revision: number;
  view: V;
}

/** How long a seat's read waits for the snapshot service to reach the seat's last write. */
const READ_YOUR_WRITES_MS = 3_000;

/** How long a world's public view is served again without asking (many players read the same map). */
const PUBLIC_VIEW_CACHE_MS = 1_000;

/**
 * What a seat and the public may read of a world, from the snapshot service's
 * `views.v1.state` (the game's views: the gateway never asks for a whole state of a table in
 * play). A seat's view is asked with a seat proof for that seat in that world, as any client
 * of the bus would; the snapshot service checks it.
 *
 * A table the snapshot service serves whole (a finished chapter, or the game's views not
 * declared) is read through the same views here, so that a route answers the same shape
 * whatever the table's state and no seat reads more than its view.
 */
export class WorldViews {
  private readonly publicCache = new Map<string, { at: number; viewed: Promise<Viewed<PublicView>> }>();

  constructor(
    private readonly requests: RequestClient,
    private readonly proof: (worldId: string, seat: string) => string,
    private readonly lastWrite: (tableId: string, seat: string) => number,
  ) {}

  /** The seat's view, at least as new as the seat's last accepted move (the snapshot service follows the log a little behind). */
  async seat(world: WorldInPlay, seat: string, since?: number): Promise<Viewed<SeatPlayView>> {
    const minRevision = this.lastWrite(world.tableId, seat);
    const request: GetViewV1 = {
      v: 1, tableId: world.tableId, seat, seatToken: this.proof(world.worldId, seat), ...(since === undefined ? {} : { since }),
      ...(minRevision > 0 ? { minRevision, waitMs: READ_YOUR_WRITES_MS } : {}),
    };
    const state = await this.ask(request);
    const view = state.visibility === 'seat' ? state.data as unknown as SeatPlayView : sammoTableViews.seat(stateFromArray(sammo, state), seat, since) as unknown as SeatPlayView;
    return { worldId: world.worldId, tableId: world.tableId, revision: state.revision, view };
  }

  /** The public view; without `since` it is shared by every caller for a second. */
  public(world: WorldInPlay, since?: number): Promise<Viewed<PublicView>> {
    if (since !== undefined) return this.readPublic(world, since);
    const cached = this.publicCache.get(world.tableId);
    if (cached && Date.now() - cached.at < PUBLIC_VIEW_CACHE_MS) return cached.viewed;
    const viewed = this.readPublic(world);
    this.publicCache.set(world.tableId, { at: Date.now(), viewed });
    viewed.catch(() => this.publicCache.delete(world.tableId));
    // Chapters that closed leave the cache as the next one is asked for.
    if (this.publicCache.size > 64) for (const [key, entry] of this.publicCache) if (Date.now() - entry.at >= PUBLIC_VIEW_CACHE_MS) this.publicCache.delete(key);
    return viewed;
  }

  /** The public view once the table reaches `minRevision` (waiting up to `waitMs`), read anew. */
  publicAt(world: WorldInPlay, minRevision: number, waitMs: number): Promise<Viewed<PublicView>> {
    return this.readPublic(world, undefined, minRevision, waitMs);
  }

  private async readPublic(world: WorldInPlay, since?: number, minRevision = 0, waitMs = 0): Promise<Viewed<PublicView>> {
    const state = await this.ask({
      v: 1, tableId: world.tableId, ...(since === undefined ? {} : { since }), ...(minRevision > 0 ? { minRevision, waitMs } : {}),
    });
    const view = state.visibility === 'public' ? state.data as unknown as PublicView : sammoTableViews.public(stateFromArray(sammo, state), since) as unknown as PublicView;
    return { worldId: world.worldId, tableId: world.tableId, revision: state.revision, view };
  }

  private async ask(request: GetViewV1): Promise<StateView> {
    const reply = await this.requests.request<ViewV1>(ViewSubjects.state, request);
    return decodeSnapshot(reply.view) as StateView;
  }
}

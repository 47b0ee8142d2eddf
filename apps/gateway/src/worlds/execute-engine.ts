import type { RequestClient } from '@chronicle/bus';
import { ScheduleSubjects, type ExecuteNowDoneV1, type ExecuteNowV1 } from '@chronicle/contracts';
import { RateLimiter, TooManyRequests } from '../http/rate-limits';
import type { WorldViews } from '../views/world-views';
import type { WorldInPlay } from './world-directory';

/** What the legacy's ExecuteEngine answers. */
export interface Executed {
  /** Due work ran: the world moved. */
  updated: boolean;
  /** Nothing may run: the world is paused, stopped, over or between chapters. */
  locked: boolean;
  /** The world's clock, the last instant its turns were executed up to (ISO 8601). */
  lastExecuted: string;
}

/** How long the request waits for the executors to apply the work it asked for. */
const EXECUTE_WAIT_MS = 5_000;

/**
 * The legacy's ExecuteEngine (Global/ExecuteEngine, no session): a world's due work, run now.
 * The scheduler owns ticking: it sends the tick it would send at the due time, at once
 * (`schedule.v1.execute-now`), or says nothing is due or the world is locked; the answer
 * waits until the world's view shows the work applied. At most one request a world every
 * `minIntervalMs`, whoever asks.
 */
export class ExecuteEngine {
  private readonly perWorld: RateLimiter;

  constructor(private readonly requests: RequestClient, private readonly views: WorldViews, minIntervalMs: number) {
    this.perWorld = new RateLimiter(1, minIntervalMs);
  }

  async execute(world: WorldInPlay): Promise<Executed> {
    const wait = this.perWorld.take(world.worldId);
    if (wait !== undefined) {
      throw new TooManyRequests(wait, `접속 제한중입니다. 턴 실행은 ${Math.ceil(this.perWorld.windowMs / 1000)}초에 한번 요청할 수 있습니다. (this world's due work was asked for a moment ago)`);
    }
    const before = await this.views.publicAt(world, 0, 0);
    const done = await this.requests.request<ExecuteNowDoneV1>(ScheduleSubjects.executeNow, { v: 1, world: world.worldId } satisfies ExecuteNowV1);
    const after = done.ticked ? await this.views.publicAt({ ...world, tableId: done.tableId }, before.revision + 1, EXECUTE_WAIT_MS).catch(() => before) : before;
    return { updated: after.revision > before.revision, locked: done.locked, lastExecuted: new Date(after.view.env.turntime).toISOString() };
  }
}

import { Equals } from 'class-validator';
import { IsTableId } from '../validators';

/**
 * The legacy's ExecuteEngine (a request that needs no session) as the scheduler serves it:
 * "run this world's due work now". The scheduler, which owns ticking, sends the tick it
 * would send at the due time, at once; it refuses nothing a player could fix, it answers.
 */
export const ScheduleSubjects = {
  executeNow: 'schedule.v1.execute-now',
  /** The operators' notices in force, one per world (`NoticesQueryV1` → `NoticesV1`): public, what a world's page shows its players. */
  notices: 'schedule.v1.notices',
} as const;

export class NoticesQueryV1 {
  @Equals(1) v!: 1;
}

/** A world's (or a table in no world's) operator notice in force: its text (plain, never markup) and when it was posted. */
export interface NoticeV1 {
  world: string;
  text: string;
  at: string;
}

export interface NoticesV1 {
  notices: NoticeV1[];
}

export class ExecuteNowV1 {
  @Equals(1) v!: 1;
  /** A world's id (its chapter in play) or a table's id. */
  @IsTableId() world!: string;
}

/** What the scheduler did. */
export interface ExecuteNowDoneV1 {
  /** The table the work is for (the world's chapter in play). */
  tableId: string;
  /** A tick went to the executors: work was due. */
  ticked: boolean;
  /** Nothing may run: the world is paused, stopped (quarantined, frozen), over, or between chapters. */
  locked: boolean;
  /** The table's next due time as the scheduler knows it, or null (nothing due). */
  dueAt: string | null;
  /** Why, in one line. */
  reason: string;
}

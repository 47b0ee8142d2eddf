import { IllegalMove, type Json, type Seat } from '@chronicle/engine';
import { changeTurnTerm } from '../world/change-term';
import { chronicle } from '../world/logbook';
import type { World } from '../world/types';
import type { OperatorMove } from './move-types';

/**
 * The operator's moves (the legacy's admin pages), made by the table itself (seat null): the
 * executors take them only from the operators' requests, never from a player's intent.
 */
export const OPERATOR_MOVE_TYPES = ['block', 'operatorLog', 'changeTurnTerm'] as const;

/** 블럭 해제, 1단계 (발언권), 2단계 (턴블럭), 3단계 (악성유저): legacy _admin2_submit.php. */
export const BLOCK_LEVELS = [0, 1, 2, 3] as const;
/** The turns a blocked general keeps before it is deleted (legacy sets killturn 24). */
const BLOCKED_KILLTURN = 24;
const TURN_TERMS = [1, 2, 5, 10, 20, 30, 60, 120];

export function checkOperatorMove(world: World, seat: Seat, payload: { [key: string]: Json | undefined }): OperatorMove {
  if (seat !== null) throw new IllegalMove(`${String(payload.type)} is an operator's move: only the table makes it`);
  switch (payload.type) {
    case 'block': {
      const ids = payload.generalIds;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1_000) throw new IllegalMove('block.generalIds must list 1 to 1000 generals');
      for (const id of ids) {
        if (typeof id !== 'number' || !world.generals.has(id)) throw new IllegalMove(`block.generalIds: there is no general ${JSON.stringify(id)}`);
      }
      const level = payload.level;
      if (!BLOCK_LEVELS.includes(level as never)) throw new IllegalMove('block.level must be 0 (lift), 1 (발언권), 2 (턴블럭) or 3 (악성유저)');
      return { type: 'block', generalIds: [...new Set(ids as number[])], level: level as 0 | 1 | 2 | 3 };
    }
    case 'operatorLog': {
      const text = payload.text;
      if (typeof text !== 'string' || text.trim().length === 0 || text.length > 500) throw new IllegalMove('operatorLog.text must be 1 to 500 characters');
      return { type: 'operatorLog', text: text.trim() };
    }
    default: {
      const turnterm = payload.turnterm;
      if (!TURN_TERMS.includes(turnterm as number)) throw new IllegalMove(`changeTurnTerm.turnterm must be one of ${TURN_TERMS.join(', ')} minutes (it divides 120)`);
      if (turnterm === world.env.turnterm) throw new IllegalMove(`the turn term is ${turnterm} minutes already`);
      return { type: 'changeTurnTerm', turnterm: turnterm as number };
    }
  }
}

export function applyOperatorMove(world: World, move: OperatorMove): void {
  switch (move.type) {
    case 'block':
      for (const id of move.generalIds) {
        const general = world.generals.get(id)!;
        general.block = move.level;
        if (move.level === 0) continue;
        general.killturn = BLOCKED_KILLTURN;
        // 2단계 and 3단계 take the general's gold and rice as well.
        if (move.level >= 2) {
          general.gold = 0;
          general.rice = 0;
        }
      }
      return;
    case 'operatorLog':
      // Legacy 로그쓰기: a line of the world's history, starred.
      chronicle(world, `<R>★</><S>${move.text}</>`);
      return;
    case 'changeTurnTerm':
      changeTurnTerm(world, move.turnterm);
      return;
  }
}

import type { Json } from '@chronicle/engine';
import { HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { worded } from '../http/refusals';
import type { SignedIn } from '../accounts/accounts.service';
import { idempotencyKey, worldParam } from '../http/params';
import type { WorldOutcome, WorldPlay } from './world-play';

/** How long a write waits for its outcome before answering `pending` (202) with where to follow it. */
export const WRITE_WAIT_MS = 3_000;

export type WriteAnswer = WorldOutcome | { error: { code: string; message: string; detail?: string }; outcome: WorldOutcome };

/** An outcome as HTTP: 200 accepted, 202 pending (follow `follow`), 422 refused by the game's rules (its words in `error.message`, in a player's words: `inPlayersWords`). */
export function answer(res: Response, outcome: WorldOutcome): WriteAnswer {
  if (outcome.status === 'pending') {
    res.status(HttpStatus.ACCEPTED);
    return outcome;
  }
  if (outcome.status === 'refused') {
    res.status(HttpStatus.UNPROCESSABLE_ENTITY);
    return { error: { code: outcome.code ?? 'REFUSED', ...worded({ message: outcome.reason ?? 'refused' }) }, outcome };
  }
  res.status(HttpStatus.OK);
  return outcome;
}

/** The one way a route writes: the caller's seat in the world sends the move under the request's Idempotency-Key. */
export async function sendMove(play: WorldPlay, caller: SignedIn, worldId: string, key: string | undefined, move: Json, res: Response): Promise<WriteAnswer> {
  const id = worldParam(worldId);
  const seat = await play.seatOrRefuse(id, caller.account.id);
  return answer(res, await play.submit(id, caller.account.id, seat, idempotencyKey(key), move, WRITE_WAIT_MS));
}

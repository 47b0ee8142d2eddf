import { BadRequest, Forbidden, type GetViewV1, type SeatGate } from '@chronicle/contracts';
import { PUBLIC } from '@chronicle/engine';
import type { ViewRequest } from './snapshot-keeper';

/**
 * Who a `views.v1.state` request may see the table as. No seat: the public. A seat: only with
 * a seat token the gateway signed for that seat in the table's world, still valid (`SeatGate`,
 * as the executors check intents; `worldOf` names a table's world); a
 * deployment without the gateway's key proves no seat, so it serves no seat's view (unlike
 * the executors, it never takes a named seat on trust: a view is what a seat may read, and
 * reading needs no gateway for anyone to try). `whole`: the whole state, which the keeper
 * gives only where nothing is hidden.
 */
export async function viewRequestOf(
  request: GetViewV1, gate: SeatGate, now: Date, worldOf: (tableId: string) => Promise<string>,
): Promise<ViewRequest> {
  if (request.whole) {
    if (request.seat !== undefined) throw new BadRequest('ask either for the whole state (whole: true) or for a seat\'s view (seat), not both');
    return { whole: true };
  }
  if (request.seat === undefined) {
    if (request.seatToken !== undefined) throw new BadRequest('seatToken comes with seat: name the seat the token is for');
    return { viewer: PUBLIC, ...(request.since === undefined ? {} : { since: request.since }) };
  }
  if (!gate.enforced) {
    throw new Forbidden(`this deployment holds no gateway key (CHRONICLE_GATEWAY_PUBLIC_KEY), so no seat can be proven: ask for the public view of table ${request.tableId}`);
  }
  if (request.seatToken === undefined) {
    throw new Forbidden(`the view of seat ${request.seat} at table ${request.tableId} needs the seat token the gateway gave its player (seatToken)`);
  }
  const seat = await gate.seatFor({ tableId: request.tableId, seat: request.seat, seatToken: request.seatToken }, now, worldOf);
  return { viewer: seat, ...(request.since === undefined ? {} : { since: request.since }) };
}

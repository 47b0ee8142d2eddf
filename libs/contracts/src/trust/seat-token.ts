import { sign, verify, type KeyObject } from 'node:crypto';
import { Forbidden } from '../errors';

/**
 * Who acts for a seat. Players reach the bus through a gateway that authenticates them (its
 * own login, sessions, …) and hands each a seat token: the gateway's Ed25519 signature over
 * "this holder plays `seat` at `tableId` until `expiresAt`". The executors take the seat of
 * an intent from that token, never from the payload alone: an intent whose `seat` is not the
 * token's, or whose token is missing, expired, for another table or not signed by the
 * gateway's key, is `FORBIDDEN`. NATS permissions (deploy/nats) let outsiders submit intents
 * but not forge anything else; the token is what ties an intent to a person.
 *
 * Form: `base64url(JSON claims) "." base64url(signature of "chronicle-seat-v1\n" + the first part)`.
 */
export interface SeatClaimsV1 {
  v: 1;
  tableId: string;
  seat: string;
  /** ISO 8601; the token is refused from then on. */
  expiresAt: string;
}

const CONTEXT = 'chronicle-seat-v1\n';

/** What a gateway does once it has authenticated a player. */
export function issueSeatToken(gatewayKey: KeyObject, claims: Omit<SeatClaimsV1, 'v'>): string {
  const body = Buffer.from(JSON.stringify({ v: 1, ...claims })).toString('base64url');
  return `${body}.${sign(null, Buffer.from(CONTEXT + body), gatewayKey).toString('base64url')}`;
}

/**
 * The seat an intent may act for. With the gateway's public key: the token's seat, which must
 * be the one the intent names, at this table, before it expires. Without a key (tests, a
 * deployment that trusts every submitter): the named seat, as before.
 */
export class SeatGate {
  constructor(private readonly gatewayPublicKey: KeyObject | undefined) {}

  get enforced(): boolean {
    return this.gatewayPublicKey !== undefined;
  }

  seatFor(intent: { tableId: string; seat: string; seatToken?: string }, now: Date): string {
    if (!this.gatewayPublicKey) return intent.seat;
    if (!intent.seatToken) throw new Forbidden(`an intent at table ${intent.tableId} needs a seat token from the gateway`);
    const claims = this.claims(intent.seatToken);
    if (claims.tableId !== intent.tableId) throw new Forbidden(`the seat token is for table ${claims.tableId}, not ${intent.tableId}`);
    if (claims.seat !== intent.seat) throw new Forbidden(`the seat token lets its holder act for ${claims.seat}, not ${intent.seat}`);
    if (!(Date.parse(claims.expiresAt) > now.getTime())) throw new Forbidden(`the seat token expired at ${claims.expiresAt}: ask the gateway for a new one`);
    return claims.seat;
  }

  private claims(token: string): SeatClaimsV1 {
    const [body, signature, extra] = token.split('.');
    const bad = new Forbidden('the seat token is not one the gateway signed');
    if (!body || !signature || extra !== undefined) throw bad;
    if (!verify(null, Buffer.from(CONTEXT + body), this.gatewayPublicKey!, Buffer.from(signature, 'base64url'))) throw bad;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SeatClaimsV1;
    if (claims.v !== 1 || typeof claims.tableId !== 'string' || typeof claims.seat !== 'string' || typeof claims.expiresAt !== 'string') throw bad;
    return claims;
  }
}

import { sign, verify, type KeyObject } from 'node:crypto';
import { Forbidden } from '../errors';

/**
 * Who acts for a seat. Players reach the bus through the gateway (apps/gateway), which
 * authenticates them and hands each a **seat proof**: a JWT (RFC 7519) signed with the
 * gateway's Ed25519 key (JWS `alg: "EdDSA"`, RFC 8037) saying "this holder plays `sub` in
 * world `world` until `exp`". It holds for every chapter of the world: a chapter is a table
 * whose options name its world (`readChapter`), and a table outside any world is its own
 * world. The executors take the seat of an intent from the proof, never from the payload
 * alone: an intent whose `seat` is not the proof's, or whose proof is missing, expired, for
 * another world or not signed by the gateway's key, is `FORBIDDEN`.
 *
 * Any JOSE library reads it (header `{"alg":"EdDSA","typ":"JWT"}`); the check here is one
 * Ed25519 verification with node:crypto, as the token before it was.
 */
export interface SeatClaimsV1 {
  iss: typeof ISSUER;
  aud: typeof AUDIENCE;
  /** The seat. */
  sub: string;
  world: string;
  /** Seconds since the epoch, as JWT has them. */
  iat: number;
  exp: number;
}

const ISSUER = 'chronicle-gateway';
const AUDIENCE = 'chronicle-executors';
const HEADER = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url');

/** What the gateway does once it has authenticated a player and found their seat in a world. */
export function issueSeatToken(gatewayKey: KeyObject, claims: { world: string; seat: string; expiresAt: Date }, now = new Date()): string {
  const body: SeatClaimsV1 = {
    iss: ISSUER, aud: AUDIENCE, sub: claims.seat, world: claims.world,
    iat: Math.floor(now.getTime() / 1000), exp: Math.floor(claims.expiresAt.getTime() / 1000),
  };
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(body)).toString('base64url')}`;
  return `${signed}.${sign(null, Buffer.from(signed), gatewayKey).toString('base64url')}`;
}

/**
 * The seat an intent may act for. With the gateway's public key: the proof's seat, which must
 * be the one the intent names, in the world of the intent's table, before it expires.
 * Without a key (tests, a deployment that trusts every submitter): the named seat, as sent.
 */
export class SeatGate {
  constructor(private readonly gatewayPublicKey: KeyObject | undefined) {}

  get enforced(): boolean {
    return this.gatewayPublicKey !== undefined;
  }

  /** `worldOf` names the world of a table (asked only once the proof's signature holds). */
  async seatFor(intent: { tableId: string; seat: string; seatToken?: string }, now: Date, worldOf: (tableId: string) => Promise<string>): Promise<string> {
    if (!this.gatewayPublicKey) return intent.seat;
    if (!intent.seatToken) throw new Forbidden(`an intent at table ${intent.tableId} needs a seat token from the gateway`);
    const claims = this.claims(intent.seatToken);
    if (claims.sub !== intent.seat) throw new Forbidden(`the seat token lets its holder act for ${claims.sub}, not ${intent.seat}`);
    if (!(claims.exp * 1000 > now.getTime())) throw new Forbidden(`the seat token expired at ${new Date(claims.exp * 1000).toISOString()}: ask the gateway for a new one`);
    const world = await worldOf(intent.tableId);
    if (claims.world !== world) throw new Forbidden(`the seat token is for world ${claims.world}, not ${world} (table ${intent.tableId})`);
    return claims.sub;
  }

  private claims(token: string): SeatClaimsV1 {
    const bad = new Forbidden('the seat token is not one the gateway signed');
    const [header, body, signature, extra] = token.split('.');
    // Only this exact header: no `alg: none`, no other algorithm, no key named by the token.
    if (header !== HEADER || !body || !signature || extra !== undefined) throw bad;
    if (!verify(null, Buffer.from(`${header}.${body}`), this.gatewayPublicKey!, Buffer.from(signature, 'base64url'))) throw bad;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SeatClaimsV1;
    if (claims.iss !== ISSUER || claims.aud !== AUDIENCE || typeof claims.sub !== 'string' || typeof claims.world !== 'string'
      || typeof claims.exp !== 'number') throw bad;
    return claims;
  }
}

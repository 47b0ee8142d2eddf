import {
  createHash, createPublicKey, constants, randomBytes, verify, type JsonWebKey, type KeyObject, type SigningOptions, type VerifyKeyObjectInput,
} from 'node:crypto';

/** The relying party's settings (the gateway's `OIDC_*` environment). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Null for a public client (PKCE alone). */
  clientSecret: string | null;
  /** The gateway's callback as the provider knows it (`…/api/v1/auth/oidc/callback`). */
  redirectUri: string;
  scopes: string;
}

/** What the provider proved: who (its issuer and subject: the account's key) and a name to begin a username with. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  preferredName: string;
}

/** What a sign-in keeps between sending the browser to the provider and its return. */
export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
}

/** A sign-in the provider's answer does not prove (a caller's or the provider's fault, never the gateway's). */
export class OidcRefused extends Error {}

/** The provider cannot be reached or answers out of shape. */
export class OidcUnavailable extends Error {}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  authorization_response_iss_parameter_supported?: boolean;
}

/** The ID token signatures accepted (never `none`, never a MAC with the client secret). */
const ALGORITHMS: Record<string, { kty: string; hash: string | null; options?: SigningOptions }> = {
  RS256: { kty: 'RSA', hash: 'sha256' },
  PS256: { kty: 'RSA', hash: 'sha256', options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST } },
  ES256: { kty: 'EC', hash: 'sha256', options: { dsaEncoding: 'ieee-p1363' } },
  EdDSA: { kty: 'OKP', hash: null },
};

/** How far the provider's clock may stand from ours. */
const CLOCK_SKEW_S = 60;
/** A JWKS is read again for an unknown key id at most this often (a rotated key is found; a forged kid cannot make us hammer the provider). */
const JWKS_REFRESH_MS = 60_000;

const random = (): string => randomBytes(32).toString('base64url');

/**
 * An OpenID Connect relying party for the authorization code flow with PKCE (S256), state and
 * nonce: the provider's discovery document read once, the code exchanged at its token
 * endpoint, the ID token's signature checked against its JWKS and its claims (issuer,
 * audience, expiry, nonce) checked here.
 */
export class OidcClient {
  private discovered?: Promise<Discovery>;
  private keys: { at: number; keys: JsonWebKey[] } | undefined;

  constructor(private readonly settings: OidcSettings, private readonly timeoutMs = 10_000) {}

  /** A new sign-in: the provider's URL to send the browser to, and the flow to keep until it returns. */
  async begin(): Promise<{ url: string; flow: OidcFlow }> {
    const provider = await this.discovery();
    const flow: OidcFlow = { state: random(), nonce: random(), verifier: random() };
    const url = new URL(provider.authorization_endpoint);
    const params = {
      response_type: 'code', client_id: this.settings.clientId, redirect_uri: this.settings.redirectUri, scope: this.settings.scopes,
      state: flow.state, nonce: flow.nonce, code_challenge: createHash('sha256').update(flow.verifier).digest('base64url'), code_challenge_method: 'S256',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return { url: url.toString(), flow };
  }

  /** The browser's return: the code exchanged (with the flow's PKCE verifier) and the ID token proved. */
  async finish(code: string, iss: string | undefined, flow: OidcFlow): Promise<OidcIdentity> {
    const provider = await this.discovery();
    // RFC 9207: the answer names its issuer, so that one provider's code is never sent to another.
    if (iss !== undefined ? iss !== provider.issuer : provider.authorization_response_iss_parameter_supported === true) {
      throw new OidcRefused(`the answer's issuer ${iss ?? '(none)'} is not ${provider.issuer}`);
    }
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: this.settings.redirectUri, code_verifier: flow.verifier });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (this.settings.clientSecret === null) body.set('client_id', this.settings.clientId);
    else headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(this.settings.clientId)}:${encodeURIComponent(this.settings.clientSecret)}`).toString('base64')}`;
    const res = await this.fetch(provider.token_endpoint, { method: 'POST', headers, body });
    const tokens = await res.json().catch(() => ({})) as { id_token?: unknown; error?: unknown; error_description?: unknown };
    if (!res.ok) throw new OidcRefused(`the provider refused the code: ${String(tokens.error ?? res.status)}${typeof tokens.error_description === 'string' ? ` (${tokens.error_description.slice(0, 200)})` : ''}`);
    if (typeof tokens.id_token !== 'string') throw new OidcRefused('the provider answered no id_token (is "openid" among OIDC_SCOPES?)');
    const claims = await this.verifiedClaims(tokens.id_token, provider);
    if (claims.nonce !== flow.nonce) throw new OidcRefused('the ID token\'s nonce is not this sign-in\'s');
    const name = [claims.preferred_username, claims.nickname, claims.name].find((n): n is string => typeof n === 'string' && n.length > 0);
    return { issuer: provider.issuer, subject: claims.sub as string, preferredName: name ?? '' };
  }

  private async verifiedClaims(token: string, provider: Discovery): Promise<Record<string, unknown>> {
    const parts = token.split('.');
    if (parts.length !== 3) throw new OidcRefused('the ID token is not a signed JWT');
    const [head, body, signature] = parts as [string, string, string];
    const header = decodePart(head);
    const algorithm = ALGORITHMS[String(header.alg)];
    if (!algorithm) throw new OidcRefused(`the ID token's algorithm ${String(header.alg)} is not accepted (${Object.keys(ALGORITHMS).join(', ')})`);
    const key = await this.key(provider, typeof header.kid === 'string' ? header.kid : undefined, algorithm.kty);
    const signed = verify(algorithm.hash, Buffer.from(`${head}.${body}`), { key, ...algorithm.options } satisfies VerifyKeyObjectInput, Buffer.from(signature, 'base64url'));
    if (!signed) throw new OidcRefused('the ID token\'s signature does not hold');
    const claims = decodePart(body);
    const now = Date.now() / 1000;
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== provider.issuer) throw new OidcRefused(`the ID token's issuer is not ${provider.issuer}`);
    if (!audience.includes(this.settings.clientId) || (audience.length > 1 && claims.azp !== this.settings.clientId)) throw new OidcRefused('the ID token is not for this client');
    if (typeof claims.exp !== 'number' || claims.exp < now - CLOCK_SKEW_S) throw new OidcRefused('the ID token has expired');
    if (typeof claims.iat === 'number' && claims.iat > now + CLOCK_SKEW_S) throw new OidcRefused('the ID token is issued in the future');
    if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) throw new OidcRefused('the ID token names no subject');
    return claims;
  }

  /** The provider's key for `kid` (or its only key of that type), reading its JWKS again when the key is new. */
  private async key(provider: Discovery, kid: string | undefined, kty: string): Promise<KeyObject> {
    const pick = (keys: JsonWebKey[]) => {
      const usable = keys.filter((k) => k.kty === kty && (k.use === undefined || k.use === 'sig'));
      return kid === undefined ? (usable.length === 1 ? usable[0] : undefined) : usable.find((k) => k.kid === kid);
    };
    let found = this.keys ? pick(this.keys.keys) : undefined;
    if (!found && (!this.keys || Date.now() - this.keys.at >= JWKS_REFRESH_MS)) {
      const jwks = await (await this.fetch(provider.jwks_uri, { headers: { accept: 'application/json' } })).json().catch(() => null) as { keys?: unknown } | null;
      if (!Array.isArray(jwks?.keys)) throw new OidcUnavailable(`the provider's JWKS (${provider.jwks_uri}) has no keys`);
      this.keys = { at: Date.now(), keys: jwks.keys as JsonWebKey[] };
      found = pick(this.keys.keys);
    }
    if (!found) throw new OidcRefused(`no key of the provider signs this ID token (kid ${kid ?? '(none)'})`);
    return createPublicKey({ key: found, format: 'jwk' });
  }

  private discovery(): Promise<Discovery> {
    this.discovered ??= (async () => {
      const url = `${this.settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const document = await (await this.fetch(url, { headers: { accept: 'application/json' } })).json().catch(() => null) as Partial<Discovery> | null;
      if (!document || typeof document.authorization_endpoint !== 'string' || typeof document.token_endpoint !== 'string' || typeof document.jwks_uri !== 'string') {
        throw new OidcUnavailable(`${url} is not an OpenID Connect discovery document`);
      }
      // OIDC Discovery §4.3: the document's issuer is exactly the one configured.
      if (document.issuer !== this.settings.issuer) throw new OidcUnavailable(`the provider names itself ${String(document.issuer)}, not OIDC_ISSUER ${this.settings.issuer}`);
      return document as Discovery;
    })();
    // A provider that was down is asked again next time.
    this.discovered.catch(() => (this.discovered = undefined));
    return this.discovered;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new OidcUnavailable(`the provider cannot be reached at ${url}: ${String(error)}`);
    }
  }
}

function decodePart(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw new OidcRefused('the ID token is not a JWT');
}

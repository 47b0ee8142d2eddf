/**
 * What a log line may say about an error. Database drivers attach the statement's
 * parameters (a table's seed among them when an open fails) and PostgreSQL's `detail`
 * repeats the failing row; neither may reach a log. Anything seed-shaped (64 hex digits)
 * left in a message or stack is masked too: a commitment or state hash looks the same, and
 * losing one from an error line is cheaper than leaking a seed.
 */
const SEED_SHAPED = /(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g;

/** Driver fields that name places, never values. */
const SAFE_FIELDS = ['code', 'errno', 'syscall', 'severity', 'routine', 'table', 'column', 'constraint', 'schema'] as const;

export function maskSeeds(text: string): string {
  return text.replace(SEED_SHAPED, '[64 hex digits hidden]');
}

/** A loggable copy of an error: type, masked message and stack, safe driver fields, causes. */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return { message: maskSeeds(String(error)) };
  const e = error as Error & Record<string, unknown>;
  // pino's standard serializer may have turned it into a plain object with a `type` already.
  const type = typeof e.type === 'string' ? e.type : e.constructor?.name ?? 'Error';
  const out: Record<string, unknown> = { type, message: maskSeeds(String(e.message ?? '')) };
  if (typeof e.stack === 'string') out.stack = maskSeeds(e.stack);
  for (const field of SAFE_FIELDS) {
    if (typeof e[field] === 'string' || typeof e[field] === 'number') out[field] = e[field];
  }
  if (typeof e.query === 'string') out.query = maskSeeds(e.query);
  if (depth < 3) {
    if (e.driverError !== undefined && e.driverError !== e) out.driverError = safeError(e.driverError, depth + 1);
    if (e.cause !== undefined) out.cause = safeError(e.cause, depth + 1);
  }
  return out;
}

const SECRET_NAME = /KEY|PASSWORD|SECRET|TOKEN|CREDENTIAL/i;

/** A configuration value as it may be printed: secrets hidden, passwords cut out of URLs. */
export function printableSetting(name: string, value: string | undefined): string {
  if (value === undefined) return '(default)';
  if (SECRET_NAME.test(name)) return `(hidden, ${value.length} characters)`;
  return JSON.stringify(value.replace(/(\/\/[^/:@]*:)[^@/]*@/, '$1***@'));
}

/** Query parameters whose values are credentials (an OIDC provider's `code` and `state`, a token). */
const SECRET_QUERY = /^(code|state|token|access_token|id_token|session|password|secret|key)$/i;

/** Parsed query parameters as they may be logged: credential-carrying values hidden. */
export function redactedParams(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, SECRET_QUERY.test(name) ? '[redacted]' : value]));
}

/** A request URL as it may be logged: the values of credential-carrying query parameters hidden. */
export function redactQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url.slice(q + 1).split('&').map((param) => {
    const eq = param.indexOf('=');
    return eq > 0 && SECRET_QUERY.test(param.slice(0, eq)) ? `${param.slice(0, eq)}=[redacted]` : param;
  });
  return `${url.slice(0, q + 1)}${params.join('&')}`;
}

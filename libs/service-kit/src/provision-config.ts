import type { StorageLimits, TopologyLimits } from '@chronicle/bus';
import { Type } from 'class-transformer';
import { IsIn, IsString } from 'class-validator';
import { ConfigError, ServiceConfig } from './config';

/** What the provisioning step reads: where NATS is, and how much of it each stream and bucket may take. */
export class ProvisionConfig extends ServiceConfig {
  /** Copies of every stream and bucket: 1 on a single server, 3 (or 5) on a JetStream cluster. */
  @Type(() => Number) @IsIn([1, 3, 5]) NATS_REPLICAS = 1;
  /**
   * Limits per stream role or bucket name, as JSON, e.g.
   * `{"MOVES":{"maxAge":"30d","maxBytes":"50GiB"},"SNAPSHOTS":{"maxBytes":"10GiB","discard":"new"}}`;
   * keys: `replicas`, `maxAge` (`90s`, `12h`, `30d`; a bucket's TTL), `maxBytes` (`512MiB`,
   * `10GiB`), `discard` (`old` | `new`). Unnamed streams and buckets have no limits.
   */
  @IsString() NATS_LIMITS = '';
}

const DURATION = /^(\d+)(ms|s|m|h|d)$/;
const DURATION_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const SIZE = /^(\d+)(B|KiB|MiB|GiB|TiB)$/;
const SIZE_BYTES: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 };

/** The limits the configuration asks for; a malformed `NATS_LIMITS` is a ConfigError naming it. */
export function topologyLimits(config: ProvisionConfig): TopologyLimits {
  const reasons: string[] = [];
  const byName: Record<string, StorageLimits> = {};
  let raw: unknown = {};
  try {
    raw = config.NATS_LIMITS === '' ? {} : JSON.parse(config.NATS_LIMITS);
  } catch (error) {
    reasons.push(`NATS_LIMITS is not JSON (${String(error)})`);
  }
  if (!isObject(raw)) reasons.push('NATS_LIMITS must be a JSON object of stream or bucket name → limits');
  else {
    for (const [name, entry] of Object.entries(raw)) {
      if (!isObject(entry)) {
        reasons.push(`NATS_LIMITS.${name} must be an object`);
        continue;
      }
      byName[name] = parseLimits(name, entry, reasons);
    }
  }
  if (reasons.length > 0) throw new ConfigError(reasons, ['NATS_LIMITS']);
  return { replicas: config.NATS_REPLICAS, byName };
}

function parseLimits(name: string, entry: Record<string, unknown>, reasons: string[]): StorageLimits {
  const limits: StorageLimits = {};
  for (const [key, value] of Object.entries(entry)) {
    const where = `NATS_LIMITS.${name}.${key}=${JSON.stringify(value)}`;
    if (key === 'replicas' && (value === 1 || value === 3 || value === 5)) limits.replicas = value;
    else if (key === 'maxAge' && typeof value === 'string' && DURATION.test(value)) {
      const [, amount, unit] = DURATION.exec(value)!;
      limits.maxAgeMs = Number(amount) * DURATION_MS[unit!]!;
    } else if (key === 'maxBytes' && typeof value === 'string' && SIZE.test(value)) {
      const [, amount, unit] = SIZE.exec(value)!;
      limits.maxBytes = Number(amount) * SIZE_BYTES[unit!]!;
    } else if (key === 'discard' && (value === 'old' || value === 'new')) limits.discard = value;
    else reasons.push(`${where}: expected replicas (1, 3, 5), maxAge ("30d"), maxBytes ("10GiB") or discard ("old", "new")`);
  }
  return limits;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

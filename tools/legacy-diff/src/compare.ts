/** The first field where two JSON-like values differ, as a path and both values; null when equal. */
export function firstDifference(legacy: unknown, ours: unknown, path = '$'): string | null {
  if (typeof legacy === 'number' && typeof ours === 'number') {
    return Object.is(legacy, ours) || legacy === ours ? null : `${path}: legacy ${legacy}, sammo ${ours}`;
  }
  if (Array.isArray(legacy) && Array.isArray(ours)) {
    for (let i = 0; i < Math.max(legacy.length, ours.length); i++) {
      const d = firstDifference(legacy[i], ours[i], `${path}[${i}]`);
      if (d !== null) return d;
    }
    return null;
  }
  if (isRecord(legacy) && isRecord(ours)) {
    for (const key of new Set([...Object.keys(legacy), ...Object.keys(ours)])) {
      const d = firstDifference(legacy[key], ours[key], `${path}.${key}`);
      if (d !== null) return d;
    }
    return null;
  }
  return legacy === ours ? null : `${path}: legacy ${JSON.stringify(legacy)}, sammo ${JSON.stringify(ours)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

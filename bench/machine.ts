import { readFileSync } from 'node:fs';
import os from 'node:os';

/** One line describing where a benchmark ran, printed before its figures. */
export function machine(): string {
  const cpus = os.cpus();
  const gib = (os.totalmem() / 2 ** 30).toFixed(0);
  return `${cpus[0]?.model ?? 'unknown cpu'} x${cpus.length}, ${gib} GiB, node ${process.version}, ${os.platform()} ${os.release()}`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

/** Milliseconds taken by `fn`, with its result. */
export function timed<T>(fn: () => T): { ms: number; value: T } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

export function mib(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}

/**
 * CPU time (user + system, ms) a process used so far, from /proc (Linux; NaN elsewhere).
 * Unlike latency, it barely moves when other work shares the machine: a cost per operation
 * that runs on a loaded machine still compares with one on a quiet machine.
 */
export function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** Linux's USER_HZ: /proc times are in these ticks. */
const CLOCK_TICKS = 100;

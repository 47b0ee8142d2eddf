import pino from 'pino';
import { ConfigError } from './config';
import { printableSetting } from './redact';

/**
 * A dependency named by a variable could not be reached at start: the operator fixes that
 * variable (or what it points at), so the message names it.
 */
export class StartupError extends Error {
  constructor(readonly variables: string[], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/**
 * Runs a connection attempt of a start-up dependency; its failure becomes a StartupError
 * naming `variable` and where it points.
 */
export async function dependency<T>(variable: string, value: string, what: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    // A refused login is about the credentials, not the address.
    const refused = variable === 'NATS_URL' && /authori[sz]ation|authentication/i.test(reason(error));
    throw new StartupError(refused ? ['NATS_USER', 'NATS_PASSWORD'] : [variable],
      `cannot reach ${what} at ${variable}=${printableSetting(variable, value)}: ${reason(error)}`, { cause: error });
  }
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(reason).join('; ');
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

/** The variables an operator has to look at for this start-up failure (none when it is not theirs). */
export function variablesToFix(error: unknown): string[] {
  if (error instanceof StartupError) return error.variables;
  if (error instanceof ConfigError) return error.variables;
  if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') return ['HTTP_PORT'];
  return [];
}

/**
 * The one line a failed start writes (pino JSON, like every other line of the service):
 * what failed, and which variables to fix. A failure no variable explains (a bug) carries
 * its stack, inside the same line.
 */
export function logStartupFailure(logger: pino.Logger, service: string, error: unknown): void {
  const variables = variablesToFix(error);
  const message = error instanceof ConfigError ? error.reasons.join('; ') : reason(error);
  const msg = `${service} did not start: ${message}${variables.length > 0 ? ` (fix ${variables.join(', ')})` : ''}`;
  logger.fatal(variables.length > 0 ? { variables } : { variables, err: error }, msg);
}

/** A logger for the time before the Nest app (and its pino logger) exists, or after it failed. */
export function bootLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): pino.Logger {
  return pino({ name: service, level: pino.levels.values[level] === undefined && level !== 'silent' ? 'info' : level }, logDestination());
}

let destination: pino.DestinationStream | undefined;

/**
 * Where every log line of a service goes: stdout, written synchronously. pino's default
 * buffers and writes in the background; a service that logs its last lines and calls
 * `process.exit` then had them flushed out of order (seen: "stopped" before "stopping" in
 * a stopped service's log). A log line is a few hundred bytes: the write costs little.
 */
export function logDestination(): pino.DestinationStream {
  destination ??= pino.destination({ dest: 1, sync: true });
  return destination;
}

import { engine, GameLog, stateHash } from '@chronicle/engine';
import { addTurn, sammo, type World } from '@chronicle/sammo';

export interface SammoDemoOptions {
  /** Game months to run; undefined runs until `signal` aborts (Ctrl-C). */
  months?: number;
  /** Turn length in minutes of game clock (default 60). */
  turnterm?: number;
  /** Stops an open-ended run between two months. */
  signal?: AbortSignal;
}

export interface SammoDemoResult {
  months: number;
  moves: number;
  tables: number;
}

const TOP_NATIONS = 8;

/**
 * Runs the sample world (scenario 1020 on the `che` map) in-process through the engine:
 * the seed commitment is shown at the opening, one `advance` move per game month, a
 * chronicle line per month (notable events, general turns per second) and a table of the
 * nations every January; at the end the log is verified against the commitment by a
 * fresh replay. With `months` set the caller prints `RESULT demo months=… moves=… tables=…`.
 */
export async function runSammoDemo(options: SammoDemoOptions, out: (line: string) => void): Promise<SammoDemoResult> {
  const log = GameLog.open({
    tableId: 'demo-sammo', gameId: sammo.id, rulesVersion: sammo.version, seats: [],
    options: { world: 'sample', turnterm: options.turnterm ?? 60 },
  });
  const commitment = log.commitment();
  const state = engine.setup(sammo, log.header());
  const world: World = state.data;
  out(`${world.env.title}: ${world.nations.size} nations, ${world.generals.size} generals, ${world.cities.length - 1} cities`);
  out(`commitment to the seed (SHA-256): ${commitment}`);
  printNations(world, out);

  let lastSeen = world.history.at(-1);
  let until = world.env.turntime;
  let months = 0;
  let totalTurns = 0;
  let totalMs = 0;
  while ((options.months === undefined || months < options.months) && !options.signal?.aborted && state.outcome === null) {
    until = addTurn(until, world.env.turnterm);
    const turnsBefore = world.env.generalTurns;
    const started = performance.now();
    log.append(engine.step(sammo, log.header(), state, null, { type: 'advance', until }).move);
    const ms = performance.now() - started;
    const turns = world.env.generalTurns - turnsBefore;
    months += 1;
    totalTurns += turns;
    totalMs += ms;
    // Entries are kept by identity while the history is trimmed, so the last one seen marks the place.
    const fresh = world.history.slice(lastSeen === undefined ? 0 : world.history.lastIndexOf(lastSeen) + 1);
    lastSeen = world.history.at(-1) ?? lastSeen;
    out(`${world.env.year}년 ${String(world.env.month).padStart(2)}월  ${turns} general turns in ${ms.toFixed(1)} ms (${rate(turns, ms)} turns/s)`);
    for (const event of fresh.slice(-6)) out(`    ${event.year}.${event.month} ${event.text}`);
    if (fresh.length > 6) out(`    … and ${fresh.length - 6} more`);
    if (world.env.month === 1) printNations(world, out);
    // Yield between months so that Ctrl-C can land.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (state.outcome) out(`the game is over: ${state.outcome.result}`);
  out(`ran ${months} months, ${totalTurns} general turns in ${totalMs.toFixed(0)} ms (${rate(totalTurns, totalMs)} turns/s)`);

  const verified = engine.verify(sammo, GameLog.fromArray(JSON.parse(JSON.stringify(log.toArray()))), commitment);
  const hash = stateHash(sammo, state);
  if (stateHash(sammo, verified) !== hash) throw new Error('the verified replay does not reach the state that was played');
  out(`verified: the seed matches the commitment and the ${log.revision} moves replay to the same state (${hash.slice(0, 16)}…)`);
  return { months, moves: log.revision, tables: 1 };
}

function printNations(world: World, out: (line: string) => void): void {
  const cities = new Map<number, string[]>();
  for (const city of world.cities.slice(1)) if (city.nation !== 0) cities.set(city.nation, [...(cities.get(city.nation) ?? []), city.name]);
  const nations = [...world.nations.values()].sort((a, b) => b.power - a.power || a.id - b.id);
  out(`  ── ${world.env.year}년 ${world.env.month}월: ${nations.length} nations ──`);
  for (const n of nations.slice(0, TOP_NATIONS)) {
    const owned = cities.get(n.id) ?? [];
    out(`  ${n.name.padEnd(4)} power ${String(n.power).padStart(6)}  level ${n.level}  generals ${String(n.gennum).padStart(3)}  gold ${n.gold}  rice ${n.rice}  cities ${owned.length}: ${owned.slice(0, 6).join(' ')}${owned.length > 6 ? ' …' : ''}`);
  }
  if (nations.length > TOP_NATIONS) out(`  … ${nations.length - TOP_NATIONS} smaller nations`);
}

function rate(turns: number, ms: number): number {
  return ms > 0 ? Math.round((turns / ms) * 1000) : 0;
}

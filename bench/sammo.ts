// The strategy game at scale: a synthetic 1,200-general world (900 NPCs, 300 players who keep
// their queues full of domestic commands) advanced month by month through the engine.
// Prints general turns per second, the wall time of a month (p50/p95) and heap per general;
// then the views of that world (its logs full) against writing the whole state: a seat's,
// averaged over every player seat, and the public one.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { engine, GameLog } from '@chronicle/engine';
import { addTurn, publicView, sammo, seatView, writeWorld, type World } from '@chronicle/sammo';
import { percentile } from './machine';

const GENERALS = 1200;
const WARMUP_MONTHS = 12;
const MEASURED_MONTHS = 120;
const PLAYER_COMMANDS = ['farm', 'commerce', 'patrol', 'fortify', 'repair-wall', 'settle', 'goodwill', 'research'];

function forceGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}

/** The seats of the world's players, read from a throwaway setup (which generals are players does not depend on the seed). */
function playerSeats(options: Record<string, string | number>): string[] {
  const header = GameLog.open({ tableId: 'probe', gameId: sammo.id, rulesVersion: sammo.version, seats: [], options, seed: '00'.repeat(32) }).header();
  return [...engine.setup(sammo, header).data.generals.values()].filter((g) => g.owner !== null).map((g) => g.owner!);
}

export async function main(args: string[]): Promise<void> {
  const months = Number(args[0] ?? MEASURED_MONTHS);
  const gc = forceGc();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;

  const options = { world: 'synthetic', generals: GENERALS, cities: 94, nations: 12, turnterm: 60 };
  const seats = playerSeats(options);
  const log = GameLog.open({ tableId: 'bench-sammo', gameId: sammo.id, rulesVersion: sammo.version, seats, options });
  const state = engine.setup(sammo, log.header());
  const world: World = state.data;
  const play = (seat: string | null, payload: Parameters<typeof engine.step>[4]) => log.append(engine.step(sammo, log.header(), state, seat, payload).move);
  const players = [...world.generals.values()].filter((g) => g.owner !== null);
  console.log(`world: ${world.generals.size} generals (${world.generals.size - players.length} NPC, ${players.length} players), ${world.cities.length - 1} cities, ${world.nations.size} nations`);

  const refill = () => {
    for (const g of players) {
      if (!world.generals.has(g.id)) continue;
      play(g.owner, { type: 'reserve', generalId: g.id, command: PLAYER_COMMANDS[g.id % PLAYER_COMMANDS.length]!, slots: Array.from({ length: 30 }, (_, i) => i) });
    }
  };

  let until = world.env.turntime;
  const advance = () => {
    until = addTurn(until, world.env.turnterm);
    const turnsBefore = world.env.generalTurns;
    const start = process.hrtime.bigint();
    play(null, { type: 'advance', until });
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, turns: world.env.generalTurns - turnsBefore };
  };

  refill();
  for (let i = 0; i < WARMUP_MONTHS; i++) advance();
  gc();
  const heapPerGeneral = (process.memoryUsage().heapUsed - heapBefore) / world.generals.size;

  const samples: number[] = [];
  let turns = 0;
  for (let i = 0; i < months; i++) {
    if (i % 24 === 0) refill();
    const { ms, turns: t } = advance();
    samples.push(ms);
    turns += t;
  }
  const totalMs = samples.reduce((a, b) => a + b, 0);
  const sorted = [...samples].sort((a, b) => a - b);
  const e = world.env;
  console.log(`measured ${months} months (${e.year - months / 12}–${e.year}), ${turns} general turns in ${totalMs.toFixed(0)} ms; ${world.generals.size} generals left, ${world.nations.size} nations`);
  console.log(
    `RESULT sammo general_turns_per_s=${Math.round(turns / (totalMs / 1000))} month_p50_ms=${percentile(sorted, 50).toFixed(1)} ` +
      `month_p95_ms=${percentile(sorted, 95).toFixed(1)} heap_bytes_per_general=${Math.round(heapPerGeneral)}`,
  );
  measureViews(world);
}

/** Mean µs of `fn` over `runs` calls. */
function meanMicros(runs: number, fn: (i: number) => unknown): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) fn(i);
  return Number(process.hrtime.bigint() - start) / 1e3 / runs;
}

function measureViews(world: World): void {
  const seats = [...world.generals.values()].filter((g) => g.owner !== null).map((g) => g.owner!);
  for (const seat of seats) seatView(world, seat);
  publicView(world);
  const seat = meanMicros(seats.length * 3, (i) => seatView(world, seats[i % seats.length]!));
  const pub = meanMicros(50, () => publicView(world));
  const whole = meanMicros(10, () => writeWorld(world));
  console.log(`views over ${seats.length} seats, ${world.logs.length} log lines kept`);
  console.log(`RESULT views seat_view_us=${Math.round(seat)} public_view_us=${Math.round(pub)} write_world_us=${Math.round(whole)}`);
}

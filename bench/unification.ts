// The whole strategy game: the NPC-only sample world (scenario 1020 on the che map) advanced
// month by month through the engine, with a fixed seed, until one nation holds every city
// (or a month cap). Prints game months, general turns, wall time, turns/s and peak RSS.
import { engine, GameLog, stateHash } from '@chronicle/engine';
import { loadavg } from 'node:os';
import { addTurn, sammo, type World } from '@chronicle/sammo';

const SEED = 'c0ffee'.repeat(10) + 'beef';
const MAX_MONTHS = 3000;

export async function main(args: string[]): Promise<void> {
  const maxMonths = Number(args[0] ?? MAX_MONTHS);
  const options = { world: 'sample', turnterm: 60 };
  const log = GameLog.open({ tableId: 'bench-unification', gameId: sammo.id, rulesVersion: sammo.version, seats: [], options, seed: SEED });
  const state = engine.setup(sammo, log.header());
  const world: World = state.data;
  console.log(`world: ${world.generals.size} generals, ${world.cities.length - 1} cities, ${world.nations.size} nations, from ${world.env.year}`);

  let peakRss = process.memoryUsage().rss;
  let until = world.env.turntime;
  let months = 0;
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  while (world.env.isunited === 0 && months < maxMonths) {
    until = addTurn(until, world.env.turnterm);
    log.append(engine.step(sammo, log.header(), state, null, { type: 'advance', until }).move);
    months += 1;
    if (months % 12 === 0) {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (months % 120 === 0) {
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        console.log(`  ${world.env.year}: ${world.nations.size} nations, ${world.generals.size} generals, ${world.env.generalTurns} general turns, ${seconds.toFixed(1)} s`);
      }
    }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const turns = world.env.generalTurns;
  const unified = world.env.isunited === 0 ? 0 : 1;
  const winner = unified ? world.nations.get(world.cities[1]!.nation)?.name : '-';
  console.log(`${unified ? `unified by ${winner}` : 'not unified'} in ${world.env.year}.${world.env.month} after ${months} months; ${turns} general turns in ${seconds.toFixed(1)} s; ${log.revision} moves`);
  // On a shared machine the wall time includes waiting for a core; the CPU time does not.
  console.log(`cpu ${cpuSeconds.toFixed(1)} s (${Math.round(turns / cpuSeconds)} general turns per cpu-second); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  // A change made for speed must leave this line as it was: the same game, byte for byte.
  console.log(`final state hash ${stateHash(sammo, state)}`);
  console.log(
    `RESULT unification unified=${unified} months=${months} general_turns=${turns} ` +
      `general_turns_per_s=${Math.round(turns / seconds)} peak_rss_mb=${Math.round(peakRss / 1048576)}`,
  );
}

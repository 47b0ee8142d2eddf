import type { GameState } from '@chronicle/engine';
import type { World } from '@chronicle/sammo';

const TOP_NATIONS = 8;

/** `184년 3월`: the game date of a world. */
export function gameDate(world: { env: Pick<World['env'], 'year' | 'month'> }): string {
  return `${world.env.year}년 ${String(world.env.month).padStart(2)}월`;
}

/** The nations, strongest first, each with its cities. */
export function nationLines(world: World, limit = TOP_NATIONS): string[] {
  const cities = new Map<number, string[]>();
  for (const city of world.cities.slice(1)) if (city.nation !== 0) cities.set(city.nation, [...(cities.get(city.nation) ?? []), city.name]);
  const nations = [...world.nations.values()].sort((a, b) => b.power - a.power || a.id - b.id);
  const lines = [`  ── ${gameDate(world)}: ${nations.length} nations ──`];
  for (const n of nations.slice(0, limit)) {
    const owned = cities.get(n.id) ?? [];
    lines.push(`  ${n.name.padEnd(4)} power ${String(n.power).padStart(6)}  level ${n.level}  generals ${String(n.gennum).padStart(3)}  gold ${n.gold}  rice ${n.rice}  cities ${owned.length}: ${owned.slice(0, 6).join(' ')}${owned.length > 6 ? ' …' : ''}`);
  }
  if (nations.length > limit) lines.push(`  … ${nations.length - limit} smaller nations`);
  return lines;
}

/**
 * Why a world can no longer change, or null while it can: its game is over (a nation
 * unified the land), or no nation is left to act.
 */
export function whyFinished(state: Readonly<GameState<World>>): string | null {
  if (state.outcome) return `the game is over: ${state.outcome.result}`;
  if (state.data.nations.size === 0) return 'no nation is left: the world can no longer change';
  return null;
}

/** Summary lines of a replayed state, for `chronicle replay`. */
export function summarize(gameId: string, state: GameState<unknown>): string[] {
  if (gameId !== 'sammo') return [state.outcome ? `outcome: ${state.outcome.result}` : `in play (turn ${state.turn})`];
  const world = state.data as World;
  return [`${world.env.title}: ${gameDate(world)}, ${world.generals.size} generals`, ...nationLines(world), ...(whyFinished(state as GameState<World>) ? [whyFinished(state as GameState<World>)!] : [])];
}

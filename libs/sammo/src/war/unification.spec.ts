import { engine, GameLog, IllegalMove, stateHash } from '@chronicle/engine';
import { sammo } from '../game';
import { regionScenario } from '../testing/region-scenario';
import { addTurn } from '../world/clock';

// A seed whose war ends with the last nation conquered (with others it dies out with its generals).
const SEED = 'ac'.repeat(32);

/** The sample cut down to 서북 (13 cities; 마등 and 장양, 10 NPCs), played month by month to the end. */
function playToUnification(seed: string) {
  const { scenario, map } = regionScenario([3]);
  const log = GameLog.open({ tableId: 'unification', gameId: sammo.id, rulesVersion: sammo.version, seats: [], options: { world: 'scenario', scenario, map }, seed });
  const state = engine.setup(sammo, log.header());
  const world = state.data;
  let until = world.env.turntime;
  for (let month = 0; month < 600 && !state.outcome; month++) {
    until = addTurn(until, world.env.turnterm);
    log.append(engine.step(sammo, log.header(), state, null, { type: 'advance', until }).move);
  }
  return { log, state, world };
}

describe('a whole game: an NPC-only world is fought over and won (checkEmperior)', () => {
  it('unifies, freezes, and the finished log replays and verifies to the same state', () => {
    const first = playToUnification(SEED);
    const { world, state, log } = first;
    expect(world.env.isunited).toBe(2);
    const owners = new Set(world.cities.slice(1).map((c) => c.nation));
    expect(owners.size).toBe(1);
    const [winner] = owners;
    expect(state.outcome?.result).toBe(`${world.nations.get(winner!)!.name} unified the land`);
    expect(world.history.some((h) => h.text.startsWith('【통일】'))).toBe(true);
    // Battles were fought and at least one nation fell on the way.
    expect([...world.generals.values()].some((g) => g.rank.warnum > 0)).toBe(true);
    expect(world.history.some((h) => h.text.startsWith('【멸망】'))).toBe(true);

    // The table is finished: the clock does not move and no move is accepted.
    expect(() => engine.step(sammo, log.header(), state, null, { type: 'advance', until: addTurn(world.env.turntime, 60) })).toThrow(IllegalMove);

    const second = playToUnification(SEED);
    expect(stateHash(sammo, second.state)).toBe(stateHash(sammo, state));
    const replayed = engine.verify(sammo, log, log.commitment());
    expect(stateHash(sammo, replayed)).toBe(stateHash(sammo, state));
    expect(replayed.outcome).toEqual(state.outcome);
  });
});

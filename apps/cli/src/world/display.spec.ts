import { engine, GameLog, type GameState } from '@chronicle/engine';
import { sammo, type World } from '@chronicle/sammo';
import { whyFinished } from './display';

/** The sample world as `npm start` opens it. */
function sampleWorld(): GameState<World> {
  const log = GameLog.open({ tableId: 'sample-world-c1', gameId: sammo.id, rulesVersion: sammo.version, seats: ['player-1'], options: { world: 'sample' } });
  return engine.setup(sammo, log.header()) as GameState<World>;
}

describe('a world that can no longer change', () => {
  it('is not one while nations are left and the game is on', () => {
    expect(whyFinished(sampleWorld())).toBeNull();
  });

  it('is one when no nation is left, with that reason', () => {
    const state = sampleWorld();
    state.data.nations.clear();
    expect(whyFinished(state)).toBe('no nation is left: the world can no longer change');
  });

  it('is one when its game is over (a nation unified the land), with the outcome', () => {
    const state = sampleWorld();
    state.outcome = { winners: ['player-1'], result: '조조 unified the land' };
    expect(whyFinished(state)).toBe('the game is over: 조조 unified the land');
  });
});

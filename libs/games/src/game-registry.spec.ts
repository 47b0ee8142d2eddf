import { IllegalMove, InvalidGame } from '@chronicle/engine';
import { diceRace } from '@chronicle/engine/examples';
import { sammo } from '@chronicle/sammo';
import { defaultGames, GameRegistry } from './game-registry';

describe('GameRegistry', () => {
  const games = defaultGames();

  it('serves the strategy game and the example games by id', () => {
    expect(games.forNewTable('sammo')).toBe(sammo);
    expect(games.forNewTable('dice-race')).toBe(diceRace);
    expect(games.forTable('t1', 'dice-race', diceRace.version)).toBe(diceRace);
  });

  it('refuses an unknown game for a new table, naming the ones it runs', () => {
    expect(() => games.forNewTable('chess')).toThrow(IllegalMove);
    expect(() => games.forNewTable('chess')).toThrow(/dice-race/);
  });

  it('refuses a stored table of a rules version it does not run', () => {
    expect(() => games.forTable('t1', 'dice-race', '0')).toThrow(InvalidGame);
    expect(() => games.forTable('t1', 'go', '1')).toThrow(/runs no go/);
  });

  it('refuses the same game twice', () => {
    expect(() => new GameRegistry([diceRace, diceRace])).toThrow(/registered twice/);
  });
});

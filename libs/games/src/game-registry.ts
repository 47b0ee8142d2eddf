import { IllegalMove, InvalidGame, type AnyGame } from '@chronicle/engine';
import { diceRace, journal, sealedBid, ticTacToe } from '@chronicle/engine/examples';
import { sammo } from '@chronicle/sammo';

/**
 * The games a service can run, by id, one rules version each. Every service that replays
 * or steps tables (log, snapshot, executor) must serve the same list, or a table it meets
 * cannot be rebuilt; they all take it from here.
 */
export class GameRegistry {
  private readonly games = new Map<string, AnyGame>();

  constructor(games: readonly AnyGame[]) {
    for (const game of games) {
      if (this.games.has(game.id)) throw new InvalidGame(`game ${game.id} is registered twice`);
      this.games.set(game.id, game);
    }
  }

  get ids(): string[] {
    return [...this.games.keys()];
  }

  /** For a new table: an unknown id is the caller's mistake. */
  forNewTable(gameId: string): AnyGame {
    const game = this.games.get(gameId);
    if (!game) throw new IllegalMove(`no game "${gameId}" here; this build runs: ${this.ids.join(', ')}`);
    return game;
  }

  /** For a stored table: its game and rules version must still be served, or it cannot be replayed. */
  forTable(tableId: string, gameId: string, rulesVersion: string): AnyGame {
    const game = this.games.get(gameId);
    if (!game || game.version !== rulesVersion) {
      throw new InvalidGame(
        `table ${tableId} plays ${gameId} rules ${rulesVersion}, which this build does not run `
        + `(it runs ${game ? `${gameId} rules ${game.version}` : `no ${gameId}`})`,
      );
    }
    return game;
  }
}

/** The games of this build: the strategy game and the engine's examples. */
export const defaultGames = (): GameRegistry => new GameRegistry([sammo, diceRace, ticTacToe, journal, sealedBid]);

import { BadRequest } from '@chronicle/contracts';
import { InvalidGame, type AnyGame } from '@chronicle/engine';
import { diceRace, ticTacToe } from '@chronicle/engine/examples';

/** The games this log service can validate moves for, by id (one rules version each). */
export class GameRegistry {
  private readonly games = new Map<string, AnyGame>();

  constructor(games: readonly AnyGame[]) {
    for (const game of games) {
      if (this.games.has(game.id)) throw new Error(`game ${game.id} is registered twice`);
      this.games.set(game.id, game);
    }
  }

  /** For a new table: an unknown id is the caller's mistake. */
  forNewTable(gameId: string): AnyGame {
    const game = this.games.get(gameId);
    if (!game) throw new BadRequest(`no game "${gameId}" here; this log service runs: ${[...this.games.keys()].join(', ')}`);
    return game;
  }

  /** For a stored table: its game and rules version must still be served, or it cannot be replayed. */
  forTable(tableId: string, gameId: string, rulesVersion: string): AnyGame {
    const game = this.games.get(gameId);
    if (!game || game.version !== rulesVersion) {
      throw new InvalidGame(
        `table ${tableId} plays ${gameId} rules ${rulesVersion}, which this log service does not run `
        + `(it runs ${game ? `${gameId} rules ${game.version}` : `no ${gameId}`})`,
      );
    }
    return game;
  }
}

/** The games of this build. The strategy game (`@chronicle/sammo`) joins this list when it exists. */
export const defaultGames = (): GameRegistry => new GameRegistry([diceRace, ticTacToe]);

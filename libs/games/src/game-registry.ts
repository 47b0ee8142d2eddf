import { IllegalMove, InvalidGame, type AnyGame } from '@chronicle/engine';
import { diceRace, journal, sealedBid, ticTacToe } from '@chronicle/engine/examples';
import { sammoVersions } from '@chronicle/sammo';

/**
 * The games a service can run, by id and rules version. A build may serve several versions
 * of a game: every version that still has a live or verifiable table. A table is always
 * replayed and stepped by the version that opened it; a new table (a world's next chapter
 * included) opens under the newest. Every service that replays or steps tables (log,
 * snapshot, executor, scheduler, web, CLI) must serve the same list, or a table it meets
 * cannot be rebuilt; they all take it from here.
 */
export class GameRegistry {
  /** Versions by game id, oldest first: the last one is what new tables open under. */
  private readonly games = new Map<string, AnyGame[]>();

  /** `games` lists each game's versions oldest first. */
  constructor(games: readonly AnyGame[]) {
    for (const game of games) {
      const versions = this.games.get(game.id) ?? [];
      if (versions.some((v) => v.version === game.version)) throw new InvalidGame(`game ${game.id} rules ${game.version} is registered twice`);
      versions.push(game);
      this.games.set(game.id, versions);
    }
  }

  get ids(): string[] {
    return [...this.games.keys()];
  }

  /** The rules versions served for a game, oldest first (empty for a game not served). */
  versions(gameId: string): string[] {
    return (this.games.get(gameId) ?? []).map((g) => g.version);
  }

  /** For a new table: the newest version; an unknown id is the caller's mistake. */
  forNewTable(gameId: string): AnyGame {
    const game = this.games.get(gameId)?.at(-1);
    if (!game) throw new IllegalMove(`no game "${gameId}" here; this build runs: ${this.ids.join(', ')}`);
    return game;
  }

  /** For a stored table: the version that opened it must still be served, or it cannot be replayed. */
  forTable(tableId: string, gameId: string, rulesVersion: string): AnyGame {
    const versions = this.games.get(gameId) ?? [];
    const game = versions.find((g) => g.version === rulesVersion);
    if (!game) {
      throw new InvalidGame(
        `table ${tableId} plays ${gameId} rules ${rulesVersion}, which this build does not run `
        + `(it runs ${versions.length > 0 ? `${gameId} rules ${versions.map((g) => g.version).join(', ')}` : `no ${gameId}`})`,
      );
    }
    return game;
  }
}

/** The games of this build: every served version of the strategy game, and the engine's examples. */
export const defaultGames = (): GameRegistry => new GameRegistry([...sammoVersions, diceRace, ticTacToe, journal, sealedBid]);

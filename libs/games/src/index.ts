export { GameRegistry, defaultGames } from './game-registry';
export { timedGame, type TimedGame } from './timed-games';

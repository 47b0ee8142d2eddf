export { GameRegistry, defaultGames } from './game-registry';

export { diceRace, type DiceRaceData, type Roll } from './dice-race';
export { ticTacToe, type TicTacToeData, type Mark } from './tic-tac-toe';
export { journal, type JournalData, type Note } from './journal';
export { sealedBid, type SealedBidData, type ClosedLot, type Bid } from './sealed-bid';

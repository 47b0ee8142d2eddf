// The rule helpers the legacy differential (tools/legacy-diff) drives one at a time, beside
// the legacy PHP, and its golden-file test checks.
export { phpNumberFormat, phpRound } from './world/php-math';
export { josa, type Particle } from './world/josa';
export { billOfLevel, dedLevelOf, dedLevelText, expLevelOf } from './world/levels';
export {
  applyTable, domesticSpecials, nationalIncome, nationTypes, personalities, populationRatio, specialDomestic, warSpecials,
  type DomesticTurn, type DomesticVar,
} from './traits';
export { streamFromSeed } from './rng/streams';
export { RandUtil } from './rng/rand-util';
export { LiteHashDRBG } from './rng/lite-hash-drbg';
export { emptyWorld } from './scenario/new-world';
export { newCity, newGeneral, newNation } from './world/factory';
export { battle } from './war/process-war';
export { CREW_TYPES } from './commands/crew-types';
export { ITEMS, ITEM_SLOTS, type Item, type ItemSlot } from './items/catalog';
export { processWar } from './war/process-war';
export { DEFAULT_MAP } from './scenario/sample';
export { NATION_COLORS } from './world/constants';
export { GENERAL_COMMANDS, NATION_COMMANDS } from './commands/registry';
export type { AnyCommand, CommandContext } from './commands/command';
export { processCommand } from './turn/process-command';
export { whyNot } from './commands/feasible';
export { generalHolder, nationHolder } from './turn/general-turn';
export { processIncome } from './monthly/income';
export { processSemiAnnual } from './monthly/semi-annual';
export { processWarIncome, updateCitySupply } from './monthly/supply';
export { raiseDisaster } from './monthly/disaster';
export { randomizeCityTradeRate } from './monthly/trade-rate';
export { updateNationLevel } from './monthly/nation-level';
export { provideTroopLeaders, TROOP_LEADERS_BY_LEVEL } from './monthly/troop-leaders';
export { raiseNpcNations } from './monthly/npc-nations';
export { INVADER_DIFFICULTIES, INVADER_STRENGTH, invaderCities, raiseInvader, type InvaderDifficulty, type InvaderStrength } from './monthly/raise-invader';
export { autoDeleteInvader, invaderEnding, runInvaderEnding } from './monthly/invader-events';
export { invaderOffers } from './monthly/invader-offer';
export { newYear, resetOfficerLock } from './monthly/yearly';
export { addGlobalBetray } from './monthly/betray';
export { assignGeneralSpeciality } from './monthly/assign-speciality';
export { mergeInheritPointRank } from './monthly/inherit-rank';
export { preUpdateMonthly } from './monthly/pre-update';
export { postUpdateMonthly } from './monthly/post-update';
export { runMonth } from './monthly/pipeline';
export { preprocess } from './turn/preprocess';
export { newRun } from './turn/turn-run';
export { AiSession } from './ai/ai-session';
export { chooseGeneralTurn } from './ai/general-ai';
export { chooseNationTurn } from './ai/nation-ai';
export { calcDiplomacyState } from './ai/diplomacy-state';
export { DEFAULT_NATION_POLICY, DEFAULT_NATION_PRIORITY, readPolicyChanges } from './ai/nation-policy';
export { setNationFronts } from './monthly/fronts';
export { fight, type FightDice } from './tournament/fight';
export { settleGame } from './tournament/game';
export { tournamentKind } from './tournament/kinds';
export { newTournament } from './tournament/state';
export { newAuctionHouse } from './auction/house';
export { openAuction, registerAuction, whyNotOpen } from './auction/open';
export { placeBid, whyNotBid } from './auction/bid';
export { runAuctionsUntil } from './auction/close';

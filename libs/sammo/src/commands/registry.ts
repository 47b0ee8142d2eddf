import { IllegalMove } from '@chronicle/engine';
import type { AnyCommand } from './command';
import { abdicate } from './general/abdicate';
import { assemble } from './general/assemble';
import { attack } from './general/attack';
import { commerce } from './general/commerce';
import { conscript } from './general/conscript';
import { discharge } from './general/discharge';
import { disband } from './general/disband';
import { donate } from './general/donate';
import { convertDex } from './general/convert-dex';
import { dexDrill } from './general/dex-drill';
import { drill } from './general/drill';
import { enlist } from './general/enlist';
import { farm } from './general/farm';
import { fortify } from './general/fortify';
import { forcedMarch } from './general/forced-march';
import { foundNation } from './general/found-nation';
import { foundNationAnywhere } from './general/founding';
import { foundNationRandom } from './general/found-nation-random';
import { combatReadiness } from './general/combat-readiness';
import { hardDrill } from './general/hard-drill';
import { gift } from './general/gift';
import { goodwill } from './general/goodwill';
import { heal } from './general/heal';
import { join } from './general/join';
import { joinGeneral } from './general/join-general';
import { joinRandom } from './general/join-random';
import { move } from './general/move';
import { npcWarp } from './general/npc-warp';
import { patrol } from './general/patrol';
import { procure } from './general/procure';
import { raiseBand } from './general/raise-band';
import { rally } from './general/rally';
import { repairWall } from './general/repair-wall';
import { research } from './general/research';
import { rebel } from './general/rebel';
import { resign } from './general/resign';
import { rest } from './general/rest';
import { resetDomesticSpeciality, resetWarSpeciality } from './general/reset-speciality';
import { retire } from './general/retire';
import { returnHome } from './general/return-home';
import { scout } from './general/scout';
import { settle } from './general/settle';
import { destroy, fireAttack, incite, plunder } from './general/sabotage';
import { sightseeing } from './general/sightseeing';
import { spy } from './general/spy';
import { talentSearch } from './general/talent-search';
import { tradeEquipment } from './general/trade-equipment';
import { tradeRice } from './general/trade-rice';
import { wander } from './general/wander';
import { aid } from './nation/aid';
import { assign } from './nation/assign';
import { confiscate } from './nation/confiscate';
import { declareWar } from './nation/declare-war';
import { expandCapital } from './nation/expand-capital';
import { moveCapital } from './nation/move-capital';
import { moveCapitalRandom } from './nation/move-capital-random';
import { movePopulation } from './nation/move-population';
import { proposeBreakNonAggression, proposeNonAggression, proposePeace } from './nation/diplomacy-letters';
import { grant } from './nation/grant';
import { nationRest } from './nation/rest';
import { changeFlag } from './nation/change-flag';
import { reduceCapital } from './nation/reduce-capital';
import { scorchedEarth } from './nation/scorched-earth';
import { renameNation } from './nation/rename-nation';
import { deathOrGlory } from './nation/death-or-glory';
import { raiseMilitia } from './nation/raise-militia';
import { falseReport } from './nation/false-report';
import { flood } from './nation/flood';
import { mobilizePeople } from './nation/mobilize-people';
import { sowDiscord } from './nation/sow-discord';
import { suddenAttack } from './nation/sudden-attack';
import { titForTat } from './nation/tit-for-tat';

function byKey(commands: readonly AnyCommand[]): ReadonlyMap<string, AnyCommand> {
  const map = new Map<string, AnyCommand>();
  for (const c of commands) {
    if (map.has(c.key)) throw new Error(`command ${c.key} is registered twice`);
    map.set(c.key, c);
  }
  return map;
}

/** General commands by legacy key (`che_농지개간`, `휴식`). */
export const GENERAL_COMMANDS = byKey([
  rest, farm, commerce, research, fortify, repairWall, patrol, settle, goodwill,
  conscript, enlist, drill, rally, move, assemble, returnHome, heal,
  join, joinGeneral, joinRandom, resign, retire, gift, donate, tradeRice, tradeEquipment,
  raiseBand, foundNation, disband, sightseeing, procure, talentSearch, attack, discharge, npcWarp,
  fireAttack, incite, destroy, plunder, abdicate, scout, rebel, dexDrill, convertDex, forcedMarch, spy,
  resetDomesticSpeciality, resetWarSpeciality, wander,
  // Offered only where a scenario's command lists name them (command-lists.ts).
  combatReadiness, foundNationRandom, foundNationAnywhere, hardDrill,
]);

/** Nation (chief) commands by legacy key. */
export const NATION_COMMANDS = byKey([
  nationRest, grant, confiscate, assign, declareWar, proposeNonAggression, proposePeace, proposeBreakNonAggression, aid,
  moveCapital, expandCapital, reduceCapital, changeFlag, renameNation, scorchedEarth,
  deathOrGlory, mobilizePeople, flood, falseReport, sowDiscord, suddenAttack, titForTat, raiseMilitia,
  // Offered only where a scenario's command lists name them (command-lists.ts).
  moveCapitalRandom, movePopulation,
]);

/** Looks a command up by its key or its English id, for moves. */
export function findCommand(kind: 'general' | 'nation', name: string): AnyCommand {
  const table = kind === 'general' ? GENERAL_COMMANDS : NATION_COMMANDS;
  const found = table.get(name) ?? [...table.values()].find((c) => c.id === name);
  if (!found) {
    throw new IllegalMove(`unknown ${kind} command "${name}"; known: ${[...table.values()].map((c) => `${c.id} (${c.key})`).join(', ')}`);
  }
  return found;
}

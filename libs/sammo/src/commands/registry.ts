import { IllegalMove } from '@chronicle/engine';
import type { AnyCommand } from './command';
import { commerce, farm, fortify, goodwill, patrol, repairWall, research, settle } from './general/domestic-commands';
import { disband, foundNation, raiseBand } from './general/founding';
import { join, joinGeneral, joinRandom } from './general/join';
import { assemble, move, returnHome } from './general/movement';
import { conscript, enlist } from './general/recruit';
import { resign } from './general/resign';
import { donate, gift, tradeRice } from './general/resources';
import { rest } from './general/rest';
import { retire } from './general/retire';
import { drill, rally } from './general/train';
import { assign, confiscate, grant, nationRest } from './nation/nation-commands';

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
  conscript, enlist, drill, rally, move, assemble, returnHome,
  join, joinGeneral, joinRandom, resign, retire, gift, donate, tradeRice,
  raiseBand, foundNation, disband,
]);

/** Nation (chief) commands by legacy key. */
export const NATION_COMMANDS = byKey([nationRest, grant, confiscate, assign]);

/** Looks a command up by its key or its English id, for moves. */
export function findCommand(kind: 'general' | 'nation', name: string): AnyCommand {
  const table = kind === 'general' ? GENERAL_COMMANDS : NATION_COMMANDS;
  const found = table.get(name) ?? [...table.values()].find((c) => c.id === name);
  if (!found) {
    throw new IllegalMove(`unknown ${kind} command "${name}"; known: ${[...table.values()].map((c) => `${c.id} (${c.key})`).join(', ')}`);
  }
  return found;
}

import { addTurn, cutTurn } from '../world/clock';
import { GameConst } from '../world/constants';
import { generalLog } from '../world/logbook';
import type { General, World } from '../world/types';
import type { StreamSource } from '../state/turn-run';
import { killGeneral } from './kill';
import { rebirth } from './rebirth';

/**
 * `updateTurnTime()` (§3 step 10): an inactive possessed NPC goes back to the AI
 * (유체이탈), any other inactive general dies; an old user is reborn; then the next turn
 * time. Returns false when the general is gone.
 */
export function updateTurnTime(world: World, general: General, random: StreamSource): boolean {
  const env = world.env;
  if (general.killturn <= 0) {
    if (general.npc === 1 && general.deadyear > env.year) {
      general.killturn = (general.deadyear - env.year) * 12;
      general.npc = general.npcOrg;
      general.owner = null;
      general.ownerName = null;
      general.defenceTrain = GameConst.defaultDefenceTrain;
      generalLog(world, general.id, `${general.name}의 빙의가 풀려 유체이탈했습니다.`);
    } else {
      killGeneral(world, general, random);
      return false;
    }
  }
  if (general.age >= GameConst.retirementYear && general.npc === 0) {
    rebirth(world, general);
  }
  general.turntime = addTurn(general.turntime, env.turnterm);
  if (general.aux.nextTurnTimeBase !== undefined) {
    general.turntime = cutTurn(general.turntime, env.turnterm) + general.aux.nextTurnTimeBase * 1000;
    delete general.aux.nextTurnTimeBase;
  }
  return true;
}

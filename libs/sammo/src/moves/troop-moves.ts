import { IllegalMove, type Json, type JsonObject, type Seat } from '@chronicle/engine';
import { phpStrWidth } from '../world/php-math';
import { dissolveTroop } from '../world/troops';
import { secretPermission } from '../views/permission';
import type { General, Troop, World } from '../world/types';
import { generalField, ownGeneral, stringField } from './move-fields';
import type { TroopMove } from './move-types';

export const TROOP_MOVE_TYPES = ['createTroop', 'joinTroop', 'leaveTroop', 'kickFromTroop', 'renameTroop'] as const;

/**
 * The troop moves, as the legacy troop API judges them: a general of a nation in no troop
 * may found one or join one of its nation; a member may leave (its leader's leaving disbands
 * the troop); the leader may send a member away; the leader or the ruler may rename it.
 */
export function checkTroopMove(world: World, seat: Seat, payload: JsonObject): TroopMove {
  const general = ownGeneral(world, seat, payload.generalId);
  switch (payload.type as TroopMove['type']) {
    case 'createTroop': {
      const name = troopName(payload.name, 'createTroop.name');
      freeMemberOfNation(general);
      return { type: 'createTroop', generalId: general.id, name };
    }
    case 'joinTroop': {
      freeMemberOfNation(general);
      const troop = troopOfNation(world, general, payload.troopId, 'joinTroop.troopId');
      return { type: 'joinTroop', generalId: general.id, troopId: troop.leader };
    }
    case 'leaveTroop':
      if (general.troop === 0) throw new IllegalMove(`${general.name} is in no troop`);
      return { type: 'leaveTroop', generalId: general.id };
    case 'kickFromTroop': {
      if (general.troop !== general.id) throw new IllegalMove(`${general.name} leads no troop: only a troop's leader sends members away`);
      const member = generalField(world, payload.memberId, 'kickFromTroop.memberId');
      if (member.id === general.id) throw new IllegalMove('a leader cannot send itself away: leaveTroop disbands the troop');
      if (member.troop !== general.id) throw new IllegalMove(`${member.name} is not a member of ${general.name}'s troop`);
      return { type: 'kickFromTroop', generalId: general.id, memberId: member.id };
    }
    case 'renameTroop': {
      // Legacy SetTroopName: the name as its validator takes it, then secret permission 4 (the
      // ruler, the ambassador) of anyone but the troop's leader, then the troop of the nation.
      const name = troopName(payload.name, 'renameTroop.name');
      const troopId = payload.troopId;
      if (typeof troopId !== 'number' || !Number.isInteger(troopId)) throw new IllegalMove('renameTroop.troopId must be a troop\'s id (its leader\'s general id)');
      if (troopId !== general.id && secretPermission(world, general) < 4) {
        throw new IllegalMove(`권한이 부족합니다. (only troop ${troopId}'s leader, the ruler or the ambassador renames it)`);
      }
      const troop = world.troops.get(troopId);
      if (!troop || troop.nation !== general.nation) throw new IllegalMove(`부대가 없습니다. (${general.name}'s nation has no troop ${troopId})`);
      return { type: 'renameTroop', generalId: general.id, troopId, name };
    }
  }
}

export function applyTroopMove(world: World, move: TroopMove): void {
  const general = world.generals.get(move.generalId)!;
  switch (move.type) {
    case 'createTroop':
      world.troops.set(general.id, { leader: general.id, nation: general.nation, name: move.name });
      general.troop = general.id;
      return;
    case 'joinTroop':
      general.troop = move.troopId;
      return;
    case 'leaveTroop':
      if (general.troop === general.id) dissolveTroop(world, general.id);
      else general.troop = 0;
      return;
    case 'kickFromTroop':
      world.generals.get(move.memberId)!.troop = 0;
      return;
    case 'renameTroop':
      world.troops.get(move.troopId)!.name = move.name;
      return;
  }
}

/** Legacy strips separators and control characters at both ends, then takes 1 to 18 columns. */
function troopName(value: Json | undefined, path: string): string {
  const name = stringField(value, path).replace(/^[\p{Z}\p{C}]+|[\p{Z}\p{C}]+$/gu, '');
  if (name === '' || phpStrWidth(name) > 18) throw new IllegalMove(`${path} must be a name 1 to 18 columns wide (a Hangul syllable is 2)`);
  return name;
}

function freeMemberOfNation(general: General): void {
  if (general.troop !== 0) throw new IllegalMove(`${general.name} is already in troop ${general.troop}: leave it first`);
  if (general.nation === 0) throw new IllegalMove(`${general.name} serves no nation: only a nation's generals form troops`);
}

function troopOfNation(world: World, general: General, value: Json | undefined, path: string): Troop {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new IllegalMove(`${path} must be a troop's id (its leader's general id)`);
  const troop = world.troops.get(value);
  if (!troop || troop.nation !== general.nation) throw new IllegalMove(`${general.name}'s nation has no troop ${value}`);
  return troop;
}

import { IllegalMove, type JsonObject, type Seat } from '@chronicle/engine';
import type { World } from '../world/types';
import { ownGeneral } from './move-fields';
import type { SetPermissionMove } from './move-types';

/** At most this many 외교권자 a nation (legacy j_general_set_permission). */
export const MAX_AMBASSADORS = 2;

/**
 * The ruler names its nation's 외교권자 (`ambassador`, secret permission 4) or 조언자
 * (`auditor`, 3), as the legacy's page does (hwe/j_general_set_permission.php): only the
 * ruler (군주가 아닙니다), at most two ambassadors named at once (외교권자는 최대 둘까지만
 * 설정 가능합니다.). The list replaces the holders of that permission; an empty list clears
 * it. Ids that cannot hold it are passed over, as the legacy passes them over.
 */
export function checkSetPermission(world: World, seat: Seat, payload: JsonObject): SetPermissionMove {
  const general = ownGeneral(world, seat, payload.generalId);
  const permission = payload.permission;
  if (permission !== 'ambassador' && permission !== 'auditor') {
    throw new IllegalMove('setPermission.permission must be "ambassador" (외교권자) or "auditor" (조언자)');
  }
  const ids = payload.generalIds;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'number' && Number.isInteger(id))) {
    throw new IllegalMove('setPermission.generalIds must be a list of general ids (empty to clear the permission)');
  }
  if (general.officerLevel !== 12) throw new IllegalMove(`군주가 아닙니다 (${general.name} is not the ruler of a nation: only the ruler names 외교권자 and 조언자)`);
  // The legacy counts the list as sent, before it sees which ids can hold the permission.
  if (permission === 'ambassador' && ids.length > MAX_AMBASSADORS) {
    throw new IllegalMove(`외교권자는 최대 둘까지만 설정 가능합니다. (setPermission.generalIds names ${ids.length})`);
  }
  return { type: 'setPermission', generalId: general.id, permission, generalIds: ids as number[] };
}

/**
 * The holders of the permission lose it; then each named member of the ruler's nation that is
 * not the ruler and holds no other permission gets it (the legacy's cap on a candidate's
 * permission reads the candidate's row as its penalties and so never refuses one).
 */
export function applySetPermission(world: World, move: SetPermissionMove): void {
  const nationId = world.generals.get(move.generalId)!.nation;
  const named = new Set(move.generalIds);
  const members = [...world.generals.values()].filter((g) => g.nation === nationId);
  for (const g of members) if (g.permission === move.permission) delete g.permission;
  for (const g of members) {
    if (named.has(g.id) && g.officerLevel !== 12 && g.permission === undefined) g.permission = move.permission;
  }
}

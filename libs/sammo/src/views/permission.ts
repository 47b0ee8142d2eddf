import type { General, World } from '../world/types';

/** The legacy's default `nation.secretlimit` (its column default): years of service before a plain member reads secrets. */
export const DEFAULT_SECRET_LIMIT = 3;

/**
 * How much of its nation's secrets a general may read (legacy `checkSecretPermission($me,
 * true)`, func.php): −1 outside a nation or without office (officer level 0), 4 the ruler
 * and the ambassador (외교권자), 3 the auditor, 2 the other chiefs (levels 5–11), 1 the city
 * officers (2–4), and a plain member (1) once its service (`belong`) reaches the nation's
 * `secretlimit`, else 0.
 *
 * What each level opens (legacy API): 1 — the members' detailed columns and first five
 * reserved turns of each player member (Nation/GeneralList), the chiefs' queues
 * (NationCommand/GetReservedCommand), the members' history and battle logs
 * (Nation/GetGeneralLog); 2 — also a player member's own action log.
 *
 * The legacy's penalties are not modelled (no rule of the game sets them): its `noSecret`
 * gives 0, and its cap (`checkSecretMaxPermission`) is called with the general's row in
 * place of the penalty, so it always allows 4.
 */
export function secretPermission(world: World, general: General): number {
  if (general.nation === 0 || general.officerLevel === 0) return -1;
  if (general.officerLevel === 12 || general.permission === 'ambassador') return 4;
  if (general.permission === 'auditor') return 3;
  if (general.officerLevel >= 5) return 2;
  if (general.officerLevel > 1) return 1;
  const limit = world.nations.get(general.nation)?.secretlimit ?? DEFAULT_SECRET_LIMIT;
  return general.belong >= limit ? 1 : 0;
}

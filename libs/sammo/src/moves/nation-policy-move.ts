import { IllegalMove, type JsonObject, type Seat } from '@chronicle/engine';
import { policyOf, readPolicyChanges } from '../world/policy';
import type { NationPolicy, World } from '../world/types';
import { secretPermission } from '../views/permission';
import { ownGeneral } from './move-fields';
import type { SetNationPolicyMove } from './move-types';

/**
 * The ruler, the 외교권자 or the 조언자 sets the nation's AI policy (legacy j_set_npc_control:
 * `nationPolicy` and `nationPriority`, from secret permission 3). The values it
 * names replace the nation's, the rest stay; each force lists troops of the nation, a troop
 * in one force at most; CombatForce's cities are cities of the map. (Legacy's page checks the
 * cities of its troop table instead of the pair given, so its CombatForce is never accepted;
 * the pair is checked here as it means to.)
 */
export function checkSetNationPolicy(world: World, seat: Seat, payload: JsonObject): SetNationPolicyMove {
  const general = ownGeneral(world, seat, payload.generalId);
  const nation = world.nations.get(general.nation);
  if (!nation || payload.nationId !== nation.id) throw new IllegalMove(`setNationPolicy.nationId must be the nation of ${general.name} (${general.nation})`);
  if (secretPermission(world, general) < 3) {
    throw new IllegalMove(`권한이 부족합니다. 군주, 외교권자, 조언자가 아닙니다. (${general.name} may not set the policy of ${nation.name})`);
  }
  const reading = readPolicyChanges(payload.policy, policyOf(nation));
  if ('problem' in reading) throw new IllegalMove(`setNationPolicy.policy: ${reading.problem}`);
  const changes = payload.policy as JsonObject;
  for (const force of ['CombatForce', 'SupportForce', 'DevelopForce'] as const) {
    if (changes[force] === undefined) continue;
    for (const id of forceIds(reading.policy, force)) {
      if (world.troops.get(id)?.nation !== nation.id) throw new IllegalMove(`setNationPolicy.policy.${force}: ${nation.name} has no troop ${id}`);
    }
  }
  if (changes.CombatForce !== undefined) {
    for (const [id, cities] of Object.entries(reading.policy.CombatForce)) {
      const unknown = cities.find((city) => city >= world.cities.length);
      if (unknown !== undefined) throw new IllegalMove(`setNationPolicy.policy.CombatForce.${id}: there is no city ${unknown}`);
    }
  }
  return { type: 'setNationPolicy', generalId: general.id, nationId: nation.id, policy: changes };
}

const forceIds = (policy: NationPolicy, force: 'CombatForce' | 'SupportForce' | 'DevelopForce') =>
  force === 'CombatForce' ? Object.keys(policy.CombatForce).map(Number) : policy[force];

export function applySetNationPolicy(world: World, move: SetNationPolicyMove): void {
  const nation = world.nations.get(move.nationId)!;
  const reading = readPolicyChanges(move.policy, policyOf(nation));
  if ('policy' in reading) nation.policy = reading.policy;
}

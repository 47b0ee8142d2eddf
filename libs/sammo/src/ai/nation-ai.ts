import { NATION_COMMANDS } from '../commands/registry';
import type { RandUtil } from '../rng/rand-util';
import { REST_KEY } from '../world/constants';
import { generalsOfNation, relYear, REST_SLOT } from '../world/queries';
import type { General, Nation, TurnSlot, World } from '../world/types';
import { contextFor, failureLine, feasible } from '../commands/feasible';
import { generalLog } from '../world/logbook';
import { calcDiplomacyState } from './diplomacy-state';
import type { ChiefTurn } from './turns';
import { npcRescue, userRescue } from './nation-rescue';
import { npcGroups, npcReward } from './npc-reward';
import { userReward } from './user-reward';
import { npcUrgentReward, userUrgentReward } from './urgent-reward';
import { npcConfiscation } from './npc-confiscation';
import { chooseTaxRate, promoteByChief, promoteByRuler } from './promotions';
import { declareWarPriority } from './war-ai';
import { capitalMovePriority } from './capital-move';
import { chooseSalaryRate } from './salary-rate';
import { npcFrontAssignment, userFrontAssignment } from './front-assignment';
import { npcRearAssignment, userRearAssignment } from './rear-assignment';
import { troopFrontAssignment, troopRearAssignment, troopRescue, troopUserRearAssignment } from './troop-assignment';
import { memberOrder } from './nation-categories';
import { pactForAidPriority } from './pact-for-aid';
import { fullLeadership } from './nation-policy';
import { policyOf } from '../world/policy';
import { npcDomesticAssignment, userDomesticAssignment } from './domestic-assignment';

/** The nation priorities of §8 by the legacy's action names (all of `DEFAULT_NATION_PRIORITY`), which a policy's `priority` orders. */
const PRIORITIES: ReadonlyMap<string, (t: ChiefTurn) => TurnSlot | null> = new Map([
  ['불가침제의', pactForAidPriority],
  ['선전포고', declareWarPriority],
  ['천도', capitalMovePriority],
  ['유저장긴급포상', userUrgentReward],
  ['부대전방발령', troopFrontAssignment],
  ['유저장구출발령', userRescue],
  ['유저장후방발령', userRearAssignment],
  ['부대유저장후방발령', troopUserRearAssignment],
  ['유저장전방발령', userFrontAssignment],
  ['유저장포상', userReward],
  ['부대구출발령', troopRescue],
  ['부대후방발령', troopRearAssignment],
  ['NPC긴급포상', npcUrgentReward],
  ['NPC구출발령', npcRescue],
  ['NPC후방발령', npcRearAssignment],
  ['NPC포상', npcReward],
  ['NPC전방발령', npcFrontAssignment],
  ['유저장내정발령', userDomesticAssignment],
  ['NPC내정발령', npcDomesticAssignment],
  ['NPC몰수', npcConfiscation],
]);

/**
 * A basic nation AI for chiefs (§8), in the legacy order: NPC chiefs make the quarterly
 * promotions (months 3/6/9/12) and an NPC ruler sets the tax and the salary rate (rice in
 * June, gold in December); a reserved command that can run is kept; then the priorities
 * above in the order of the nation's policy (legacy's default order unless its ruler set
 * another); else 휴식.
 */
export function chooseNationTurn(world: World, chief: General, nation: Nation, reserved: TurnSlot, rng: RandUtil): TurnSlot {
  const turn = chiefTurn(world, chief, nation, rng);
  const month = world.env.month;
  if (chief.npc >= 2 && month % 3 === 0) {
    if (chief.officerLevel === 12) promoteByRuler(world, chief, nation, rng);
    else promoteByChief(turn);
  }
  if (chief.npc >= 2 && chief.officerLevel === 12 && (month === 6 || month === 12)) {
    chooseTaxRate(world, nation);
    chooseSalaryRate(world, chief, nation, month === 12 ? 'gold' : 'rice');
  }
  const reservedCommand = reserved.action === REST_KEY ? undefined : NATION_COMMANDS.get(reserved.action);
  if (reservedCommand) {
    const failure = failureLine(contextFor(world, chief, rng), reservedCommand, reserved.arg);
    if (failure === null) return reserved;
    generalLog(world, chief.id, failure);
  }
  for (const name of turn.policy.priority) {
    const chosen = PRIORITIES.get(name)!(turn);
    if (chosen) return chosen;
  }
  return REST_SLOT;
}

/**
 * What the chief's turn sees, as legacy's AI sets it up before the promotions: the members
 * and their groups, and the diplomacy state.
 */
export function chiefTurn(world: World, chief: General, nation: Nation, rng: RandUtil): ChiefTurn {
  const ctx = contextFor(world, chief, rng);
  const members = generalsOfNation(world, nation.id).filter((g) => g.id !== chief.id && g.npc !== 5).sort(memberOrder);
  const years = relYear(world);
  const asLoaded = new Map(members.map((g) => [g.id, fullLeadership(g, nation, years)]));
  const leadership = (g: General) => asLoaded.get(g.id) ?? fullLeadership(g, nation, years);
  const policy = policyOf(nation);
  return {
    world, nation, policy, chief, rng, members, leadership,
    npc: npcGroups({ members, leadership, policy }),
    dip: calcDiplomacyState(world, nation.id),
    attempt: (key, arg) => (feasible(ctx, NATION_COMMANDS.get(key)!, arg) ? { action: key, arg } : null),
  };
}

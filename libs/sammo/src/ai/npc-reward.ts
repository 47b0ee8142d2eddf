import type { General, TurnSlot } from '../world/types';
import type { ChiefTurn } from './turns';
import { costWithTech, maxResourceActionAmount, nationReserve, npcDevelStock, npcWarStock, poorestBelow, roundHundreds, valueFit, type RewardCandidate } from './nation-policy';

/**
 * Legacy categorizeNationGeneral for NPCs (the chief and troop dummies already left out —
 * legacy's other troop-leader test, a leader with 집합 next, compares the command's display
 * name with its key and never holds): with fewer than 5 turns to live an NPC counts as a
 * civil officer; otherwise leadership 40 (full, floored) makes a war general.
 */
export function npcGroups(t: Pick<ChiefTurn, 'members' | 'leadership' | 'policy'>): { war: General[]; civil: General[] } {
  const war: General[] = [];
  const civil: General[] = [];
  for (const g of t.members) {
    if (g.killturn <= 5) civil.push(g);
    else if (g.npc < 2) continue;
    else if (t.leadership(g) >= t.policy.minNPCWarLeadership) war.push(g);
    else civil.push(g);
  }
  return { war, civil };
}

/**
 * NPC포상 (legacy doNPC포상): with the treasury above its reserve, the poorest NPCs first (a
 * stable sort by the resource, legacy's member order among equals) are offered the geometric mean of the
 * treasury and what they lack: war generals up to 1.5 × three drafts of their leadership
 * (at least the policy's four NPC drafts after the fifth year), civil ones up to 1.5 × the
 * development reserve. Each candidate weighs more the poorer it is; one is drawn.
 */
export function npcReward(t: ChiefTurn): TurnSlot | null {
  const { war, civil } = t.npc;
  if (war.length === 0 && civil.length === 0) return null;
  const { env } = t.world;
  const tech = t.nation.tech;
  const resources = (['gold', 'rice'] as const).map((key) => ({
    isGold: key === 'gold', key, reqNation: nationReserve(t.policy, key), have: t.nation[key],
    warReserve: npcWarStock(t.policy, key, tech), develReserve: npcDevelStock(t.policy, key, env.develcost),
  }));
  const weightBase = Math.max(war.length, civil.length);
  const candidates: RewardCandidate[] = [];
  const cap = maxResourceActionAmount(t.world, t.nation);
  for (const r of resources) {
    if (r.have < r.reqNation) continue;
    for (const [idx, g] of poorestBelow(war, r.key, r.warReserve).entries()) {
      if (g.killturn <= 5) continue;
      // Legacy prices both resources with the crew type's gold cost.
      let reqMoney = costWithTech(g.crewtype, tech, t.leadership(g) * 100) * 3 * 1.1;
      if (env.year > env.startyear + 5) reqMoney = Math.max(reqMoney, r.warReserve);
      const enough = reqMoney * 1.5;
      if (g[r.key] >= reqMoney) continue;
      const pay = valueFit(Math.sqrt((enough - g[r.key]) * r.have), r.have - r.reqNation, enough - g[r.key]);
      if (r.have < pay / 2) continue;
      candidates.push([{ isGold: r.isGold, amount: roundHundreds(valueFit(pay, 100, cap)), destGeneralId: g.id }, weightBase - idx]);
    }
    for (const [idx, g] of poorestBelow(civil, r.key, r.develReserve).entries()) {
      if (g.killturn <= 5) continue;
      const pay = r.develReserve * 1.5 - g[r.key];
      if (pay < t.policy.minimumResourceActionAmount) continue;
      candidates.push([{ isGold: r.isGold, amount: roundHundreds(valueFit(pay, 100, cap)), destGeneralId: g.id }, weightBase - idx]);
    }
  }
  if (candidates.length === 0) return null;
  return t.attempt('che_포상', t.rng.choiceUsingWeight(candidates));
}

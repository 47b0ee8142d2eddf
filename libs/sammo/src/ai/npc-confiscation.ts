import type { General, TurnSlot } from '../world/types';
import type { ChiefTurn } from './turns';
import { maxResourceActionAmount, nationReserve, npcDevelStock, npcWarStock, roundHundreds, valueFit, type RewardCandidate } from './nation-policy';

/**
 * Legacy doNPC몰수, gold then rice: civil NPCs holding over 1.5 × the domestic stock give what
 * is above 1.2 × it (richest first, stopping at the first too poor); when the treasury is
 * under 1.5 × its reserve, war NPCs above their war stock (twice it when the treasury still
 * has its reserve) give the geometric mean of their excess and the treasury's shortfall. All
 * at least 1000 (and 100..maxResourceActionAmount); one drawn by amount.
 */
export function npcConfiscation(t: ChiefTurn): TurnSlot | null {
  const { war, civil } = t.npc;
  if (war.length === 0 && civil.length === 0) return null;
  const cap = maxResourceActionAmount(t.world, t.nation);
  const resources = (['gold', 'rice'] as const).map((key) => ({
    isGold: key === 'gold', key, have: t.nation[key], reqNation: nationReserve(t.policy, key),
    warStock: npcWarStock(t.policy, key, t.nation.tech), develStock: npcDevelStock(t.policy, key, t.world.env.develcost),
  }));
  const richestFirst = (list: General[], key: 'gold' | 'rice') => [...list].sort((a, b) => b[key] - a[key]);
  const candidates: RewardCandidate[] = [];
  for (const r of resources) {
    for (const g of richestFirst(civil, r.key)) {
      if (g[r.key] <= r.develStock * 1.5) break;
      const take = valueFit(g[r.key] - r.develStock * 1.2, 100, cap);
      if (take < t.policy.minimumResourceActionAmount) break;
      // Weighed by the amount as computed, given in hundreds as the command's argTest has it.
      candidates.push([{ destGeneralId: g.id, isGold: r.isGold, amount: roundHundreds(take) }, take]);
    }
    const shortfall = r.reqNation * 1.5 - r.have;
    if (shortfall < 0) continue;
    const small = r.have >= r.reqNation;
    for (const g of richestFirst(war, r.key)) {
      if (g[r.key] <= r.warStock * (small ? 2 : 1)) break;
      const excess = g[r.key] - r.warStock;
      const take = small ? valueFit(Math.sqrt((g[r.key] - r.warStock * 2) * shortfall), 0, excess) : valueFit(Math.sqrt(excess * shortfall), 0, excess);
      if (take < 100 || take < t.policy.minimumResourceActionAmount) break;
      const amount = valueFit(take, 100, cap);
      candidates.push([{ destGeneralId: g.id, isGold: r.isGold, amount: roundHundreds(amount) }, amount]);
    }
  }
  return candidates.length > 0 ? t.attempt('che_몰수', t.rng.choiceUsingWeight(candidates)) : null;
}

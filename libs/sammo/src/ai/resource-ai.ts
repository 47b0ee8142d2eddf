import { contextFor } from '../commands/feasible';
import { relYear } from '../world/queries';
import { crewTypeOf, DEFAULT_CREW_TYPE, riceWithTech } from '../stats/crew-types';
import { recruitCost } from '../commands/general/recruit';
import { statOf } from '../stats/stats';
import { GameConst } from '../world/constants';
import type { TurnSlot } from '../world/types';
import type { AiTurn } from './turns';
import { nationReserve, npcDevelStock, npcWarStock, valueFit } from './nation-policy';

/**
 * Legacy do금쌀구매 (the default policy ignores merchants: a city without trade still
 * trades). Rice counts for more the more soldiers the general has lost than killed
 * (deathRate = (deathcrew + 50000) / (killcrew + 50000)); against one full 징병 of its crew
 * type (the command's gold, the type's rice with tech) it buys rice when rice is short, else
 * sells it when gold is short: half the difference, ÷ (1 + deathRate), 100..10000, at least
 * 1000, when the trade can run. No draw.
 */
export function tradePriority(t: AiTurn): TurnSlot | null {
  const g = t.general;
  const deathRate = (g.rank.deathcrew + 50000) / (g.rank.killcrew + 50000);
  const relGold = g.gold;
  const relRice = g.rice * deathRate;
  if (g.gold + g.rice < t.world.env.develcost * 12 * 2) return null;
  const full = Math.floor(statOf(g, 'leadership', false, t.nation, relYear(t.world)));
  const goldCost = recruitCost(contextFor(t.world, g, t.rng), { crewType: g.crewtype, amount: full * 100 }, 1).gold;
  const riceCost = riceWithTech(crewTypeOf(g.crewtype) ?? DEFAULT_CREW_TYPE, t.nation.tech, full * 100);
  if ((relGold + relRice) * 1.5 <= goldCost + riceCost) return null;
  if (g.npc < 2 && relGold >= goldCost * 3 && relRice >= riceCost * 3) return null;
  const trade = (buyRice: boolean, surplus: number) => {
    const amount = valueFit(Math.trunc(surplus / (1 + deathRate)), 100, GameConst.maxResourceActionAmount);
    return amount >= t.policy.minimumResourceActionAmount ? t.attempt('che_군량매매', { buyRice, amount }) : null;
  };
  if ((relRice * 1.5 < relGold && relRice < riceCost * 2) || relRice * 2 < relGold) {
    const buy = trade(true, relGold - relRice);
    if (buy) return buy;
  }
  if ((relGold * 1.5 < relRice && relGold < goldCost * 2) || relGold * 2 < relRice) return trade(false, relRice - relGold);
  return null;
}

/**
 * Legacy doNPC헌납, rice then gold. A commander (t통솔장) keeps a war stock (four default
 * drafts of 75 leadership, to hundreds); any other NPC keeps a domestic stock (rice 500, gold
 * 30 develcosts) and gives the rest at once when it holds a war stock that is over 1000 above
 * it, or five times it and 5000. Otherwise it gives only to a nation short of that resource:
 * when holding 1.5× its stock, with p = held/stock − ½, the excess over 1000. (A nation
 * without rice gets half the general's rice offered with isGold "rice", which the command
 * refuses, as in legacy.) One offer is drawn by amount; it must be able to run.
 */
export function donationPriority(t: AiTurn): TurnSlot | null {
  const g = t.general;
  const offers: [{ isGold: boolean | 'rice'; amount: number }, number][] = [];
  const kinds = (['rice', 'gold'] as const).map((key) => ({
    isGold: key === 'gold', held: g[key], nation: t.nation[key], reqNation: nationReserve(t.policy, key),
    war: npcWarStock(t.policy, key, t.nation.tech), devel: npcDevelStock(t.policy, key, t.world.env.develcost),
  }));
  for (const k of kinds) {
    let keep = k.war;
    if (!t.ai.commander) {
      keep = k.devel;
      if ((k.held >= k.war && k.war > k.devel + 1000) || (k.held >= k.devel * 5 && k.held >= 5000)) {
        offers.push([{ isGold: k.isGold, amount: k.held - k.devel }, k.held - k.devel]);
        continue;
      }
    }
    if (k.nation >= k.reqNation) continue;
    if (!k.isGold && k.nation <= GameConst.minNationalRice / 2 && k.held >= GameConst.minNationalRice / 2) {
      const amount = k.held < GameConst.minNationalRice ? k.held : k.held / 2;
      offers.push([{ isGold: 'rice', amount }, amount]);
    }
    if (k.held < keep * 1.5) continue;
    if (keep > 0 && !t.rng.nextBool(k.held / keep - 0.5)) continue;
    const amount = k.held - keep;
    if (amount < t.policy.minimumResourceActionAmount) continue;
    offers.push([{ isGold: k.isGold, amount }, amount]);
  }
  if (offers.length === 0) return null;
  const offer = t.rng.choiceUsingWeight(offers);
  return typeof offer.isGold === 'boolean' ? t.attempt('che_헌납', offer) : null;
}

import type { General, TurnSlot } from '../world/types';
import type { ChiefTurn } from './turns';
import { costWithTech, humanWarUrgentStock, maxResourceActionAmount, nationReserve, npcWarStock, poorestBelow, roundHundreds, valueFit, type RewardCandidate } from './nation-policy';
import { warUsers } from './user-reward';

interface UrgentNeed {
  key: 'gold' | 'rice';
  /** What the treasury holds of it. */
  have: number;
  /** Members below this are in need. */
  floor: number;
}

/**
 * The members below `floor`, poorest first (a stable sort, legacy's member order among equals), each
 * offered the geometric mean of the treasury and what it lacks to `enough` × its need, when
 * it holds less than its need; from `minPay`, at least 1000 and at most twice the treasury,
 * 100..maxResourceActionAmount, to hundreds as the command's argTest has it; weighted by rank
 * (the poorest most).
 */
function urgentOffers(t: ChiefTurn, members: General[], r: UrgentNeed, need: (g: General) => number, enoughOf: number, minPay: number, out: RewardCandidate[]): void {
  const cap = maxResourceActionAmount(t.world, t.nation);
  for (const [idx, g] of poorestBelow(members, r.key, r.floor).entries()) {
    if (g.killturn <= 5) continue;
    const req = need(g);
    const enough = req * enoughOf;
    if (g[r.key] >= req) continue;
    const pay = valueFit(Math.sqrt((enough - g[r.key]) * r.have), minPay, enough - g[r.key]);
    if (pay < t.policy.minimumResourceActionAmount || r.have < pay / 2) continue;
    out.push([{ destGeneralId: g.id, isGold: r.key === 'gold', amount: roundHundreds(valueFit(pay, 100, cap)) }, members.length - idx]);
  }
}

/** One draft of the general's leadership in its crew type's gold, as legacy prices it (rice too). */
const draftCost = (t: ChiefTurn, g: General) => costWithTech(g.crewtype, t.nation.tech, t.leadership(g)) * 100;

/**
 * Legacy do유저장긴급포상: users short of the urgent war stock (six default drafts at the stat
 * cap, 80) who hold less than 3.3 drafts of their own (at least that stock after the third
 * year) are offered up to 1.1 × it, gold then rice, whatever the treasury's reserve.
 */
export function userUrgentReward(t: ChiefTurn): TurnSlot | null {
  const members = warUsers(t);
  if (members.length === 0) return null;
  const { year, startyear } = t.world.env;
  const offers: RewardCandidate[] = [];
  for (const r of [
    { key: 'gold' as const, have: t.nation.gold, floor: humanWarUrgentStock(t.policy, 'gold', t.nation.tech) },
    { key: 'rice' as const, have: t.nation.rice, floor: humanWarUrgentStock(t.policy, 'rice', t.nation.tech) },
  ]) {
    const need = (g: General) => (year > startyear + 3 ? Math.max(draftCost(t, g) * 3 * 1.1, r.floor) : draftCost(t, g) * 3 * 1.1);
    urgentOffers(t, members, r, need, 1.1, -Infinity, offers);
  }
  return offers.length > 0 ? t.attempt('che_포상', t.rng.choiceUsingWeight(offers)) : null;
}

/**
 * Legacy doNPC긴급포상: with the treasury at its reserve, war NPCs short of half the war stock
 * (four default drafts at 75) who hold less than 1.5 drafts of their own (at least that half
 * after the fifth year) are offered up to 1.2 × it, from what the treasury holds above 90 % of
 * its reserve.
 */
export function npcUrgentReward(t: ChiefTurn): TurnSlot | null {
  const { war } = t.npc;
  if (war.length === 0) return null;
  const { year, startyear } = t.world.env;
  const offers: RewardCandidate[] = [];
  for (const key of ['gold', 'rice'] as const) {
    const r = { key, have: t.nation[key], reqNation: nationReserve(t.policy, key), floor: npcWarStock(t.policy, key, t.nation.tech) / 2 };
    if (r.have < r.reqNation) continue;
    const need = (g: General) => (year > startyear + 5 ? Math.max(draftCost(t, g) * 1.5, r.floor) : draftCost(t, g) * 1.5);
    urgentOffers(t, war, r, need, 1.2, r.have - r.reqNation * 0.9, offers);
  }
  return offers.length > 0 ? t.attempt('che_포상', t.rng.choiceUsingWeight(offers)) : null;
}

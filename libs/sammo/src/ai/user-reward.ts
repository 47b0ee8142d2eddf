import { generalsOfNation, turnsSinceWar } from '../world/queries';
import type { General, TurnSlot } from '../world/types';
import { DipState } from './diplomacy-state';
import type { ChiefTurn } from './turns';
import { costWithTech, humanDevelStock, humanWarRecommendedStock, maxResourceActionAmount, nationReserve, poorestBelow, roundHundreds, valueFit, type RewardCandidate } from './nation-policy';

/**
 * Legacy `userGenerals`: users (npc 0/1) with more than 5 turns to live (a troop leader with
 * 집합 next among them: see npcGroups).
 */
export function users(t: Pick<ChiefTurn, 'members'>): General[] {
  // Legacy counts a member with 5 turns or fewer as a civil NPC, whoever plays it.
  return t.members.filter((g) => g.npc < 2 && g.killturn > 5);
}

/**
 * Legacy `userWarGenerals`: the users who fought within 12 turns of the nation's most recent
 * battle (a troop dummy's included) — battles before a member joined (turns since ≥ (belong − 1) × 12) do not count, and
 * with none left every user is one — or, out of peace, hold at least the war crew.
 */
export function warUsers(t: ChiefTurn): General[] {
  const candidates = users(t);
  // A nation of NPCs (most of them) has no user to look for a last battle for.
  if (candidates.length === 0) return candidates;
  const { turnterm } = t.world.env;
  let lastWar = Infinity;
  // Every member but the chief sets the nation's last battle, troop dummies included.
  for (const g of generalsOfNation(t.world, t.nation.id)) {
    if (g.id === t.chief.id) continue;
    const turns = turnsSinceWar(g, turnterm);
    if (turns < (g.belong - 1) * 12) lastWar = Math.min(lastWar, turns);
  }
  return candidates.filter((g) => turnsSinceWar(g, turnterm) <= lastWar + 12 || (t.dip.dipState !== DipState.peace && g.crew >= t.policy.minWarCrew));
}

/** Legacy `userCivilGenerals`: the users `warUsers` leaves. */
export function civilUsers(t: ChiefTurn): General[] {
  const war = new Set(warUsers(t));
  return users(t).filter((g) => !war.has(g));
}

/**
 * 유저장포상 (legacy do유저장포상): with the treasury above its reserve, users below the
 * recommended war reserve, poorest first, are offered the geometric mean of the treasury and
 * what they lack up to 1.2 × six drafts of their leadership (at least the recommended reserve
 * after the third year). The reserve follows §8: urgent = six default drafts at the stat cap
 * (80), recommended = twice that. Each candidate weighs more the poorer it is; one is drawn.
 */
export function userReward(t: ChiefTurn): TurnSlot | null {
  const members = users(t);
  if (members.length === 0) return null;
  const war = new Set(warUsers(t));
  const { env } = t.world;
  const tech = t.nation.tech;
  const resources = (['gold', 'rice'] as const).map((key) => ({
    isGold: key === 'gold', key, reqNation: nationReserve(t.policy, key), have: t.nation[key],
    warReserve: humanWarRecommendedStock(t.policy, key, tech), develReserve: humanDevelStock(t.policy, key),
  }));
  const candidates: RewardCandidate[] = [];
  const cap = maxResourceActionAmount(t.world, t.nation);
  for (const r of resources) {
    if (r.have < r.reqNation) continue;
    for (const [idx, g] of poorestBelow(members, r.key, r.warReserve).entries()) {
      if (g.killturn <= 5) continue;
      let enough = r.develReserve * 1.2;
      if (war.has(g)) {
        // Legacy prices both resources in gold.
        let reqMoney = costWithTech(g.crewtype, tech, t.leadership(g) * 100) * 6 * 1.1;
        if (env.year > env.startyear + 3) reqMoney = Math.max(reqMoney, r.warReserve);
        enough = reqMoney * 1.2;
      }
      if (g[r.key] >= enough) continue;
      const pay = valueFit(Math.sqrt((enough - g[r.key]) * r.have), r.have - r.reqNation, enough - g[r.key]);
      if (pay < t.policy.minimumResourceActionAmount) continue;
      if (r.have < pay / 2) continue;
      candidates.push([{ isGold: r.isGold, amount: roundHundreds(valueFit(pay, 100, cap)), destGeneralId: g.id }, members.length - idx]);
    }
  }
  if (candidates.length === 0) return null;
  return t.attempt('che_포상', t.rng.choiceUsingWeight(candidates));
}

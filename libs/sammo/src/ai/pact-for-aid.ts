import type { TurnSlot } from '../world/types';
import type { ChiefTurn } from './turns';
import { incomeAt } from './salary-rate';

/** The tax rate legacy prices a pact's length at, whatever the nation's own. */
const PRICING_RATE = 15;
/** A nation offered a pact is not offered another for this many months. */
const RETRY_MONTHS = 8;

/**
 * Legacy do불가침제의 (an NPC ruler, after the opening): aid received from a nation beyond what an accepted pact
 * already answered is repaid with peace. The giver of the most unanswered aid — not a war
 * target, not offered a pact in the last 8 months — is offered one when that aid is at least
 * a quarter of a month's income at tax 15 (gold, rice and walls of the supplied cities),
 * for 24 × aid / income months from now; the offer's month is remembered.
 */
export function pactForAidPriority(t: ChiefTurn): TurnSlot | null {
  const { world, nation, chief } = t;
  // Not one of legacy's `availableInstantTurn` actions: a player's ruler writes his own letters.
  if (chief.npc < 2 || chief.officerLevel < 12) return null;
  const now = world.env.year * 12 + world.env.month - 1;
  // Until May of the third year legacy has no war targets and fails reading them (a TypeError
  // that aborts the turn) once any aid is unanswered: no offer is ever sent then.
  if (now <= (world.env.startyear + 2) * 12 + 4) return null;
  let best: [number, number] | null = null;
  for (const [giver, total] of nation.aidReceived ?? []) {
    const unanswered = total - (nation.aidAnswered?.[giver] ?? 0);
    if (unanswered <= 0 || t.dip.warTargets.has(giver)) continue;
    if ((nation.pactOffered?.[giver] ?? 0) >= now - RETRY_MONTHS) continue;
    // The first received wins a tie, as PHP's stable arsort keeps it.
    if (best === null || unanswered > best[1]) best = [giver, unanswered];
  }
  if (best === null) return null;
  const income = incomeAt(world, nation, PRICING_RATE);
  const monthly = income.gold + income.rice + income.wall;
  // No supplied city: legacy stops; supplied cities yielding nothing: it divides by zero.
  if (monthly <= 0) return null;
  const [giver, unanswered] = best;
  if (unanswered * 4 < monthly) return null;
  const until = Math.trunc(now + (24 * unanswered) / monthly);
  const slot = t.attempt('che_불가침제의', { destNationId: giver, year: Math.floor(until / 12), month: (until % 12) + 1 });
  if (slot) nation.pactOffered = { ...nation.pactOffered, [giver]: now };
  return slot;
}

import { developedRate } from './developed-rate';
import type { RandUtil } from '../rng/rand-util';
import { nationLog } from '../world/logbook';
import { citiesOfNation, generalsOfNation, lowestChiefLevel } from '../world/queries';
import type { General, Nation, World } from '../world/types';
import { CHIEF_STAT_MIN } from '../world/constants';
import { withJosa } from '../world/josa';
import { memberOrder } from './nation-categories';
import type { ChiefTurn } from './turns';
import { civilUsers, users, warUsers } from './user-reward';

/** NPCs this close to the end of their life are not made chiefs. */
const MIN_NPC_KILLTURN = 36;
const MAX_USER_CHIEFS = 3;

const hasSeat = (nation: Nation, level: number) => (nation.chiefSet & (1 << level)) !== 0;

function seatStatOk(g: General, level: number): boolean {
  if (level === 11) return true;
  return level % 2 === 0 ? g.strength >= CHIEF_STAT_MIN : g.intel >= CHIEF_STAT_MIN;
}

function appoint(world: World, nation: Nation, g: General, level: number): void {
  g.officerLevel = level;
  g.officerCity = 0;
  nation.chiefSet |= 1 << level;
  nationLog(world, nation.id, `${withJosa(g.name, '을')} 수뇌(${level})로 임명했습니다.`);
}

/**
 * The NPC ruler's promotions (legacy `choosePromotion`, months 3/6/9/12): an active user
 * for seat 11 if no user holds a seat; then, from 11 down to the lowest seat, each seat not
 * set this quarter goes to the ablest ordinary member (2L + S + I) that is active, fit for
 * the seat and within three user chiefs. A held seat changes hands with p 0.1, unless an
 * active user holds it (the legacy compares the holder's killturn with the lowest seat level).
 * A user it seats becomes the nation's 외교권자 (`ambassador`). So does an active user chief
 * it counts, but the legacy writes that chief's row back only when the chief loses its seat:
 * the demoted chief keeps the permission.
 */
export function promoteByRuler(world: World, ruler: General, nation: Nation, rng: RandUtil): void {
  const minLevel = lowestChiefLevel(nation.level);
  const minUserKillturn = world.env.killturn - Math.trunc(240 / world.env.turnterm);
  const others = generalsOfNation(world, nation.id).filter((g) => g.id !== ruler.id);
  const chiefs = new Map<number, General>();
  for (const g of others) if (g.officerLevel > 4) chiefs.set(g.officerLevel, g);

  const activeUserChiefs = new Set<General>();
  for (let level = minLevel; level <= 12; level++) {
    const chief = chiefs.get(level);
    if (chief && chief.npc < 2 && chief.killturn >= minUserKillturn) activeUserChiefs.add(chief);
  }
  let userChiefs = activeUserChiefs.size;
  const next = new Map<number, General>();
  const userMembers = users({ members: others.filter((g) => g.npc !== 5).sort(memberOrder) });
  if (userChiefs === 0 && userMembers.length > 0 && !hasSeat(nation, 11)) {
    const minBelong = Math.min(ruler.belong - 1, 3);
    const pick = [...userMembers]
      .sort((a, b) => b.leadership - a.leadership)
      .find((g) => g.killturn >= minUserKillturn && g.belong >= minBelong && g.officerLevel === 1);
    if (pick) {
      appoint(world, nation, pick, 11);
      pick.permission = 'ambassador';
      next.set(11, pick);
      userChiefs++;
    }
  }

  const ranked = [...others].sort(memberOrder).sort((a, b) => 2 * b.leadership + b.strength + b.intel - (2 * a.leadership + a.strength + a.intel));
  for (let level = 11; level >= minLevel; level--) {
    if (hasSeat(nation, level)) continue;
    const holder = chiefs.get(level);
    if (holder && holder.npc < 2 && holder.killturn >= minLevel) continue;
    if ((holder || next.has(level)) && !rng.nextBool(0.1)) continue;
    const pick = ranked.find((g) =>
      g.officerLevel === 1 &&
      g.killturn >= (g.npc < 2 ? minUserKillturn : MIN_NPC_KILLTURN) &&
      seatStatOk(g, level) &&
      !(g.npc < 2 && userChiefs >= MAX_USER_CHIEFS));
    if (!pick) continue;
    if (pick.npc < 2) {
      userChiefs++;
      pick.permission = 'ambassador';
    }
    appoint(world, nation, pick, level);
    next.set(level, pick);
  }
  for (const [level] of next) {
    const old = chiefs.get(level);
    if (old && old.officerLevel === level) {
      old.officerLevel = 1;
      old.officerCity = 0;
      if (activeUserChiefs.has(old)) old.permission = 'ambassador';
    }
  }
}

/**
 * An NPC chief's promotions (legacy `chooseNonLordPromotion`): each vacant seat below the
 * ruler's not set this quarter gets, within five tries, a random ordinary member of the first
 * group that has any — NPC commanders (leadership 40 with the office's bonus, as the nation
 * AI sorts them), other NPCs and members about to leave, war users, civil users — fit for the seat.
 */
export function promoteByChief(t: ChiefTurn): void {
  const { world, chief, nation, rng } = t;
  const held = new Set(generalsOfNation(world, nation.id).filter((g) => g.id !== chief.id).map((g) => g.officerLevel));
  const pool = [t.npc.war, t.npc.civil, warUsers(t), civilUsers(t)].find((group) => group.length > 0) ?? [];
  for (let level = lowestChiefLevel(nation.level); level < 12; level++) {
    if (hasSeat(nation, level) || held.has(level) || chief.officerLevel === level || pool.length === 0) continue;
    for (let attempt = 0; attempt < 5; attempt++) {
      const g = rng.choice(pool);
      if (g.officerLevel !== 1 || !seatStatOk(g, level)) continue;
      appoint(world, nation, g, level);
      held.add(level);
      break;
    }
  }
}

/**
 * The NPC ruler's tax (legacy `chooseTexRate`, June and December): from the mean of the
 * supplied cities' population rate and their overall development (population included):
 * > 0.95 → 25, > 0.7 → 20, > 0.5 → 15, else 10; 15 without supplied cities. War is unbanned.
 */
export function chooseTaxRate(world: World, nation: Nation): void {
  const supplied = citiesOfNation(world, nation.id).filter((c) => c.supply === 1);
  nation.war = 0;
  if (supplied.length === 0) {
    nation.rate = 15;
    return;
  }
  const dev = developedRate(supplied);
  const avg = (dev.pop + dev.all) / 2;
  nation.rate = avg > 0.95 ? 25 : avg > 0.7 ? 20 : avg > 0.5 ? 15 : 10;
}

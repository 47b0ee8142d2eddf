import { contextFor, feasible } from '../commands/feasible';
import { disband } from '../commands/general/disband';
import { dropExpiredLetters } from '../commands/nation/diplomacy-letters';
import type { RandUtil } from '../rng/rand-util';
import { triggerTournament } from '../tournament/open';
import { registerAuction } from '../auction/open';
import type { StreamSource } from '../state/turn-run';
import { chronicle } from '../world/logbook';
import type { World } from '../world/types';
import { updateDiplomacy } from './diplomacy';
import { setNationFronts } from '../world/fronts';
import { updateNationPower } from './power';
import { withJosa } from '../world/josa';
import { invaderOffers } from './invader-offer';

/**
 * postUpdateMonthly (§6.8) with the closing month's stream: power, diplomacy, war-setting
 * allowance, bands still wandering after two years disband (해산), general counts,
 * unification check, the tournament's automatic opening (at `now`, the month boundary, with
 * its own streams from `random`), the merchant's auctions (opened at `now`; the stream's last
 * draws, so they shift no other), fronts.
 */
export function postUpdateMonthly(world: World, rng: RandUtil, random: StreamSource, now: number): void {
  updateNationPower(world, rng);
  updateDiplomacy(world);
  dropExpiredLetters(world);
  for (const nation of world.nations.values()) nation.availableWarSettingCnt = Math.min(10, nation.availableWarSettingCnt + 2);
  if (world.env.year >= world.env.startyear + 2) disbandStrayBands(world, rng);
  updateGeneralNumbers(world);
  checkEmperor(world);
  triggerTournament(world, rng, random, now);
  if (world.auctions) registerAuction(world, rng, now);
  setNationFronts(world);
}

/** Rulers of level-0 nations run 해산 with the monthly stream when its full condition holds. */
function disbandStrayBands(world: World, rng: RandUtil): void {
  const rulers = [...world.generals.values()]
    .filter((g) => g.officerLevel === 12 && world.nations.get(g.nation)?.level === 0)
    .sort((a, b) => a.id - b.id);
  for (const ruler of rulers) {
    const ctx = contextFor(world, ruler, rng);
    if (feasible(ctx, disband, null)) disband.run(ctx, null);
  }
}

/** `updateGeneralNumber()`: gennum counts every general but troop dummies. */
export function updateGeneralNumbers(world: World): void {
  const counts = new Map<number, number>();
  for (const g of world.generals.values()) if (g.nation !== 0 && g.npc !== 5) counts.set(g.nation, (counts.get(g.nation) ?? 0) + 1);
  for (const nation of world.nations.values()) nation.gennum = counts.get(nation.id) ?? 0;
}

/**
 * `checkEmperior()` (§7.4): one nation of level > 0 holding every city unifies the world; with
 * the table option `invaders` the chiefs offered the invader game are recorded.
 */
export function checkEmperor(world: World): void {
  if (world.env.isunited !== 0) return;
  const owners = new Set<number>();
  for (let id = 1; id < world.cities.length; id++) owners.add(world.cities[id]!.nation);
  if (owners.size !== 1) return;
  const [only] = owners;
  const nation = only === undefined ? undefined : world.nations.get(only);
  if (!nation || nation.level <= 0) return;
  world.env.isunited = 2;
  world.env.conlimit *= 100;
  chronicle(world, `【통일】 ${withJosa(nation.name, '이')} 천하를 통일했습니다!`);
  if (world.env.invaders) world.env.invaders.offers = invaderOffers(world, nation.id);
}

import { setNationFronts } from '../world/fronts';
import { addDedication, addExperience } from '../stats/levels';
import { chronicle, generalLog, log, nationLog } from '../world/logbook';
import { GameConst } from '../world/constants';
import type { City, General, Nation, World } from '../world/types';
import type { StreamSource } from '../state/turn-run';
import type { RandUtil } from '../rng/rand-util';
import { phpNumberFormat, phpRound } from '../world/php-math';
import { withJosa } from '../world/josa';
import { sendScoutLetter } from '../world/scout-letters';
import { deleteNation } from '../lifecycle/delete-nation';

/** Legacy `GameConst::$joinRuinedNPCProp`: an NPC of a fallen nation joins the victor. */
const JOIN_RUINED_NPC_PROP = 0.1;

/**
 * Legacy `ConquerCity` (§7.3), on the stream `('ConquerCity', y, m, nation, general, city)`:
 * the defender's last city destroys it, else a lost capital moves; the city goes to the nation
 * with the largest share of its conflict, loses 30% of its development, and the fronts of the
 * nations around it are recomputed.
 */
export function conquerCity(world: World, random: StreamSource, attacker: General, city: City): void {
  const { year, month } = world.env;
  const attackerNation = world.nations.get(attacker.nation)!;
  const rng = random.stream('ConquerCity', year, month, attackerNation.id, attacker.id, city.id);
  const defenderNation = city.nation === 0 ? undefined : world.nations.get(city.nation);

  generalLog(world, attacker.id, `${city.name} 공략에 성공했습니다.`);
  log(world, 'world', 0, `${withJosa(attacker.name, '이')} ${city.name} 공략에 성공했습니다.`);
  chronicle(world, `【지배】 ${withJosa(attackerNation.name, '이')} ${withJosa(city.name, '을')} 지배했습니다.`);
  if (defenderNation) nationLog(world, defenderNation.id, `${attackerNation.name}의 ${attacker.name}에 의해 ${withJosa(city.name, '이')} 함락`);

  let ownedByDefender = 0;
  if (defenderNation) for (let id = 1; id < world.cities.length; id++) if (world.cities[id]!.nation === defenderNation.id) ownedByDefender += 1;

  if (defenderNation && ownedByDefender === 1) {
    destroyNation(world, rng, defenderNation, attacker);
  } else {
    for (const g of world.generals.values()) {
      if (g.officerCity === city.id) {
        g.officerLevel = 1;
        g.officerCity = 0;
      }
    }
    if (defenderNation && defenderNation.capital === city.id) relocateCapital(world, defenderNation, city.id);
  }

  const conquerNation = city.conflict[0]?.[0] ?? attackerNation.id;
  if (conquerNation === attackerNation.id) {
    attacker.city = city.id;
  } else {
    const winner = world.nations.get(conquerNation)!;
    chronicle(world, `【분쟁협상】 ${withJosa(winner.name, '이')} 영토분쟁에서 우위를 점하여 ${withJosa(city.name, '을')} 양도받았습니다.`);
  }
  city.supply = 1;
  city.term = 0;
  city.conflict = [];
  city.agri = phpRound(city.agri * 0.7);
  city.comm = phpRound(city.comm * 0.7);
  city.secu = phpRound(city.secu * 0.7);
  city.nation = conquerNation;
  city.officerSet = 0;
  if (city.level > 3) {
    city.def = 1000;
    city.wall = 1000;
  } else {
    city.def = phpRound(city.defMax / 2);
    city.wall = phpRound(city.wallMax / 2);
  }
  const near = new Set<number>([conquerNation]);
  for (const id of [...city.neighbours, city.id]) if (world.cities[id]!.nation !== 0) near.add(world.cities[id]!.nation);
  setNationFronts(world, near);
}

/**
 * The defender's last city fell (legacy `deleteNation` and the victor's share): every member
 * loses 20–50% of gold and rice, 10% of experience and half the dedication; each gets the
 * attacker's scout letter with p ½ (legacy); NPCs (npc 2–8 but 5) join the victor with p 0.1
 * after 0–12 turns of 견문. The victor takes half of the fallen treasury above the base and of
 * what the members lost.
 */
function destroyNation(world: World, rng: RandUtil, nation: Nation, attacker: General): void {
  const victor = world.nations.get(attacker.nation)!;
  const lord = [...world.generals.values()].find((g) => g.nation === nation.id && g.officerLevel === 12);
  if (!lord) throw new Error(`${nation.name} (${nation.id}) fell without a ruler`);
  const members = deleteNation(world, lord);

  let lostGold = 0;
  let lostRice = 0;
  for (const g of members) {
    const gold = Math.trunc(g.gold * rng.nextRange(0.2, 0.5));
    const rice = Math.trunc(g.rice * rng.nextRange(0.2, 0.5));
    generalLog(world, g.id, `도주하며 금${gold} 쌀${rice}을 분실했습니다.`);
    g.gold -= gold;
    g.rice -= rice;
    for (const line of addExperience(g, -g.experience * 0.1, false)) generalLog(world, g.id, line);
    for (const line of addDedication(g, -g.dedication * 0.5, false)) generalLog(world, g.id, line);
    lostGold += gold;
    lostRice += rice;
    // Legacy sends each member the attacker's scout letter with p ½ (process_war's 등용장 발부).
    if (world.env.joinMode !== 'onlyRandom' && rng.nextBool(0.5)) sendScoutLetter(world, attacker, g);
    if (world.env.joinMode !== 'onlyRandom' && g.npc >= 2 && g.npc <= 8 && g.npc !== 5 && rng.nextBool(JOIN_RUINED_NPC_PROP)) {
      const joinTurn = rng.nextRangeInt(0, 12);
      for (let i = 0; i < joinTurn; i++) g.queue[i] = { action: 'che_견문', arg: null };
      g.queue[joinTurn] = { action: 'che_임관', arg: { destNationId: victor.id } };
    }
  }
  const gold = Math.trunc((Math.max(0, nation.gold - GameConst.basegold) + lostGold) / 2);
  const rice = Math.trunc((Math.max(0, nation.rice - GameConst.baserice) + lostRice) / 2);
  victor.gold += gold;
  victor.rice += rice;
  for (const g of world.generals.values()) {
    if (g.nation === victor.id && g.officerLevel >= 5) generalLog(world, g.id, `${nation.name} 정복으로 금${phpNumberFormat(gold, 0, ',')} 쌀${phpNumberFormat(rice, 0, ',')}을 획득했습니다.`);
  }
}

/**
 * 긴급천도: the nearest own city by map distance (the most populous of that ring, the later one
 * on a tie, as legacy's `<` test keeps it) becomes the capital; the treasury halves, the chiefs
 * move there and every member's morale drops by a fifth.
 */
function relocateCapital(world: World, nation: Nation, lost: number): void {
  const next = nextCapital(world, nation.id, lost);
  const name = world.cities[next]!.name;
  chronicle(world, `【긴급천도】 ${withJosa(nation.name, '이')} 수도가 함락되어 ${withJosa(name, '으로')} 긴급천도하였습니다.`);
  nation.capital = next;
  nation.gold = phpRound(nation.gold * 0.5);
  nation.rice = phpRound(nation.rice * 0.5);
  world.cities[next]!.supply = 1;
  for (const g of world.generals.values()) {
    if (g.nation !== nation.id) continue;
    if (g.officerLevel >= 5) {
      g.city = next;
      generalLog(world, g.id, `수도가 함락되어 ${withJosa(name, '으로')} 긴급천도합니다.`);
    }
    g.atmos = phpRound(g.atmos * 0.8);
  }
}

/** Legacy `findNextCapital`: BFS rings from the lost capital over the whole map. */
export function nextCapital(world: World, nationId: number, from: number): number {
  const seen = new Set<number>([from]);
  let ring = [from];
  while (ring.length > 0) {
    let best = 0;
    let bestPop = 0;
    for (const id of ring) {
      const c = world.cities[id]!;
      if (id === from || c.nation !== nationId) continue;
      if (c.pop < bestPop) continue;
      best = id;
      bestPop = c.pop;
    }
    if (best !== 0) return best;
    const next: number[] = [];
    for (const id of ring) {
      for (const n of world.cities[id]!.neighbours) {
        if (!seen.has(n)) {
          seen.add(n);
          next.push(n);
        }
      }
    }
    ring = next;
  }
  throw new Error(`nation ${nationId} has no city left to move its capital to`);
}

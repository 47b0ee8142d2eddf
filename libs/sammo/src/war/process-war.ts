import { crewTypeOf, techCost } from '../commands/crew-types';
import { statOf } from '../commands/stats';
import { LiteHashDRBG } from '../rng/lite-hash-drbg';
import { RandUtil } from '../rng/rand-util';
import { GameConst } from '../world/constants';
import { chronicle } from '../world/logbook';
import { techLimited } from '../world/tech';
import type { City, General, World } from '../world/types';
import type { StreamSource } from '../turn/turn-run';
import { applyTable } from '../traits/effects';
import { nationTypeOf } from '../traits/nation-types';
import { fight } from './battle';
import { conquerCity } from './conquest';
import { addConflict } from './conflict';
import { battleNation, CityUnit, GeneralUnit } from './units';
import { phpRound } from '../world/php-math';

/**
 * Legacy `extractBattleOrder` for a defending general: 0 (stays out) without crew, with rice
 * ≤ crew/100 or train/atmos below its `defence_train`; else the mean of its stats with and
 * without injury plus crew/10⁶ × (train×atmos)^1.5 / 100.
 */
export function battleOrder(world: World, g: General): number {
  if (g.crew === 0 || g.rice <= g.crew / 100 || g.train < g.defenceTrain || g.atmos < g.defenceTrain) return 0;
  const nation = world.nations.get(g.nation);
  const sum = (injury: boolean) =>
    Math.floor(statOf(g, 'leadership', injury, nation)) + Math.floor(statOf(g, 'strength', injury, nation)) + Math.floor(statOf(g, 'intel', injury, nation));
  const totalStat = (sum(true) + sum(false)) / 2;
  const totalCrew = (g.crew / 1000000) * (g.train * g.atmos) ** 1.5;
  return totalStat + totalCrew / 100;
}

/** The battle's own stream (§7.1): 16 bytes of `('war', y, m, gid, city)` in hex seed a new DRBG. */
export function battleRng(random: StreamSource, year: number, month: number, generalId: number, cityId: number): { seed: string; rng: RandUtil } {
  const seed = random.stream('war', year, month, generalId, cityId).drbg.nextBytes(16).toString('hex');
  return { seed, rng: new RandUtil(new LiteHashDRBG(seed)) };
}

/**
 * Legacy `processWar`: the battle, then its aftermath — the defender nation's rice (the wall's
 * upkeep, or the granary of a fallen city), the dead of both cities, tech from the losses,
 * the diplomacy dead counts — and the conquest when the city fell.
 */
export function processWar(world: World, random: StreamSource, attackerGeneral: General, target: City): boolean {
  const { year, month, startyear } = world.env;
  const { rng } = battleRng(random, year, month, attackerGeneral.id, target.id);
  const attackerNation = world.nations.get(attackerGeneral.nation)!;
  const defenderNation = target.nation === 0 ? undefined : world.nations.get(target.nation);
  const attackerCityId = attackerGeneral.city;
  const attacker = new GeneralUnit(rng, world, attackerGeneral, attackerNation, true, world.cities[attackerCityId]!);
  const city = new CityUnit(rng, target, battleNation(defenderNation), year, startyear);

  const cityGenerals = [...world.generals.values()]
    .filter((g) => g.nation !== 0 && g.nation === target.nation && g.city === target.id)
    .sort((a, b) => a.id - b.id);
  const defenders = cityGenerals
    .map((g) => ({ g, order: battleOrder(world, g) }))
    .filter((d) => d.order > 0)
    .sort((a, b) => b.order - a.order)
    .map(({ g }) => new GeneralUnit(rng, world, g, defenderNation, false, target));

  const { conquered } = fight(world, attacker, defenders, city);
  if (city.dead > 0 || city.siege) {
    if (addConflict(target, attackerNation.id, city.dead, city.hp() === 0)) {
      chronicle(world, `【분쟁】 ${attackerNation.name}이(가) ${target.name} 공략에 가담하여 분쟁이 발생하고 있습니다.`);
    }
  }

  if (defenderNation !== undefined && target.supply === 1) {
    if (city.phase > 0) {
      const castle = crewTypeOf(1000)!;
      const rice = phpRound((city.killed / 100) * 0.8 * castle.rice * techCost(defenderNation.tech) * (city.cityTrainAtmos / 100 - 0.2));
      defenderNation.rice = Math.max(0, defenderNation.rice - rice);
    } else if (conquered) {
      defenderNation.rice += defenderNation.capital === target.id ? 1000 : 500;
    }
  }

  const totalDead = attacker.killed + attacker.dead;
  world.cities[attackerCityId]!.dead += Math.trunc(totalDead * 0.4);
  target.dead += Math.trunc(totalDead * 0.6);

  attackerNation.tech += techGain(world, attackerNation.id, attacker.dead * 0.012);
  if (defenderNation) defenderNation.tech += techGain(world, defenderNation.id, attacker.killed * 0.009);

  if (defenderNation) {
    const mine = world.diplomacy.get(`${attackerNation.id}:${defenderNation.id}`);
    if (mine) mine.dead += attacker.dead;
    const theirs = world.diplomacy.get(`${defenderNation.id}:${attackerNation.id}`);
    if (theirs) theirs.dead += attacker.killed;
  }

  if (conquered) conquerCity(world, random, attackerGeneral, target);
  return conquered;
}

/**
 * Tech from a battle's losses: the nation type's 기술 score hook, scaled up when troop dummies
 * pad the member count, a quarter past the tech limit, spread over max(10, gennum) and
 * truncated (legacy adds it with `%d`).
 */
function techGain(world: World, nationId: number, raw: number): number {
  const nation = world.nations.get(nationId)!;
  let gain = applyTable(nationTypeOf(nation.type)?.domestic, '기술', 'score', raw);
  let count = nation.gennum;
  let effective = 0;
  for (const g of world.generals.values()) if (g.nation === nationId && g.npc !== 5) effective += 1;
  if (effective < GameConst.initialNationGenLimit) {
    count = GameConst.initialNationGenLimit;
    effective = GameConst.initialNationGenLimit;
  }
  if (count !== effective) gain *= count / effective;
  if (techLimited(world.env.startyear, world.env.year, nation.tech)) gain /= 4;
  return Math.trunc(gain / Math.max(GameConst.initialNationGenLimit, nation.gennum));
}

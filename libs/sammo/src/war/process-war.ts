import { crewTypeOf, techCost } from '../stats/crew-types';
import { relYear } from '../world/queries';
import { statOf } from '../stats/stats';
import { LiteHashDRBG } from '../rng/lite-hash-drbg';
import { RandUtil } from '../rng/rand-util';
import { GameConst } from '../world/constants';
import { chronicle } from '../world/logbook';
import { techLimited } from '../world/tech';
import type { City, General, World } from '../world/types';
import type { StreamSource } from '../state/turn-run';
import { applyTable } from '../traits/effects';
import { nationTypeOf } from '../traits/nation-types';
import { fight } from './battle';
import { conquerCity } from './conquest';
import { addConflict } from '../world/conflict';
import { battleNation, type WarUnit } from './war-unit';
import { GeneralUnit } from './general-unit';
import { CityUnit } from './city-unit';
import { phpRound } from '../world/php-math';
import { withJosa } from '../world/josa';
import { floatColumn, sqlNumber } from '../world/sql-columns';

/** Legacy `che_성벽선제`'s `cityBattleOrder`: above any general's order. */
const CITY_FIRST_ORDER = 10000;

/**
 * Legacy `extractBattleOrder` for a defending general: 0 (stays out) without crew, with rice
 * ≤ crew/100 or train/atmos below its `defence_train`; else the mean of its stats with and
 * without injury plus crew/10⁶ × (train×atmos)^1.5 / 100.
 */
export function battleOrder(world: World, g: General): number {
  if (g.crew === 0 || g.rice <= g.crew / 100 || g.train < g.defenceTrain || g.atmos < g.defenceTrain) return 0;
  const nation = world.nations.get(g.nation);
  const years = relYear(world);
  const sum = (injury: boolean) =>
    Math.floor(statOf(g, 'leadership', injury, nation, years)) + Math.floor(statOf(g, 'strength', injury, nation, years)) + Math.floor(statOf(g, 'intel', injury, nation, years));
  const totalStat = (sum(true) + sum(false)) / 2;
  const totalCrew = (g.crew / 1000000) * (g.train * g.atmos) ** 1.5;
  return totalStat + totalCrew / 100;
}

/** The battle's own stream (§7.1): 16 bytes of `('war', y, m, gid, city)` in hex seed a new DRBG. */
export function battleRng(random: StreamSource, year: number, month: number, generalId: number, cityId: number): { seed: string; rng: RandUtil } {
  const seed = random.stream('war', year, month, generalId, cityId).drbg.nextBytes(16).toString('hex');
  return { seed, rng: new RandUtil(new LiteHashDRBG(seed)) };
}

export interface Battle {
  conquered: boolean;
  attacker: GeneralUnit;
  city: CityUnit;
  /** The city's generals that could fight, in battle order. */
  defenders: GeneralUnit[];
  /** The defenders in the order they fought; 0 is the city's own blow outside the siege. */
  fought: number[];
}

/**
 * The battle of legacy `processWar` on its own stream: the attacker against the city's
 * generals that can fight (by {@link battleOrder}, the city first when the attacker's chain
 * puts it there, legacy `cityBattleOrder`) and then the city under siege, and the conflict
 * share it leaves. The tools' legacy differential drives this with the battle seed of a case.
 */
export function battle(world: World, rng: RandUtil, attackerGeneral: General, target: City, seed?: string): Battle {
  const { year, startyear } = world.env;
  const attackerNation = world.nations.get(attackerGeneral.nation)!;
  const defenderNation = target.nation === 0 ? undefined : world.nations.get(target.nation);
  const attacker = new GeneralUnit(rng, world, attackerGeneral, attackerNation, true, world.cities[attackerGeneral.city]!);
  const city = new CityUnit(rng, target, battleNation(defenderNation), year, startyear);

  const cityGenerals = [...world.generals.values()]
    .filter((g) => g.nation !== 0 && g.nation === target.nation && g.city === target.id)
    .sort((a, b) => a.id - b.id);
  const ordered: { unit: WarUnit; order: number }[] = cityGenerals
    .map((g) => ({ g, order: battleOrder(world, g) }))
    .filter((d) => d.order > 0)
    .map(({ g, order }) => ({ unit: new GeneralUnit(rng, world, g, defenderNation, false, target), order }));
  const defenders = ordered.map((d) => d.unit as GeneralUnit);
  // Legacy `cityBattleOrder`: a crew type with che_성벽선제 (정란, 벽력거) draws the wall's blow first.
  if (ordered.length > 0 && attacker.crewType.actions.includes('che_성벽선제')) ordered.push({ unit: city, order: CITY_FIRST_ORDER });
  ordered.sort((a, b) => b.order - a.order);

  const { conquered, fought, last } = fight(world, attacker, ordered.map((d) => d.unit), city, seed);
  if (city.dead > 0 || last === city) {
    if (last !== city) {
      // Legacy closes the wall's early blow as if it were a siege, which also zeroes its phase.
      city.setOppose(attacker);
      city.setSiege();
      city.finishBattle();
    }
    // The share is written with the city's row only when the city fought last; after an early
    // blow followed by generals legacy never writes the row again and the share is lost (its
    // chronicle line is still written).
    const conflict = last === city ? target : { conflict: target.conflict.map(([n, v]): [number, number] => [n, v]) };
    if (addConflict(conflict, attackerNation.id, city.dead, city.hp() === 0)) {
      chronicle(world, `【분쟁】 ${withJosa(attackerNation.name, '이')} ${target.name} 공략에 가담하여 분쟁이 발생하고 있습니다.`);
    }
  }
  return { conquered, attacker, city, defenders, fought: fought.map((u) => (u instanceof GeneralUnit ? u.general.id : 0)) };
}

/**
 * Legacy `processWar`: the battle, then its aftermath — the defender nation's rice (the wall's
 * upkeep, or the granary of a fallen city), the dead of both cities, tech from the losses,
 * the diplomacy dead counts — and the conquest when the city fell.
 */
export function processWar(world: World, random: StreamSource, attackerGeneral: General, target: City): boolean {
  const { year, month } = world.env;
  const { rng, seed } = battleRng(random, year, month, attackerGeneral.id, target.id);
  const attackerNation = world.nations.get(attackerGeneral.nation)!;
  const defenderNation = target.nation === 0 ? undefined : world.nations.get(target.nation);
  const attackerCityId = attackerGeneral.city;
  const { conquered, attacker, city } = battle(world, rng, attackerGeneral, target, seed);

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

  // `tech + %d`: MeekroDB's %d is a decimal (not truncated), into a FLOAT column.
  attackerNation.tech = floatColumn(attackerNation.tech + sqlNumber(techGain(world, attackerNation.id, attacker.dead * 0.012)));
  if (defenderNation) defenderNation.tech = floatColumn(defenderNation.tech + sqlNumber(techGain(world, defenderNation.id, attacker.killed * 0.009)));

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
 * pad the member count, a quarter past the tech limit, spread over max(10, gennum).
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
  return gain / Math.max(GameConst.initialNationGenLimit, nation.gennum);
}

import { itemIn, itemPersonalEffect, setItem } from '../../items/held';
import { relYear } from '../../world/queries';
import { josa, withJosa } from '../../world/josa';
import { modifiers } from '../../stats/chain';
import type { RandUtil } from '../../rng/rand-util';
import { GameConst } from '../../world/constants';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog, log } from '../../world/logbook';
import type { City, General, World } from '../../world/types';
import { argCity, argObject } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { notBeNeutral, occupiedCity, reqGeneralGold, reqGeneralRice, suppliedCity } from '../constraints';
import { statOf, type StatName } from '../../stats/stats';
import { atCity, type DestCityArg } from './move';
import { phpNumberFormat, phpRound } from '../../world/php-math';
import { floatColumn, sqlNumber } from '../../world/sql-columns';

/** Legacy GameConst sabotage values (§5.3). */
const Sabotage = { defaultProb: 0.35, probCoefByStat: 300, defenceCoefByGeneralCnt: 0.04, damageMin: 100, damageMax: 800 } as const;

const cost = (c: CommandContext) => c.world.env.develcost * 5;

/** What one kind of sabotage does to the city once it succeeds; returns the line for the log. */
type Effect = (ctx: CommandContext, city: City, rng: RandUtil, injured: number) => string;

interface SabotageSpec {
  key: string;
  name: string;
  id: string;
  stat: StatName;
  injures: boolean;
  effect: Effect;
}

const statExpKey = { leadership: 'leadershipExp', strength: 'strengthExp', intel: 'intelExp' } as const;

/** Legacy `searchDistance(from, 5)`: BFS steps over the whole map, 99 beyond five. */
function distanceWithinFive(world: World, from: number, to: number): number {
  let ring = [from];
  const seen = new Set(ring);
  for (let d = 0; d <= 5; d++) {
    if (ring.includes(to)) return d;
    const next: number[] = [];
    for (const id of ring) {
      for (const n of world.cities[id]!.neighbours) {
        if (seen.has(n)) continue;
        seen.add(n);
        next.push(n);
      }
    }
    ring = next;
  }
  return 99;
}

/**
 * Legacy `calcSabotageDefenceProb`: the best defending stat of the city's nation's generals
 * there /300, + their `sabotageDefence` (농성 books +0.3 each), + (log2(n + 1) − 1.25) × 0.04
 * for n of them, + security/5, + 0.1 if supplied.
 */
function defenceProb(world: World, city: City, defenders: readonly General[], stat: StatName): number {
  let best = 0;
  let correction = 0;
  for (const g of defenders) {
    best = Math.max(best, Math.floor(statOf(g, stat, true, world.nations.get(g.nation), relYear(world))));
    correction = itemPersonalEffect(g, 'sabotageDefence', correction);
  }
  let p = best / Sabotage.probCoefByStat;
  p += correction;
  p += (Math.log2(defenders.length + 1) - 1.25) * Sabotage.defenceCoefByGeneralCnt;
  p += city.secu / city.secuMax / 5;
  p += city.supply === 1 ? 0.1 : 0;
  return p;
}

/** Legacy `SabotageInjury`: each defender is hurt with p 0.3 through `injuryProb` (+1..16, at most 80; army, train, atmos ×0.98). */
function injureDefenders(world: World, defenders: readonly General[], rng: RandUtil): number {
  let count = 0;
  for (const g of defenders) {
    if (!rng.nextBool(itemPersonalEffect(g, 'injuryProb', 0.3))) continue;
    generalLog(world, g.id, '계략으로 인해 부상을 당했습니다.');
    g.injury = Math.min(GameConst.maxInjury, Math.max(0, g.injury + rng.nextRangeInt(1, 16)));
    g.crew = phpRound(g.crew * 0.98);
    g.atmos = phpRound(g.atmos * 0.98);
    g.train = phpRound(g.train * 0.98);
    count += 1;
  }
  return count;
}

/** One damage draw, no more than what the city has. */
const damage = (rng: RandUtil, have: number) => Math.min(rng.nextRangeInt(Sabotage.damageMin, Sabotage.damageMax), have);

/** Two damage draws on two of the city's values, in that order; the city is marked (state 32). */
function damageTwo(city: City, a: 'agri' | 'comm' | 'def' | 'wall', b: 'agri' | 'comm' | 'def' | 'wall', rng: RandUtil): [number, number] {
  const first = damage(rng, city[a]);
  const second = damage(rng, city[b]);
  city[a] -= first;
  city[b] -= second;
  city.state = 32;
  return [first, second];
}

/**
 * The four sabotage commands (§5.3, legacy che_화계 and its subclasses): against a city of
 * another nation that is no non-aggression partner, develcost × 5 gold and rice;
 * p = clamp((0.35 + stat/300 (+ the 계략 success hook) − defence) / distance, 0, 0.5).
 * Failure: exp 1..100, ded 1..70; success: the effect, exp 201..300, ded 141..210, firenum + 1;
 * both cost the gold and rice and a point of the stat's experience.
 */
function sabotageCommand(spec: SabotageSpec): CommandDef<DestCityArg> {
  return {
    key: spec.key, name: spec.name, id: spec.id, kind: 'general',
    readArg: (raw, world) => ({ destCityId: argCity(argObject(raw, spec.id), 'destCityId', spec.id, world) }),
    failTarget: atCity,
    constraints: [
      notBeNeutral, occupiedCity, suppliedCity,
      (c, a) => (c.world.cities[a.destCityId]!.nation === c.general.nation ? '아국입니다.' : null),
      (c, a) => (c.world.cities[a.destCityId]!.nation === 0 ? '공백지입니다.' : null),
      reqGeneralGold(cost), reqGeneralRice(cost),
      (c, a) => (c.world.diplomacy.get(`${c.general.nation}:${c.world.cities[a.destCityId]!.nation}`)?.state === 7 ? '불가침국입니다.' : null),
    ],
    run(ctx, arg) {
      const { world, general, rng } = ctx;
      const city = world.cities[arg.destCityId]!;
      const defenders = [...world.generals.values()].filter((g) => g.city === city.id && g.nation === city.nation).sort((a, b) => a.id - b.id);
      const attack = modifiers(general, ctx.nation).domestic('계략', 'success', Math.floor(statOf(general, spec.stat, true, ctx.nation, relYear(ctx.world))) / Sabotage.probCoefByStat);
      const p = Math.min(0.5, Math.max(0, (Sabotage.defaultProb + attack - defenceProb(world, city, defenders, spec.stat)) / distanceWithinFive(world, general.city, city.id)));
      const succeeded = rng.nextBool(p);
      if (succeeded) {
        const injured = spec.injures ? injureDefenders(world, defenders, rng) : 0;
        const effect = spec.effect(ctx, city, rng, injured);
        generalLog(world, general.id, `${city.name}에 ${withJosa(spec.name, '이')} 성공했습니다.`);
        generalLog(world, general.id, effect);
        const tool = itemIn(general, 'item');
        if (tool?.spentBySabotage) {
          generalLog(world, general.id, `${tool.name}${josa(tool.rawName, '을')} 사용!`);
          setItem(general, 'item', null);
        }
      } else {
        generalLog(world, general.id, `${city.name}에 ${withJosa(spec.name, '이')} 실패했습니다.`);
      }
      const exp = succeeded ? rng.nextRangeInt(201, 300) : rng.nextRangeInt(1, 100);
      const ded = succeeded ? rng.nextRangeInt(141, 210) : rng.nextRangeInt(1, 70);
      general.gold = Math.max(0, general.gold - cost(ctx));
      general.rice = Math.max(0, general.rice - cost(ctx));
      for (const line of addExperience(general, exp)) generalLog(ctx.world, general.id, line);
      for (const line of addDedication(general, ded)) generalLog(ctx.world, general.id, line);
      general[statExpKey[spec.stat]] += 1;
      if (succeeded) general.rank.firenum += 1;
      for (const line of checkStatChange(general)) generalLog(world, general.id, line);
      // Legacy run records the LastTurn and returns false on a failed attempt: spent, not done.
      return succeeded || 'spent';
    },
  };
}

export const fireAttack = sabotageCommand({
  key: 'che_화계', name: '화계', id: 'fireAttack', stat: 'intel', injures: true,
  effect(ctx, city, rng, injured) {
    const [agri, comm] = damageTwo(city, 'agri', 'comm', rng);
    return `도시의 농업이 ${agri}, 상업이 ${comm}만큼 감소하고, 장수 ${injured}명이 부상 당했습니다.`;
  },
});

export const incite = sabotageCommand({
  key: 'che_선동', name: '선동', id: 'incite', stat: 'leadership', injures: true,
  effect(ctx, city, rng, injured) {
    const secu = damage(rng, city.secu);
    const trust = Math.min(rng.nextRange(Sabotage.damageMin, Sabotage.damageMax) / 50, city.trust);
    city.secu -= secu;
    city.trust = floatColumn(sqlNumber(city.trust - trust));
    city.state = 32;
    log(ctx.world, 'world', 0, `${city.name}의 백성들이 동요하고 있습니다.`);
    return `도시의 치안이 ${secu}, 민심이 ${phpNumberFormat(trust, 1)}만큼 감소하고, 장수 ${injured}명이 부상 당했습니다.`;
  },
});

export const destroy = sabotageCommand({
  key: 'che_파괴', name: '파괴', id: 'destroy', stat: 'strength', injures: true,
  effect(ctx, city, rng, injured) {
    const [def, wall] = damageTwo(city, 'def', 'wall', rng);
    log(ctx.world, 'world', 0, `누군가가 ${city.name}의 성벽을 허물었습니다.`);
    return `도시의 수비가 ${def}, 성벽이 ${wall}만큼 감소하고, 장수 ${injured}명이 부상 당했습니다.`;
  },
});

/**
 * 탈취: gold and rice of 100..800 × city level × √(1 + years/4)/2 × (¼ + development/4); a
 * supplied city's nation pays them (not below 0), 70% go to the thief's nation, the rest to
 * the thief. Legacy then writes the city's old agriculture and commerce back, so the loss an
 * unsupplied city would take there never lands; neither does it here.
 */
export const plunder = sabotageCommand({
  key: 'che_탈취', name: '탈취', id: 'plunder', stat: 'strength', injures: false,
  effect(ctx, city, rng) {
    const { world, general } = ctx;
    const yearCoef = Math.sqrt(1 + (world.env.year - world.env.startyear) / 4) / 2;
    let gold = rng.nextRangeInt(Sabotage.damageMin, Sabotage.damageMax) * city.level * yearCoef * (0.25 + city.comm / city.commMax / 4);
    let rice = rng.nextRangeInt(Sabotage.damageMin, Sabotage.damageMax) * city.level * yearCoef * (0.25 + city.agri / city.agriMax / 4);
    const victim = world.nations.get(city.nation);
    if (city.supply === 1 && victim) {
      const leftGold = victim.gold - gold;
      const leftRice = victim.rice - rice;
      if (leftGold < 0) gold += leftGold;
      if (leftRice < 0) rice += leftRice;
      victim.gold = phpRound(Math.max(0, leftGold));
      victim.rice = phpRound(Math.max(0, leftRice));
    }
    city.state = 32;
    // The thief serves a nation (NotBeNeutral): it keeps 70%.
    const own = ctx.nation!;
    own.gold += phpRound(gold * 0.7);
    own.rice += phpRound(rice * 0.7);
    general.gold += phpRound(gold - phpRound(gold * 0.7));
    general.rice += phpRound(rice - phpRound(rice * 0.7));
    log(world, 'world', 0, `${city.name}에서 금과 쌀을 도둑맞았습니다.`);
    return `금${phpNumberFormat(gold, 0, ',')} 쌀${phpNumberFormat(rice, 0, ',')}을 획득했습니다.`;
  },
});

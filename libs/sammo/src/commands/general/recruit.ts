import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { GameConst } from '../../world/constants';
import { IllegalMove, type Json } from '@chronicle/engine';
import { argInt, argObject } from '../args';
import type { CommandContext, CommandDef, Constraint } from '../command';
import { notBeNeutral, occupiedCity, reqCityTrust, reqGeneralGold, reqGeneralRice } from '../constraints';
import { addDex, costWithTech, crewTypeOf, crewTypeRefusal, nationHoldings, type Holdings } from '../../stats/crew-types';
import { relYear } from '../../world/queries';
import { leadershipWithInjury } from '../../stats/stats';
import { clamp } from './domestic';
import { modifiers } from '../../stats/chain';
import { phpNumberFormat, phpRound } from '../../world/php-math';
import { floatColumn, sqlNumber } from '../../world/sql-columns';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

export interface RecruitArg {
  crewType: number;
  amount: number;
}

interface RecruitSpec {
  key: string;
  /** Also the `onCalcDomestic` turn type (징병 / 모병). */
  name: '징병' | '모병';
  id: string;
  costOffset: number;
  base: number;
}

function readRecruitArg(raw: Json, id: string): RecruitArg {
  const o = argObject(raw, id);
  const crewType = argInt(o, 'crewType', id, 0, Number.MAX_SAFE_INTEGER);
  if (!crewTypeOf(crewType)) throw new IllegalMove(`${id}: unknown crew type ${crewType}`);
  return { crewType, amount: argInt(o, 'amount', id, 1, 1_000_000) };
}

/** How many soldiers the order raises: `clamp(amount, 100, L×100 − same-type crew)` (100 when the room is smaller). */
export function appliedAmount(ctx: CommandContext, arg: RecruitArg): number {
  const g = ctx.general;
  const maxCrew = leadershipWithInjury(g, ctx.nation, relYear(ctx.world)) * 100 - (g.crewtype === arg.crewType ? g.crew : 0);
  return maxCrew < 100 ? 100 : clamp(arg.amount, 100, maxCrew);
}

/**
 * Gold = round(onCalcDomestic(name, 'cost', unit cost × techCost × applied/100) × costOffset),
 * rice = round(onCalcDomestic(name, 'rice', applied/100)) (§5.2), with the crew type's arm as the
 * aux (the arm specials' ×0.9). `name` is 징병 or 모병; every modelled trait treats the two alike.
 */
export function recruitCost(ctx: CommandContext, arg: RecruitArg, costOffset: number, name: '징병' | '모병' = costOffset > 1 ? '모병' : '징병'): { gold: number; rice: number } {
  const applied = appliedAmount(ctx, arg);
  // §5.2: the unit's own rice is battle upkeep, not a recruiting price: rice is applied/100
  // whatever the unit, before the hook.
  const traits = modifiers(ctx.general, ctx.nation);
  const crewType = crewTypeOf(arg.crewType)!;
  return {
    gold: phpRound(traits.domestic(name, 'cost', costWithTech(crewType, ctx.nation?.tech ?? 0, applied), crewType.armType) * costOffset),
    rice: phpRound(traits.domestic(name, 'rice', applied / 100, crewType.armType)),
  };
}

const held: Holdings = { cities: 0, regions: 0 };

/** Legacy AvailableRecruitCrewType: the nation's tech, owned cities and regions, and the year allow the type. */
export const availableCrewType: Constraint<RecruitArg> = (c, a) =>
  crewTypeRefusal(crewTypeOf(a.crewType)!, nationHoldings(c.world, c.general.nation, held), relYear(c.world), c.nation?.tech ?? 0);

const crewMargin: Constraint<RecruitArg> = (c, a) =>
  c.general.crewtype === a.crewType && leadershipWithInjury(c.general, c.nation, relYear(c.world)) * 100 <= c.general.crew ? '이미 많은 병력을 보유하고 있습니다.' : null;

export function recruitCommand(spec: RecruitSpec): CommandDef<RecruitArg> {
  return {
    key: spec.key,
    name: spec.name,
    id: spec.id,
    kind: 'general',
    readArg: (raw) => readRecruitArg(raw, spec.id),
    // Legacy che_징병 (and 모병, its subclass) does not ask for a supplied city: a general
    // may raise troops in an own city cut off from the capital.
    constraints: [
      notBeNeutral, occupiedCity,
      (c, a) => (c.city.pop < GameConst.minAvailableRecruitPop + Math.max(a.amount, 100) ? '주민이 부족합니다.' : null),
      reqCityTrust(20) as Constraint<RecruitArg>,
      reqGeneralGold((c, a: RecruitArg) => recruitCost(c, a, spec.costOffset, spec.name).gold),
      reqGeneralRice((c, a: RecruitArg) => recruitCost(c, a, spec.costOffset, spec.name).rice),
      crewMargin,
      availableCrewType,
    ],
    run(ctx, arg) {
      const { general, city } = ctx;
      const applied = appliedAmount(ctx, arg);
      const cost = recruitCost(ctx, arg, spec.costOffset, spec.name);
      const type = crewTypeOf(arg.crewType)!;
      const traits = modifiers(general, ctx.nation);
      const train = traits.domestic(spec.name, 'train', spec.base);
      const atmos = traits.domestic(spec.name, 'atmos', spec.base);
      const added = general.crewtype === arg.crewType && general.crew > 0;
      // The legacy logs the order first, then the level and stat changes it brings.
      generalLog(ctx.world, general.id, `${type.name} ${phpNumberFormat(applied, 0, ',')}명을 ${added ? '추가' : ''}${spec.name}했습니다.`);
      if (added) {
        const total = general.crew + applied;
        general.train = phpRound((general.crew * general.train + applied * train) / total);
        general.atmos = phpRound((general.crew * general.atmos + applied * atmos) / total);
        general.crew = total;
      } else {
        general.crewtype = arg.crewType;
        general.crew = applied;
        general.train = train;
        general.atmos = atmos;
      }
      // 징집인구: no modelled trait changes it; kept unrounded as legacy does.
      const popDec = traits.domestic('징집인구', 'score', applied);
      // trust is a FLOAT column: PHP's float text, stored as float32, read back at six digits.
      city.trust = floatColumn(sqlNumber(Math.max(0, city.trust - (popDec / city.pop / spec.costOffset) * 100)));
      city.pop = Math.max(0, city.pop - popDec);
      addDex(general, type.armType, applied / 100);
      for (const line of addExperience(general, phpRound(applied / 100))) generalLog(ctx.world, general.id, line);
      for (const line of addDedication(general, phpRound(applied / 100))) generalLog(ctx.world, general.id, line);
      general.gold = Math.max(0, general.gold - cost.gold);
      general.rice = Math.max(0, general.rice - cost.rice);
      general.leadershipExp += 1;
      general.aux.armType = type.armType;
      for (const line of checkStatChange(general)) generalLog(ctx.world, general.id, line);
      tryUniqueItemLottery(ctx);
      return true;
    },
  };
}

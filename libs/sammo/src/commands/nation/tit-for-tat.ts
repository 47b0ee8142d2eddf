import { IllegalMove } from '@chronicle/engine';
import { argNation, argObject } from '../args';
import { beChief, occupiedCity } from '../constraints';
import type { CommandDef } from '../command';
import { announce, availableStrategicCommand, counterDelay, destNationOf, diplomacyWith, existsDestNation, invoke, invoked } from './strategic';
import type { DestNationArg } from './declare-war';
import { Diplo } from '../../world/constants';
import { joinYearMonth } from '../../world/clock';

/** Legacy `GameConst::$availableChiefCommand['전략']`: the commands 피장파장 may name (not itself). */
const STRATEGIC_KEYS = ['che_필사즉생', 'che_백성동원', 'che_수몰', 'che_허보', 'che_의병모집', 'che_이호경식', 'che_급습'] as const;

/** Months the named command is closed to the target nation (legacy `$delayCnt`), and at least to the nation itself (round(60 × 1.2)). */
const DELAY = 60;
const OWN_MINIMUM = 72;

export interface TitForTatArg extends DestNationArg {
  commandType: (typeof STRATEGIC_KEYS)[number];
}

/** Cooldowns are kept by the command's name (`next_execute_<name>`): the key less `che_`. */
const nameOf = (key: string) => key.slice('che_'.length);

/**
 * 피장파장 {destNationId, commandType} (legacy che_피장파장): against a nation at war or declared
 * on, a strategic command the nation may use now is closed to the target for 60 more months
 * (from now or from its current cooldown, whichever is later) and to the nation itself for
 * max(round(√(size × 2) × 10), 72) months. After 1 turn; its own cooldown is 8 months and
 * it leaves the nation-wide strategic wait alone. Legacy's run never sets the result turn,
 * so the chief's LastTurn stays at the stacked term.
 */
export const titForTat: CommandDef<TitForTatArg> = {
  key: 'che_피장파장',
  name: '피장파장',
  id: 'titForTat',
  kind: 'nation',
  readArg(raw, world) {
    const o = argObject(raw, 'titForTat');
    const commandType = o.commandType;
    if (typeof commandType !== 'string' || !(STRATEGIC_KEYS as readonly string[]).includes(commandType)) {
      throw new IllegalMove(`titForTat: commandType must be one of ${STRATEGIC_KEYS.join(', ')}`);
    }
    return { destNationId: argNation(o, 'destNationId', 'titForTat', world), commandType: commandType as TitForTatArg['commandType'] };
  },
  constraints: [
    // Legacy replaces every other condition with this one while the named command is closed.
    (c, a) => ((c.nation!.nextExecute[nameOf(a.commandType)] ?? -Infinity) > joinYearMonth(c.year, c.month) ? '해당 전략을 아직 사용할 수 없습니다' : null),
    occupiedCity,
    beChief,
    existsDestNation,
    diplomacyWith(destNationOf, [Diplo.war, Diplo.declared], '선포, 전쟁중인 상대국에게만 가능합니다.'),
    availableStrategicCommand,
  ],
  preTurns: () => 1,
  postTurns: () => 8,
  keepsLastTurn: true,
  run(ctx, arg) {
    const dest = ctx.world.nations.get(arg.destNationId)!;
    const target = nameOf(arg.commandType);
    const now = joinYearMonth(ctx.year, ctx.month);
    invoke(ctx, 1, `${target} 전략의 피장파장 발동!`, false);
    ctx.nation!.nextExecute[target] = now + counterDelay(ctx, OWN_MINIMUM);
    dest.nextExecute[target] = Math.max(dest.nextExecute[target] ?? 0, now) + DELAY;
    announce(ctx, `${dest.name}에 ${target} ${invoked('피장파장')}`, dest.id, `아국에 ${target} ${invoked('피장파장')}`);
    return true;
  },
};

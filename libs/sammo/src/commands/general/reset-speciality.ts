import { generalLog } from '../../world/logbook';
import type { General } from '../../world/types';
import { AVAILABLE_DOMESTIC, AVAILABLE_WAR } from '../../traits/speciality';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

interface SpecialitySlot {
  key: string;
  name: string;
  id: string;
  /** The speciality's kind as the log names it. */
  kind: string;
  held(g: General): string | null;
  clear(g: General): void;
  previous: 'prev_types_special' | 'prev_types_special2';
  /** How many specialities the kind has: a general who has held them all starts the list again. */
  available: number;
}

/**
 * 내정/전투 특기 초기화 (legacy che_내정특기초기화 / che_전투특기초기화): after two turns the
 * general gives up the speciality to learn another from next year's age on (the monthly grant
 * skips the ones held before, until every one has been held). Once in 5 years (60 turns).
 */
function resetSpeciality(slot: SpecialitySlot): CommandDef<null> {
  return {
    key: slot.key,
    name: slot.name,
    id: slot.id,
    kind: 'general',
    readArg: (raw) => noArg(raw, slot.id),
    constraints: [(c) => (slot.held(c.general) === null ? '특기가 없습니다.' : null)],
    preTurns: () => 1,
    postTurns: () => 60,
    termText: (term, of) => `새로운 적성을 찾는 중... (${term}/${of})`,
    run(ctx) {
      const g = ctx.general;
      const previous = [...(g.aux[slot.previous] ?? []), slot.held(g)!];
      g.aux[slot.previous] = previous.length === slot.available ? [slot.held(g)!] : previous;
      slot.clear(g);
      generalLog(ctx.world, g.id, `새로운 ${slot.kind}를 가질 준비가 되었습니다.`);
      tryUniqueItemLottery(ctx);
      return true;
    },
  };
}

export const resetDomesticSpeciality = resetSpeciality({
  key: 'che_내정특기초기화',
  name: '내정 특기 초기화',
  id: 'resetDomesticSpeciality',
  kind: '내정 특기',
  held: (g) => g.special,
  clear(g) {
    g.special = null;
    g.specage = g.age + 1;
  },
  previous: 'prev_types_special',
  available: AVAILABLE_DOMESTIC.length,
});

export const resetWarSpeciality = resetSpeciality({
  key: 'che_전투특기초기화',
  name: '전투 특기 초기화',
  id: 'resetWarSpeciality',
  kind: '전투 특기',
  held: (g) => g.special2,
  clear(g) {
    g.special2 = null;
    g.specage2 = g.age + 1;
  },
  previous: 'prev_types_special2',
  available: AVAILABLE_WAR.length,
});

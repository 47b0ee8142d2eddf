import { grouped } from '../../world/php-math';
import { IllegalMove } from '@chronicle/engine';
import { GameConst } from '../../world/constants';
import { addDedication, addExperience } from '../../stats/levels';
import { generalLog, nationLog } from '../../world/logbook';
import { argNation, argObject } from '../args';
import type { CommandDef } from '../command';
import { chiefInOwnSuppliedCity } from './grant-arg';
import { withJosa } from '../../world/josa';
import type { Nation } from '../../world/types';

/** Legacy `GameConst::$coefAidAmount`: a nation sends at most level × 10000 of each. */
const COEF_AID_AMOUNT = 10000;

export interface AidArg {
  destNationId: number;
  /** [gold, rice], whole and not both 0. */
  amountList: [number, number];
}

/** The receiver's `recv_assist`: the running total from each giver, in the order first received. */
function recordAid(receiver: Nation, giver: number, amount: number): void {
  const ledger = (receiver.aidReceived ??= []);
  const row = ledger.find(([from]) => from === giver);
  if (row) row[1] += amount;
  else ledger.push([giver, amount]);
}

/**
 * 물자원조 {destNationId, amountList: [gold, rice]}: a chief sends gold and rice to another
 * nation, at most level × 10000 of each and only what is above the base stocks; both nations
 * must be free of the diplomacy limit (`surlimit`), which the sender's rises by 12.
 */
export const aid: CommandDef<AidArg> = {
  key: 'che_물자원조',
  name: '원조',
  id: 'aid',
  kind: 'nation',
  readArg(raw, world) {
    const o = argObject(raw, 'aid');
    const list = o.amountList;
    if (!Array.isArray(list) || list.length !== 2 || !list.every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (list[0] === 0 && list[1] === 0)) {
      throw new IllegalMove('aid: amountList must be [gold, rice], whole numbers from 0, not both 0');
    }
    return { destNationId: argNation(o, 'destNationId', 'aid', world), amountList: [list[0] as number, list[1] as number] };
  },
  constraints: [
    (c, a) => (Math.max(...a.amountList) > (c.nation?.level ?? 0) * COEF_AID_AMOUNT ? '작위 제한량 이상은 보낼 수 없습니다.' : null),
    (c, a) => (c.world.nations.has(a.destNationId) ? null : '멸망한 국가입니다.'),
    ...chiefInOwnSuppliedCity,
    (c, a) => (a.destNationId === c.general.nation ? '이미 같은 국가입니다.' : null),
    (c, a) => (c.nation!.gold < GameConst.basegold + (a.amountList[0] > 0 ? 1 : 0) ? '국고가 부족합니다.' : null),
    (c, a) => (c.nation!.rice < GameConst.baserice + (a.amountList[1] > 0 ? 1 : 0) ? '병량이 부족합니다.' : null),
    (c) => (c.nation!.surlimit !== 0 ? '외교제한중입니다.' : null),
    (c, a) => (c.world.nations.get(a.destNationId)!.surlimit !== 0 ? '상대국이 외교제한중입니다.' : null),
  ],
  run(ctx, arg) {
    const nation = ctx.nation!;
    const dest = ctx.world.nations.get(arg.destNationId)!;
    const gold = Math.min(Math.max(arg.amountList[0], 0), nation.gold - GameConst.basegold);
    const rice = Math.min(Math.max(arg.amountList[1], 0), nation.rice - GameConst.baserice);
    nation.gold -= gold;
    nation.rice -= rice;
    nation.surlimit += 12;
    dest.gold += gold;
    dest.rice += rice;
    recordAid(dest, nation.id, gold + rice);
    const towards = withJosa(dest.name, '으로');
    generalLog(ctx.world, ctx.general.id, `${towards} 금${grouped(gold)} 쌀${grouped(rice)}을 지원했습니다.`);
    generalLog(ctx.world, ctx.general.id, `${towards} 물자를 지원합니다.`);
    nationLog(ctx.world, dest.id, `${nation.name}에서 금${grouped(gold)} 쌀${withJosa(grouped(rice), '을')} 원조했습니다.`);
    for (const line of addExperience(ctx.general, 5)) generalLog(ctx.world, ctx.general.id, line);
    for (const line of addDedication(ctx.general, 5)) generalLog(ctx.world, ctx.general.id, line);
    return true;
  },
};

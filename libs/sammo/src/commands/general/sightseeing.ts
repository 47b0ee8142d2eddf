import { GameConst } from '../../world/constants';
import { addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** Effect flags of legacy `SightseeingMessage` (same bit values). */
export const Sight = {
  IncExp: 0x1,
  IncHeavyExp: 0x2,
  IncLeadership: 0x10,
  IncStrength: 0x20,
  IncIntel: 0x40,
  IncGold: 0x100,
  IncRice: 0x200,
  DecGold: 0x400,
  DecRice: 0x800,
  Wounded: 0x1000,
  HeavyWounded: 0x2000,
} as const;

/**
 * The legacy 견문 event table, in order: [effects, texts, weight] (the weight belongs to the
 * event, not to its texts; total 19). `:goldAmount:` / `:riceAmount:` are filled in.
 */
export const SIGHTSEEING_EVENTS: readonly (readonly [number, readonly string[], number])[] = [
  [Sight.IncExp, ['아무일도 일어나지 않았습니다.', '명사와 설전을 벌였으나 망신만 당했습니다.', '동네 장사와 힘겨루기를 했지만 망신만 당했습니다.'], 1],
  [Sight.IncHeavyExp, ['주점에서 사람들과 어울려 술을 마셨습니다.', '위기에 빠진 사람을 구해주었습니다.'], 1],
  [Sight.IncHeavyExp | Sight.IncLeadership, ['백성들에게 현인의 가르침을 설파했습니다.', '어느 집의 도망친 가축을 되찾아 주었습니다.'], 2],
  [Sight.IncHeavyExp | Sight.IncStrength, ['동네 장사와 힘겨루기를 하여 멋지게 이겼습니다.', '어느 집의 무너진 울타리를 고쳐주었습니다.'], 2],
  [Sight.IncHeavyExp | Sight.IncIntel, ['어느 명사와 설전을 벌여 멋지게 이겼습니다.', '거리에서 글 모르는 아이들을 모아 글을 가르쳤습니다.'], 2],
  [Sight.IncExp | Sight.IncGold, ['지나가는 행인에게서 금을 :goldAmount: 받았습니다.'], 1],
  [Sight.IncExp | Sight.IncRice, ['지나가는 행인에게서 쌀을 :riceAmount: 받았습니다.'], 1],
  [Sight.IncExp | Sight.DecGold, ['산적을 만나 금 :goldAmount:을 빼앗겼습니다.', '돈을 :goldAmount: 빌려주었다가 떼어먹혔습니다.'], 1],
  [Sight.IncExp | Sight.DecRice, ['쌀을 :riceAmount: 빌려주었다가 떼어먹혔습니다.'], 1],
  [Sight.IncExp | Sight.Wounded, ['호랑이에게 물려 다쳤습니다.', '곰에게 할퀴어 다쳤습니다.'], 1],
  [Sight.IncHeavyExp | Sight.Wounded, ['위기에 빠진 사람을 구해주다가 다쳤습니다.'], 1],
  [Sight.IncExp | Sight.HeavyWounded, ['호랑이에게 물려 크게 다쳤습니다.', '곰에게 할퀴어 크게 다쳤습니다.'], 1],
  [Sight.IncHeavyExp | Sight.Wounded | Sight.HeavyWounded, ['위기에 빠진 사람을 구하다가 죽을뻔 했습니다.'], 1],
  [Sight.IncHeavyExp | Sight.IncStrength | Sight.IncGold, ['산적과 싸워 금 :goldAmount:을 빼앗았습니다.'], 1],
  [Sight.IncHeavyExp | Sight.IncStrength | Sight.IncRice, ['호랑이를 잡아 고기 :riceAmount:을 얻었습니다.', '곰을 잡아 고기 :riceAmount:을 얻었습니다.'], 1],
  [Sight.IncHeavyExp | Sight.IncIntel | Sight.IncGold, ['돈을 빌려주었다가 이자 :goldAmount:을 받았습니다.'], 1],
  [Sight.IncHeavyExp | Sight.IncIntel | Sight.IncRice, ['쌀을 빌려주었다가 이자 :riceAmount:을 받았습니다.'], 1],
];

/**
 * 견문 (legacy che_견문): no condition, no cost. The event by weight (one `nextFloat1`), then
 * its text (`choice`: a single text draws nothing) come from a stream of their own
 * (`sightseeing`, year, month, general): the legacy draws them with PHP's unseeded `mt_rand`,
 * outside the command's stream, whose first draws are then the wound's injury
 * (`nextRangeInt(10, 20)`, then `(20, 50)` for a heavy one, each capped at 80), as here.
 * Exp +30 (IncExp) / +60 (IncHeavyExp), stat exp +2, gold/rice +300 or −200 (floor 0).
 * No dedication, as legacy.
 */
export const sightseeing: CommandDef<null> = {
  key: 'che_견문',
  name: '견문',
  id: 'sightseeing',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'sightseeing'),
  constraints: [],
  run(ctx) {
    const { general: g, rng } = ctx;
    if (!ctx.random) throw new Error('견문 needs the run streams (its event stream)');
    const events = ctx.random.stream('sightseeing', ctx.year, ctx.month, g.id);
    const [type, texts] = events.choiceUsingWeight(SIGHTSEEING_EVENTS.map((e) => [[e[0], e[1]] as const, e[2]] as const));
    let text = events.choice(texts);
    let exp = 0;
    if (type & Sight.IncExp) exp += 30;
    if (type & Sight.IncHeavyExp) exp += 60;
    if (type & Sight.IncLeadership) g.leadershipExp += 2;
    if (type & Sight.IncStrength) g.strengthExp += 2;
    if (type & Sight.IncIntel) g.intelExp += 2;
    if (type & Sight.IncGold) {
      g.gold += 300;
      text = text.replace(':goldAmount:', '300');
    }
    if (type & Sight.IncRice) {
      g.rice += 300;
      text = text.replace(':riceAmount:', '300');
    }
    if (type & Sight.DecGold) {
      g.gold = Math.max(0, g.gold - 200);
      text = text.replace(':goldAmount:', '200');
    }
    if (type & Sight.DecRice) {
      g.rice = Math.max(0, g.rice - 200);
      text = text.replace(':riceAmount:', '200');
    }
    if (type & Sight.Wounded) g.injury = Math.min(GameConst.maxInjury, g.injury + rng.nextRangeInt(10, 20));
    if (type & Sight.HeavyWounded) g.injury = Math.min(GameConst.maxInjury, g.injury + rng.nextRangeInt(20, 50));
    generalLog(ctx.world, g.id, text);
    for (const line of addExperience(g, exp)) generalLog(ctx.world, g.id, line);
    for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};

import type { RandUtil } from '../rng/rand-util';
import { itemOf, type Item } from '../items/catalog';
import { josa, withJosa } from '../world/josa';
import { phpRound } from '../world/php-math';
import type { TournamentEntry } from '../world/types';
import type { TournamentKind } from '../world/tournament-kinds';

/**
 * The draws a fight makes, named after the legacy calls they stand for. The legacy fights
 * with PHP's unseeded `rand()`; the game gives them the tournament's labelled stream
 * ({@link fightDice}), and the differential replays PHP's Mersenne Twister through the same
 * calls, so one fight can be compared draw for draw.
 */
export interface FightDice {
  /** `rand() % n`: 0 to n − 1. */
  below(n: number): number;
  /** `Util::randRangeInt(a, b)`. */
  rangeInt(a: number, b: number): number;
  /** `Util::choiceRandom(items)`. */
  pick<T>(items: readonly T[]): T;
}

export function fightDice(rng: RandUtil): FightDice {
  return {
    below: (n) => rng.nextInt(n - 1),
    rangeInt: (a, b) => rng.nextRangeInt(a, b),
    pick: (items) => rng.choice(items),
  };
}

export type Fighter = Pick<TournamentEntry, 'name' | 'leadership' | 'strength' | 'intel' | 'lvl' | 'items'>;

/** 0: the first fighter won, 1: the second, 2: a draw. */
export type FightResult = 0 | 1 | 2;

export interface FightOutcome {
  result: FightResult;
  /** Damage each side took over the fight (legacy `gd1`, `gd2`). */
  taken: [number, number];
  lines: string[];
}

/** League games last 10 exchanges and may be drawn; knockout games last up to 100 and restart a double knock-out. */
export type FightMode = 'league' | 'knockout';

/**
 * The strength ratio of a level gap: 1 + log10(1 + gap) / 10 for the higher level (1.1 at 9, about
 * 1.2 at 99), 1 − that for the lower. Both energies use the first fighter's view of the gap, as
 * the legacy computes them.
 */
export function levelRatio(lvl1: number, lvl2: number): number {
  return lvl1 >= lvl2 ? 1 + Math.log10(1 + lvl1 - lvl2) / 10 : 1 - Math.log10(1 + lvl2 - lvl1) / 10;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The four flavour lines of a rare item by slot, one drawn (`rand() % 4`): (fighter, item) → line. */
const ITEM_LINES: Readonly<Record<'horse' | 'weapon' | 'book', readonly ((who: string, item: Item) => string)[]>> = {
  horse: [
    (who, i) => `● ${who}의 ${i.name}${josa(i.rawName, '이')} 포효합니다!`,
    (who, i) => `● ${who}의 ${i.name}${josa(i.rawName, '이')} 그 위용을 뽐냅니다!`,
    (who, i) => `● ${withJosa(who, '이')} ${i.name}${josa(i.rawName, '을')} 타고 있습니다!`,
    (who, i) => `● ${who}의 ${i.name}${josa(i.rawName, '이')} 갈기를 휘날립니다!`,
  ],
  weapon: [
    (who, i) => `● ${who}의 ${i.name}${josa(i.rawName, '이')} 번뜩입니다!`,
    (who, i) => `● ${who}의 ${i.name}${josa(i.rawName, '이')} 푸르게 빛납니다!`,
    (who, i) => `● ${who}의 ${i.name}에서 살기가 느껴집니다!`,
    (who, i) => `● ${who}의 손에는 ${i.name}${josa(i.rawName, '이')} 쥐어져 있습니다!`,
  ],
  book: [
    (who, i) => `● ${withJosa(who, '이')} ${i.name}${josa(i.rawName, '을')} 펼쳐듭니다!`,
    (who, i) => `● ${withJosa(who, '이')} ${i.name}${josa(i.rawName, '을')} 품에서 꺼냅니다!`,
    (who, i) => `● ${withJosa(who, '이')} ${i.name}${josa(i.rawName, '을')} 들고 있습니다!`,
    (who, i) => `● ${who}의 손에는 ${i.name}${josa(i.rawName, '이')} 쥐어져 있습니다!`,
  ],
};

/** The lines of the fighters' rare items in the kind's slots, each with its draw, before the fight. */
function itemLines(kind: TournamentKind, fighters: readonly Fighter[], dice: FightDice): string[] {
  const lines: string[] = [];
  for (const f of fighters) {
    for (const slot of kind.itemSlots) {
      const key = f.items?.[slot];
      const item = key === undefined ? undefined : itemOf(key);
      if (item === undefined || item.buyable) continue;
      lines.push(ITEM_LINES[slot][dice.below(4)]!(f.name, item));
    }
  }
  return lines;
}

/** One game between two entries (legacy `fight`), the scores aside. */
export function fight(kind: TournamentKind, first: Fighter, second: Fighter, mode: FightMode, dice: FightDice): FightOutcome {
  const [s1, s2] = [kind.stat(first), kind.stat(second)];
  const ratio = levelRatio(first.lvl, second.lvl);
  const e1 = phpRound(s1 * ratio * 10);
  const e2 = phpRound(s2 * ratio * 10);
  let energy1 = e1;
  let energy2 = e2;
  const lines = [...itemLines(kind, [first, second], dice), `● ${first.name} (${e1}) vs (${e2}) ${second.name}`];
  const taken: [number, number] = [0, 0];
  let result: FightResult = 2;
  const exchanges = mode === 'league' ? 10 : 100;

  for (let exchange = 1; exchange <= exchanges; exchange++) {
    let damage1 = phpRound((s2 * (dice.below(21) + 90)) / 130);
    let damage2 = phpRound((s1 * (dice.below(21) + 90)) / 130);
    if (s1 >= dice.below(100)) damage2 += phpRound((s1 * (dice.below(41) + 10)) / 130);
    if (s2 >= dice.below(100)) damage1 += phpRound((s2 * (dice.below(41) + 10)) / 130);

    // Rage: a fighter down to a fifth of its energy and hurting more strikes back, 200–500%.
    // Each roll is drawn whether or not its other conditions hold, as the legacy draws them.
    let critical1 = false;
    let critical2 = false;
    let roll = dice.below(300);
    if (e1 / 5 > energy1 && damage1 > damage2 && s1 >= roll) {
      damage2 *= phpRound((dice.below(301) + 200) / 100);
      critical1 = true;
      lines.push(`● ${first.name}의 분노의 ${dice.pick(kind.rage)} 공격!`);
    }
    roll = dice.below(300);
    if (e2 / 5 > energy2 && damage2 > damage1 && s2 >= roll) {
      damage1 *= phpRound((dice.below(301) + 200) / 100);
      critical2 = true;
      lines.push(`● ${second.name}의 분노의 ${dice.pick(kind.rage)} 공격!`);
    }
    if (exchange === 1) {
      // One draw decides a first-exchange knock-out for whichever side is 10% stronger.
      roll = dice.below(400);
      if (s1 * 0.9 > s2 && s1 >= roll) {
        damage1 = 0;
        damage2 = e2;
        lines.push(`● ${first.name}의 ${kind.fatality}!`);
      }
      if (s2 * 0.9 > s1 && s2 >= roll) {
        damage2 = 0;
        damage1 = e1;
        lines.push(`● ${second.name}의 ${kind.fatality}!`);
      }
    } else {
      roll = dice.below(1000);
      if (!critical1 && s1 >= roll) {
        damage2 *= dice.rangeInt(150, 300) / 100;
        lines.push(`● ${first.name}의 ${dice.pick(kind.skills)}!`);
      }
      roll = dice.below(1000);
      if (!critical2 && s2 >= roll) {
        damage1 *= dice.rangeInt(150, 300) / 100;
        lines.push(`● ${second.name}의 ${dice.pick(kind.skills)}!`);
      }
    }
    damage1 = phpRound(damage1);
    damage2 = phpRound(damage2);
    energy1 -= damage1;
    energy2 -= damage2;

    // An overkill is cut back to the blow that ended it; the other side's damage in proportion.
    const [hit1, hit2, left1, left2] = [damage1, damage2, energy1, energy2];
    if (energy1 <= 0 && energy2 <= 0) {
      if (left1 / Math.max(hit1, 1) > left2 / Math.max(hit2, 1)) {
        const offset = phpRound((left2 * hit1) / Math.max(hit2, 1));
        damage1 += offset;
        energy1 -= offset;
        damage2 += left2;
        energy2 = 0;
      } else {
        const offset = phpRound((left1 * hit2) / Math.max(hit1, 1));
        damage2 += offset;
        energy2 -= offset;
        damage1 += left1;
        energy1 = 0;
      }
    } else if (energy1 * energy2 <= 0) {
      if (energy2 < 0) {
        const offset = phpRound((left2 * hit1) / Math.max(hit2, 1));
        damage1 += offset;
        energy1 -= offset;
        damage2 += left2;
        energy2 = 0;
      }
      if (energy1 < 0) {
        const offset = phpRound((left1 * hit2) / Math.max(hit1, 1));
        damage2 += offset;
        energy2 -= offset;
        damage1 += left1;
        energy1 = 0;
      }
    }
    taken[0] += damage1;
    taken[1] += damage2;
    lines.push(`● ${pad(exchange, 2)}合 : ${pad(energy1, 3)}(-${pad(damage1, 3)}) vs (-${pad(damage2, 3)})${pad(energy2, 3)}`);

    if (energy1 <= 0 && energy2 <= 0) {
      if (mode === 'league') break;
      energy1 = phpRound(e1 / 2);
      energy2 = phpRound(e2 / 2);
      lines.push('● 재대결!');
    }
    if (energy1 <= 0) {
      result = 1;
      break;
    }
    if (energy2 <= 0) {
      result = 0;
      break;
    }
  }
  lines.push(result === 2 ? '● 무승부!' : `● ${result === 0 ? first.name : second.name} 승리!`);
  return { result, taken, lines };
}

import { addGeneral, smallWorld } from '../testing/small-world';
import type { DomesticTurn } from './effects';
import { modifiers } from '../stats/chain';
import { nationTypeOf, nationTypes, onCalcStrategic } from './nation-types';
import { effectiveOfficerLevel, officerDomestic, officerWarPower } from './officer-level';
import { personalities, personalityOf } from './personalities';
import { domesticSpecialOf, domesticSpecials, warSpecialOf, warSpecials } from './specials';

// The trait tables against the legacy classes they stand for (hwe/sammo/ActionNationType,
// ActionSpecialDomestic, ActionSpecialWar, ActionPersonality, TriggerOfficerLevel).

describe('the trait tables by name', () => {
  it.each([
    ['nation types', nationTypes, nationTypeOf],
    ['domestic specials', domesticSpecials, domesticSpecialOf],
    ['war specials', warSpecials, warSpecialOf],
    ['personalities', personalities, personalityOf],
  ] as const)('%s: the label is the class name without che_, both find the entry, ids are distinct names', (_, family, lookup) => {
    for (const entry of family) {
      expect(`che_${entry.label}`).toBe(entry.key);
      expect([lookup(entry.key), lookup(entry.label)]).toEqual([entry, entry]);
      expect(entry.id).toMatch(/^[a-z][A-Za-z]+$/);
    }
    expect(new Set(family.map((e) => e.id)).size).toBe(family.length);
    expect([lookup(null), lookup(undefined), lookup('None')]).toEqual([undefined, undefined, undefined]);
  });
});

describe('TriggerOfficerLevel', () => {
  it('getWarPowerMultiplier: ruler 1.07/0.93, second 1.05/0.95, war chiefs 1.10, civil chiefs 0.90 on the opponent, city officers 1.05/0.95', () => {
    const expected: Record<number, [number, number]> = {
      0: [1, 1], 1: [1, 1], 2: [1.05, 0.95], 3: [1.05, 0.95], 4: [1.05, 0.95], 5: [1, 0.9], 6: [1.1, 1],
      7: [1, 0.9], 8: [1.1, 1], 9: [1, 0.9], 10: [1.1, 1], 11: [1.05, 0.95], 12: [1.07, 0.93],
    };
    for (let level = 0; level <= 12; level++) expect([level, officerWarPower(level)]).toEqual([level, expected[level]]);
  });

  it('onCalcDomestic: score ×1.05 for the offices tied to the work, nothing else changed', () => {
    const offices: [DomesticTurn[], number[]][] = [
      [['농업', '상업'], [12, 11, 9, 7, 5, 3]],
      [['기술'], [12, 11, 9, 7, 5]],
      [['민심', '인구'], [12, 11, 2]],
      [['수비', '성벽', '치안'], [12, 11, 10, 8, 6, 4]],
      [['징병', '계략'], []],
    ];
    for (const [turns, levels] of offices) {
      for (const turn of turns) {
        for (let level = 0; level <= 12; level++) {
          expect([turn, level, officerDomestic(level, turn, 'score', 100)]).toEqual([turn, level, levels.includes(level) ? 105 : 100]);
          expect(officerDomestic(level, turn, 'cost', 100)).toBe(100);
        }
      }
    }
  });

  it('counts a city officer (2–4) away from the city they govern as a member', () => {
    expect([2, 3, 4].map((level) => effectiveOfficerLevel(level, 7, 8))).toEqual([1, 1, 1]);
    expect([2, 3, 4].map((level) => effectiveOfficerLevel(level, 7, 7))).toEqual([2, 3, 4]);
    expect([1, 5, 12].map((level) => effectiveOfficerLevel(level, 7, 8))).toEqual([1, 5, 12]);
  });
});

describe('ActionPersonality onCalcStat', () => {
  it('scales experience and dedication and moves battle training and morale by 5 as each class does', () => {
    // [experience, dedication, bonusTrain, bonusAtmos] for 100, 100, 0, 0.
    const expected: Record<string, [number, number, number, number]> = {
      che_안전: [100, 100, 0, -5], che_유지: [100, 100, -5, 0], che_재간: [90, 100, 0, 0], che_출세: [110, 100, 0, 0],
      che_패권: [100, 100, 5, 0], che_의협: [100, 100, 0, 5], che_정복: [90, 100, 0, 5], che_할거: [90, 100, 5, 0],
      che_왕좌: [110, 100, 0, -5], che_대의: [110, 100, -5, 0], che_은둔: [90, 90, -5, -5],
    };
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    for (const p of personalities) {
      g.personal = p.key;
      const chain = modifiers(g, undefined);
      const got = [chain.stat('experience', 100, 0), chain.stat('dedication', 100, 0), chain.stat('bonusTrain', 0, 0), chain.stat('bonusAtmos', 0, 0)];
      expect([p.key, got.map((v) => Math.round(v * 1e9) / 1e9)]).toEqual([p.key, expected[p.key]]);
    }
    expect(Object.keys(expected).sort()).toEqual(personalities.map((p) => p.key).sort());
  });

  it('makes 징병 and 모병 cheaper for 안전, 유지, 재간 and dearer for 출세, 패권, 의협', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    const cost = (personal: string, turn: '징병' | '모병') => {
      g.personal = personal;
      return Math.round(modifiers(g, undefined).domestic(turn, 'cost', 100) * 1e9) / 1e9;
    };
    for (const turn of ['징병', '모병'] as const) {
      expect(['che_안전', 'che_유지', 'che_재간', 'che_출세', 'che_패권', 'che_의협', 'che_정복'].map((p) => cost(p, turn))).toEqual([80, 80, 80, 120, 120, 120, 100]);
    }
  });
});

describe('ActionNationType onCalcStrategic', () => {
  it('음양가 doubles a strategic command’s delay; 종횡가 takes round(¾) of it and round(½) of the nation-wide wait', () => {
    expect([onCalcStrategic('che_음양가', 'delay', 9), onCalcStrategic('che_음양가', 'globalDelay', 9)]).toEqual([18, 9]);
    expect([onCalcStrategic('che_종횡가', 'delay', 10), onCalcStrategic('che_종횡가', 'globalDelay', 5)]).toEqual([8, 3]);
    expect([onCalcStrategic('che_중립', 'delay', 9), onCalcStrategic('che_없음', 'delay', 9)]).toEqual([9, 9]);
  });
});

describe('the trait chain kept per general', () => {
  it('resolves again when the office’s city, the general’s city, the nation’s level or an item changes', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    const chief = addGeneral(world, { id: 1, officerLevel: 12 });
    // calcLeadershipBonus: the ruler gets twice the nation's level.
    expect(modifiers(chief, nation).stat('leadership', 50, 0)).toBe(54);
    nation.level = 3;
    expect(modifiers(chief, nation).stat('leadership', 50, 0)).toBe(56);
    const officer = addGeneral(world, { id: 2, officerLevel: 4 });
    officer.officerCity = 1;
    expect(modifiers(officer, nation).domestic('수비', 'score', 100)).toBe(105);
    officer.city = 2; // away from the city the office governs
    expect(modifiers(officer, nation).domestic('수비', 'score', 100)).toBe(100);
    officer.officerCity = 2;
    expect(modifiers(officer, nation).domestic('수비', 'score', 100)).toBe(105);
    const g = addGeneral(world, { id: 3 });
    expect(modifiers(g, nation).stat('leadership', 50, 0)).toBe(50);
    g.items = { horse: 'che_명마_15_적토마' };
    expect(modifiers(g, nation).stat('leadership', 50, 0)).toBe(65);
    g.items = { horse: 'che_명마_15_적토마', book: 'che_서적_01_효경전' };
    expect(modifiers(g, nation).stat('intel', 50, 0)).toBe(51);
  });
});

import { itemIn } from '../items/held';
import { active, allBut, critical, engage, lines, yesTo, type Side } from '../testing/battle';
import { fireTriggers } from './triggers';
import { GeneralUnit } from './general-unit';

describe('battle triggers (legacy WarUnitTrigger/*)', () => {
  describe('the new-opponent gates: 선제, 위압, 저격 and 약탈 try while either side is in its first phase against the other', () => {
    // [holder, holder's phase, opponent's phase, tries]: a new defender meets an attacker past its first phase, and the other way.
    const phases: readonly [string, number, number, boolean][] = [
      ['attacker', 0, 0, true], ['attacker', 3, 0, true], ['defender', 0, 3, true], ['attacker', 3, 2, false], ['defender', 2, 3, false],
    ];
    const skills: readonly [string, Side, string, number][] = [
      ['선제 (archer)', { crewtype: 1200 }, '선제', 1],
      ['위압 (war special)', { special2: 'che_위압' }, '위압', 1],
      ['저격 (war special, p ½)', { special2: 'che_저격' }, '저격', 0.5],
      ['약탈 (옥벽, p 0.2)', { held: { item: 'che_약탈_옥벽' } }, '약탈', 0.2],
    ];
    it.each(skills)('%s', (_, side, skill, p) => {
      for (const [holder, own, theirs, tries] of phases) {
        const fight = holder === 'attacker' ? engage(side) : engage({}, side);
        const [self, oppose] = holder === 'attacker' ? [fight.a, fight.d] : [fight.d, fight.a];
        self.phase = own;
        oppose.phase = theirs;
        fight.dice.yes = yesTo(p);
        fireTriggers('phase', fight.a, fight.d);
        expect([holder, own, theirs, self.has(skill)]).toEqual([holder, own, theirs, tries]);
      }
    });

    it('선제 once a battle: an archer whose volley is in the battle’s log does not shoot at a new opponent', () => {
      const { a, d } = engage({ crewtype: 1200 });
      fireTriggers('phase', a, d);
      expect(a.has('선제')).toBe(true);
      a.setOppose(d);
      a.phase = 3;
      d.phase = 0;
      fireTriggers('phase', a, d);
      expect(a.has('선제')).toBe(false);
    });

    it('위압 waits out a volley (its try comes after the volley turned both phases back): an archer with 위압 shoots, then awes', () => {
      const { a, d, defender } = engage({ crewtype: 1200, special2: 'che_위압' });
      fireTriggers('phase', a, d);
      expect([a.has('선제'), a.has('위압'), d.warPowerMultiply, defender.atmos]).toEqual([true, false, 0, 100]);
      // The phase after the volley is the first again for both.
      a.addPhase();
      d.addPhase();
      a.clearSkills();
      d.clearSkills();
      fireTriggers('phase', a, d);
      expect([a.has('선제'), a.has('위압'), d.warPowerMultiply, defender.atmos]).toEqual([false, true, 0, 95]);
    });

    it('저격 waits out a volley: not while the opponent is in the volley’s phase (−1)', () => {
      const { a, d, dice } = engage({ special2: 'che_저격' });
      a.phase = 0;
      d.phase = -1;
      dice.yes = yesTo(0.5);
      fireTriggers('phase', a, d);
      expect([a.has('저격'), dice.asked.includes(0.5)]).toEqual([false, false]);
    });

    it('an archer against an archer: both shoot (×2/3 each) and, busy with it (특수), neither crits nor avoids', () => {
      const { a, d, dice } = engage({ crewtype: 1200 }, { crewtype: 1200 });
      dice.yes = () => true;
      fireTriggers('phase', a, d);
      expect([active(a, ['선제', '특수', '필살', '회피']), active(d, ['선제', '특수', '필살', '회피'])]).toEqual([['선제', '특수'], ['선제', '특수']]);
      expect([a.warPowerMultiply, d.warPowerMultiply]).toEqual([2 / 3, 2 / 3]);
    });
  });

  describe('what the skills do', () => {
    it('저격: +20 morale, a wound from 20 to 40 and the lines; none through 부상무효 (견고); the wall’s captain', () => {
      const plain = engage({ special2: 'che_저격' });
      plain.dice.yes = yesTo(0.5);
      fireTriggers('phase', plain.a, plain.d);
      expect([plain.attacker.atmos, plain.defender.injury]).toEqual([120, 20]);
      expect(lines(plain.world)).toEqual(['1: 상대를 저격했다!', '2: 상대에게 저격당했다!']);

      const sturdy = engage({ special2: 'che_저격' }, { special2: 'che_견고' });
      sturdy.dice.yes = yesTo(0.5);
      fireTriggers('phase', sturdy.a, sturdy.d);
      expect([sturdy.attacker.atmos, sturdy.defender.injury]).toEqual([120, 0]);

      const wall = engage({ special2: 'che_저격' }, {}, true);
      wall.dice.yes = yesTo(0.5);
      fireTriggers('phase', wall.a, wall.d);
      expect(lines(wall.world)).toEqual(['1: 성벽 수비대장을 저격했다!']);
    });

    it('one snipe a phase: the war special tries first; a bow that snipes marks the tool used (- for an empty hand), the special does not', () => {
      // Strength 60: no critical roll of 0.2 to mix up with the bow's.
      const both = engage({ special2: 'che_저격', strength: 60, held: { weapon: 'che_무기_07_맥궁' } });
      both.dice.yes = yesTo(0.5, 0.2);
      fireTriggers('phase', both.a, both.d);
      expect(both.dice.asked.filter((p) => p === 0.5 || p === 0.2)).toEqual([0.5]);
      expect([both.a.has('아이템사용'), both.defender.injury]).toEqual([false, 20]);

      const bow = engage({ special2: 'che_저격', strength: 60, held: { weapon: 'che_무기_07_맥궁' } });
      bow.dice.yes = yesTo(0.2);
      fireTriggers('phase', bow.a, bow.d);
      expect(active(bow.a, ['저격', '아이템사용', '-'])).toEqual(['저격', '아이템사용', '-']);
      expect(bow.defender.injury).toBe(20);
    });

    it('수극 is spent by its snipe: the tool used, consumed (아이템소모) and named', () => {
      const { a, d, attacker } = engage({ held: { item: 'che_저격_수극' } });
      const name = itemIn(attacker, 'item')!.name;
      fireTriggers('phase', a, d);
      expect(active(a, ['저격', '아이템사용', '아이템소모', name])).toEqual(['저격', '아이템사용', '아이템소모', name]);
    });

    it('치료: one try (p 0.4) and one heal a phase with both a 의술 special and a 의술 book: the blow ×0.7 once, the wound healed, the book not used', () => {
      const both = engage({ special2: 'che_의술', injury: 30, held: { item: 'che_의술_청낭서' } });
      both.dice.yes = yesTo(0.4);
      fireTriggers('phase', both.a, both.d);
      expect(both.dice.asked.filter((p) => p === 0.4)).toEqual([0.4]);
      expect([both.attacker.injury, both.d.warPowerMultiply, both.a.has('아이템사용')]).toEqual([0, 0.7, false]);

      const book = engage({ injury: 30, held: { item: 'che_의술_청낭서' } });
      book.dice.yes = yesTo(0.4);
      fireTriggers('phase', book.a, book.d);
      expect(active(book.a, ['치료', '아이템사용', itemIn(book.attacker, 'item')!.name])).toHaveLength(3);
      expect([book.attacker.injury, book.d.warPowerMultiply]).toEqual([0, 0.7]);
    });

    it('약탈 (옥벽): a tenth of a general’s gold and rice changes hands, with the lines and the tool used; the phase goes on; never the wall', () => {
      const { a, d, dice, attacker, defender, world } = engage({ held: { item: 'che_약탈_옥벽' } });
      dice.yes = yesTo(0.2);
      fireTriggers('phase', a, d);
      expect([attacker.gold, attacker.rice, defender.gold, defender.rice]).toEqual([1100, 5500, 900, 4500]);
      expect(lines(world)).toEqual(['1: 상대를 약탈했다!', '2: 상대에게 약탈당했다!']);
      expect(active(a, ['약탈', '아이템사용', itemIn(attacker, 'item')!.name])).toHaveLength(3);
      // The footman defender's 방어력증가5p (FINAL) still acted.
      expect(a.warPowerMultiply).toBe(1 / 1.05);

      // The roll failed: nothing changes hands and the phase goes on.
      const missed = engage({ held: { item: 'che_약탈_옥벽' } });
      fireTriggers('phase', missed.a, missed.d);
      expect([missed.a.has('약탈'), missed.attacker.gold, missed.defender.gold, missed.a.warPowerMultiply]).toEqual([false, 1000, 1000, 1 / 1.05]);

      const wall = engage({ held: { item: 'che_약탈_옥벽' } }, {}, true);
      wall.dice.yes = yesTo(0.2);
      fireTriggers('phase', wall.a, wall.d);
      expect([wall.a.has('약탈'), wall.dice.asked.includes(0.2), wall.attacker.gold]).toEqual([false, false, 1000]);
    });

    it('계략 (p = intel/100 × the crew’s magic coefficient, success 0.7): the stratagem drawn is named, its success or failure multiplies', () => {
      // 귀병 (magic ×0.5) plots; the footman defender never does (magic 0).
      const toGeneral: readonly [string, number, number][] = [['위보', 1.2, 1.1], ['매복', 1.4, 1.2], ['반목', 1.6, 1.3], ['화계', 1.8, 1.4], ['혼란', 2.0, 1.5]];
      toGeneral.forEach(([magic, success, fail], pick) => {
        const won = engage({ crewtype: 1400, intel: 60 });
        won.dice.pick = pick;
        won.dice.yes = allBut([won.a, won.d]);
        fireTriggers('phase', won.a, won.d);
        expect(active(won.a, ['계략시도', magic, '계략', '계략실패'])).toEqual(['계략시도', magic, '계략']);
        expect(won.a.warPowerMultiply).toBeCloseTo(success / 1.05, 12);

        const lost = engage({ crewtype: 1400, intel: 60 });
        lost.dice.pick = pick;
        lost.dice.yes = allBut([lost.a, lost.d], 0.7);
        fireTriggers('phase', lost.a, lost.d);
        expect(active(lost.a, ['계략시도', magic, '계략', '계략실패'])).toEqual(['계략시도', magic, '계략실패']);
        expect(lost.a.warPowerMultiply).toBeCloseTo(1 / fail / 1.05, 12);
        expect(lost.d.warPowerMultiply).toBe(fail);
      });
      ['급습', '위보', '혼란'].forEach((magic, pick) => {
        const { a, d, dice } = engage({ crewtype: 1400, intel: 60 }, {}, true);
        dice.pick = pick;
        dice.yes = allBut([a]);
        fireTriggers('phase', a, d);
        expect(a.has(magic)).toBe(true);
      });
    });

    it('반계 turns a successful stratagem back: 반목 is worth 0.9 more to a 반계 general; the special (p 0.4) and 산해경 (p 0.1) counter; 박혁론 forbids it', () => {
      const vexed = engage({ crewtype: 1400, intel: 60, special2: 'che_반계' });
      vexed.dice.pick = 2;
      vexed.dice.yes = allBut([vexed.a, vexed.d]);
      fireTriggers('phase', vexed.a, vexed.d);
      expect(vexed.a.warPowerMultiply).toBeCloseTo(2.5 / 1.05, 12);
      const plain = engage({ crewtype: 1400, intel: 60, special2: 'che_반계' });
      plain.dice.yes = allBut([plain.a, plain.d]);
      fireTriggers('phase', plain.a, plain.d);
      expect(plain.a.warPowerMultiply).toBeCloseTo(1.2 / 1.05, 12);

      // 반계 and 견고 opponents take 0.1 off the stratagem's success.
      for (const special2 of ['che_반계', 'che_견고']) {
        const f = engage({ crewtype: 1400, intel: 60 }, { special2 });
        f.dice.yes = allBut([f.a, f.d]);
        fireTriggers('phase', f.a, f.d);
        expect([special2, f.dice.asked.some(yesTo(0.7 - 0.1))]).toEqual([special2, true]);
      }

      // Against 반계 the stratagem succeeds with 0.7 − 0.1.
      const countered = engage({ crewtype: 1400, intel: 60 }, { special2: 'che_반계' });
      countered.dice.yes = allBut([countered.a, countered.d]);
      fireTriggers('phase', countered.a, countered.d);
      expect([countered.a.has('계략'), countered.d.has('반계')]).toEqual([false, true]);
      expect([countered.a.warPowerMultiply, countered.d.warPowerMultiply]).toEqual([1 / 1.05, 1.2]);

      const book = engage({ crewtype: 1400, intel: 60 }, { held: { item: 'che_서적_12_산해경' } });
      book.dice.yes = (p) => p !== critical(book.a) && p !== critical(book.d);
      fireTriggers('phase', book.a, book.d);
      expect([book.a.has('계략'), book.d.has('반계')]).toEqual([false, true]);

      const quelled = engage({ crewtype: 1400, intel: 60, held: { item: 'che_진압_박혁론' } }, { special2: 'che_반계' });
      quelled.dice.yes = allBut([quelled.a, quelled.d]);
      fireTriggers('phase', quelled.a, quelled.d);
      expect([quelled.a.has('계략'), quelled.d.has('반계'), quelled.dice.asked.includes(0.4)]).toEqual([true, false, false]);
    });

    it('격노 answers a critical always and an avoidance with p ¼; an attacker rages on (진노, p ½) for a phase more at ×1.65 here; 박혁론 forbids it', () => {
      // The attacker's critical: the defender rages, no 진노 for a defender.
      const crit = engage({}, { special2: 'che_격노' });
      crit.dice.yes = yesTo(critical(crit.a), 0.5);
      fireTriggers('phase', crit.a, crit.d);
      expect([active(crit.d, ['격노', '진노']), crit.dice.asked.includes(0.25), crit.d.bonusPhase]).toEqual([['격노'], false, 0]);
      expect(crit.d.warPowerMultiply).toBeCloseTo(1.65, 12);

      // The defender's avoidance: the attacker rages and takes its avoidance away.
      const avoid = engage({ special2: 'che_격노' });
      avoid.dice.yes = yesTo((avoid.d as GeneralUnit).avoidRatio(), 0.25, 0.5);
      fireTriggers('phase', avoid.a, avoid.d);
      expect([active(avoid.a, ['격노', '진노']), avoid.d.has('회피'), avoid.a.bonusPhase]).toEqual([['격노', '진노'], false, 1]);
      expect(avoid.a.warPowerMultiply).toBeCloseTo(1.65 / 1.05, 12);
      // Without 진노 (the ½ failed): no phase more.
      const calm = engage({ special2: 'che_격노' });
      calm.dice.yes = yesTo((calm.d as GeneralUnit).avoidRatio(), 0.25);
      fireTriggers('phase', calm.a, calm.d);
      expect([active(calm.a, ['격노', '진노']), calm.dice.asked.includes(0.5), calm.a.bonusPhase]).toEqual([['격노'], true, 0]);

      const quelled = engage({ held: { item: 'che_진압_박혁론' } }, { special2: 'che_격노' });
      quelled.dice.yes = yesTo(critical(quelled.a));
      fireTriggers('phase', quelled.a, quelled.d);
      expect(quelled.d.has('격노')).toBe(false);

      // 구정신단경's own 격노시도, without the special.
      const book = engage({}, { held: { item: 'che_격노_구정신단경' } });
      book.dice.yes = yesTo(critical(book.a));
      fireTriggers('phase', book.a, book.d);
      expect(book.d.has('격노')).toBe(true);
    });

    it('돌격 (9 phases for a footman): attacking with an advantage, one phase more from the last but one; at a disadvantage, one less against a volley from the last but two', () => {
      const bonus = (attacker: Side, defender: Side, phase: number, wall = false) => {
        const { a, d } = engage({ special2: 'che_돌격', ...attacker }, defender, wall);
        a.phase = phase;
        fireTriggers('phase', a, d);
        return a.bonusPhase;
      };
      expect([bonus({}, {}, 7), bonus({}, {}, 8)]).toEqual([0, 1]);
      expect(bonus({}, {}, 8, true)).toBe(0);
      // Footmen against cavalry (×0.8) without a volley: nothing.
      expect(bonus({}, { crewtype: 1300 }, 8)).toBe(0);
      // Either way the phase goes on: the footman defender's 방어력증가5p, the cavalry's ×1.02 (FINAL) still act.
      const after = (defender: Side, phase: number) => {
        const { a, d } = engage({ special2: 'che_돌격' }, defender);
        a.phase = phase;
        fireTriggers('phase', a, d);
        return a.warPowerMultiply;
      };
      expect([after({}, 7), after({}, 8), after({ crewtype: 1300 }, 8)]).toEqual([1 / 1.05, 1 / 1.05, 1.02]);
      // Nor against a 목우 that blocks the phase (저지 stops it before).
      const blocked = engage({ special2: 'che_돌격' }, { crewtype: 1503, atmos: 120 });
      blocked.a.phase = 8;
      blocked.dice.yes = yesTo(0.55);
      fireTriggers('phase', blocked.a, blocked.d);
      expect([blocked.d.has('저지'), blocked.a.bonusPhase]).toEqual([true, 0]);
      // Cavalry against archers (×0.8): the archer's volley sets the attacker's phase back by one first.
      expect([bonus({ crewtype: 1300 }, { crewtype: 1200 }, 7), bonus({ crewtype: 1300 }, { crewtype: 1200 }, 8)]).toEqual([0, -1]);
      // A defender never charges on.
      const { a, d } = engage({}, { special2: 'che_돌격' });
      a.phase = 8;
      d.phase = 8;
      fireTriggers('phase', a, d);
      expect(d.bonusPhase).toBe(0);
    });

    it('전투력보정 items: 과실주 ×1.1 / ×0.9 unless at a disadvantage, 상편 up to ×1.6 as the crew falls below leadership × 100', () => {
      const wine = engage({ held: { item: 'che_상성보정_과실주' } });
      fireTriggers('phase', wine.a, wine.d);
      expect(wine.a.warPowerMultiply).toBeCloseTo(1.1 / 1.05, 12);
      expect(wine.d.warPowerMultiply).toBe(0.9);

      const unbowed = engage({ crew: 2500, held: { item: 'che_불굴_상편' } });
      fireTriggers('phase', unbowed.a, unbowed.d);
      expect(unbowed.a.warPowerMultiply).toBeCloseTo(1.3 / 1.05, 12);
    });

    it('when an encounter opens: 백마 keeps the general unwounded at the end; 탁주 does not stop a siege engine’s 성벽부상무효 after it', () => {
      const horse = engage({ held: { horse: 'che_명마_07_백마' } });
      fireTriggers('init', horse.a, horse.d);
      expect(horse.a.has('퇴각부상무효')).toBe(true);

      // A siege engine's 성벽부상무효 against a general does nothing and stops nothing (the defender's 백마 still acts).
      const field = engage({ crewtype: 1500 }, { held: { horse: 'che_명마_07_백마' } });
      fireTriggers('init', field.a, field.d);
      expect([field.a.has('부상무효'), field.d.has('퇴각부상무효')]).toEqual([false, true]);

      const siege = engage({ crewtype: 1500, atmos: 100, held: { item: 'che_사기_탁주' } }, {}, true);
      fireTriggers('init', siege.a, siege.d);
      expect([siege.attacker.atmos, siege.a.has('부상무효')]).toEqual([130, true]);
    });
  });

  describe('저지 (목우 defending, p (atmos + train)/400) stops every trigger after it in the phase', () => {
    const blocker: Side = { crewtype: 1503, atmos: 120 };

    it('tries only while nothing special happens (삼황내문 already blocks) and only defending', () => {
      const plain = engage({}, blocker);
      fireTriggers('phase', plain.a, plain.d);
      expect(plain.dice.asked).toContain(0.55);
      const charm = engage({}, { ...blocker, held: { item: 'che_저지_삼황내문' } });
      fireTriggers('phase', charm.a, charm.d);
      expect([charm.d.has('저지'), charm.dice.asked.includes(0.55)]).toEqual([true, false]);
      const attacking = engage(blocker);
      attacking.dice.yes = yesTo(0.55);
      fireTriggers('phase', attacking.a, attacking.d);
      expect(attacking.a.has('저지')).toBe(false);
    });

    it('the snipe, the plunder, the heal, the awe and the criticals it stops (none of their effects, no critical drawn)', () => {
      const raid = engage({ special2: 'che_저격', held: { item: 'che_약탈_옥벽' } }, blocker);
      raid.dice.yes = yesTo(0.5, 0.2, 0.55);
      fireTriggers('phase', raid.a, raid.d);
      expect(active(raid.a, ['저격', '약탈'])).toEqual(['저격', '약탈']);
      expect([raid.d.has('저지'), raid.defender.injury, raid.attacker.atmos, raid.attacker.gold, raid.a.warPowerMultiply, raid.d.warPowerMultiply]).toEqual([true, 0, 100, 1000, 0, 0]);

      const healer = engage({ special2: 'che_의술', injury: 30 }, blocker);
      healer.dice.yes = yesTo(0.4, 0.55);
      fireTriggers('phase', healer.a, healer.d);
      expect([healer.a.has('치료'), healer.attacker.injury]).toEqual([true, 30]);

      // The attacker awes and crits; the 격노 blocker rages at the critical, but nothing comes of either.
      const awe = engage({ special2: 'che_위압' }, { ...blocker, special2: 'che_격노' });
      awe.dice.yes = yesTo(critical(awe.a), 0.55);
      fireTriggers('phase', awe.a, awe.d);
      expect([awe.a.has('위압'), awe.a.has('필살'), awe.d.has('격노')]).toEqual([true, true, true]);
      expect([awe.defender.atmos, awe.dice.ranges, awe.d.bonusPhase]).toEqual([120, 0, 0]);
    });
  });

  it('a skill’s 불가 stops its try, not the phase: 저지불가, 위압불가, 치료불가, 약탈불가, 격노불가, 저격불가 (태현청생부 on the opponent)', () => {
    // [attacker, defender, the side holding the skill, skill, its roll(s), the attacker's multiplier at the end]
    const tries: readonly [Side, Side, string, string, (f: ReturnType<typeof engage>) => number[], number][] = [
      [{}, { crewtype: 1503, atmos: 120 }, 'd', '저지', () => [0.55], 1],
      [{ special2: 'che_위압' }, {}, 'a', '위압', () => [], 1 / 1.05],
      [{ special2: 'che_의술' }, {}, 'a', '치료', () => [0.4], 1 / 1.05],
      [{ held: { item: 'che_약탈_옥벽' } }, {}, 'a', '약탈', () => [0.2], 1 / 1.05],
      // The defender (train 80: it does not avoid with the attacker) would answer the attacker's avoidance with p ¼.
      [{}, { special2: 'che_격노', train: 80 }, 'd', '격노', (f) => [(f.a as GeneralUnit).avoidRatio(), 0.25], 1 / 1.05],
    ];
    for (const [attacker, defender, side, skill, rolls, multiplier] of tries) {
      const fight = engage(attacker, defender);
      const unit = side === 'a' ? fight.a : fight.d;
      fight.dice.yes = yesTo(...rolls(fight));
      unit.activate(`${skill}불가`);
      fireTriggers('phase', fight.a, fight.d);
      expect([skill, unit.has(skill), fight.a.warPowerMultiply]).toEqual([skill, false, multiplier]);
    }
    const guarded = engage({ special2: 'che_저격' }, { held: { item: 'che_부적_태현청생부' } });
    guarded.dice.yes = yesTo(0.5);
    fireTriggers('phase', guarded.a, guarded.d);
    expect([guarded.a.has('저격'), guarded.attacker.atmos]).toEqual([false, 100]);
  });

  it('names a critical and an avoidance as legacy does (필살시도/필살, 회피시도/회피); a 필살 general’s critical cannot be avoided', () => {
    const { a, d, dice } = engage({ special2: 'che_필살' });
    dice.yes = () => true;
    fireTriggers('phase', a, d);
    expect(active(a, ['필살시도', '필살', '회피시도', '회피'])).toEqual(['필살시도', '필살', '회피시도', '회피']);
    expect(active(d, ['회피불가', '회피'])).toEqual(['회피불가']);
  });
  it('draws in legacy priority order: 저지 (PRE) before 저격 (PRE + 100), the critical and avoidance before 약탈 (PRE + 400), 반계 (BODY + 300) before 격노 (BODY + 400)', () => {
    const raid = engage({ special2: 'che_저격', held: { item: 'che_약탈_옥벽' } }, { crewtype: 1503, atmos: 120 });
    fireTriggers('phase', raid.a, raid.d);
    const at = (p: number) => raid.dice.asked.indexOf(p);
    expect(at(0.55)).toBeLessThan(at(0.5));
    expect(Math.max(at(critical(raid.a)), at((raid.a as GeneralUnit).avoidRatio()))).toBeLessThan(at(0.2));

    // The defender holds 반계 and 구정신단경's 격노; the attacker's stratagem succeeds and it avoids.
    const both = engage({ crewtype: 1400, intel: 60 }, { special2: 'che_반계', held: { item: 'che_격노_구정신단경' } });
    both.dice.yes = (p) => p !== critical(both.a) && p !== critical(both.d) && p !== 0.4 && p !== 0.25;
    fireTriggers('phase', both.a, both.d);
    expect([both.a.has('회피'), both.a.has('계략')]).toEqual([true, true]);
    expect(both.dice.asked.indexOf(0.4)).toBeGreaterThan(-1);
    expect(both.dice.asked.indexOf(0.4)).toBeLessThan(both.dice.asked.indexOf(0.25));
  });
});

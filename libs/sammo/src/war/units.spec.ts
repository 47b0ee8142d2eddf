import { critical, engage, lines, yesTo } from '../testing/battle';
import { fireTriggers } from './triggers';
import { battleNation } from './war-unit';

describe('a general in battle (legacy WarUnitGeneral)', () => {
  it('takes its critical ratio from its arm’s main stat without injury (strength; intel for 귀병, leadership for siege engines)', () => {
    for (const crewtype of [1100, 1400, 1500]) {
      const stats = { crewtype, leadership: 100, strength: 100, intel: 100 };
      const healthy = critical(engage(stats).a);
      expect(healthy).toBeGreaterThan(0);
      expect([crewtype, critical(engage({ ...stats, injury: 60 }).a)]).toEqual([crewtype, healthy]);
    }
  });

  it('takes a siege engine’s leadership unfloored (legacy useFloor false): 낙주’s 15 % of 75 leaves a fraction', () => {
    const { a } = engage({ crewtype: 1500, leadership: 75, held: { item: 'che_징병_낙주' } });
    const leadership = a.stat('leadership', false, false);
    expect(Number.isInteger(leadership)).toBe(false);
    expect(critical(a)).toBeCloseTo(((leadership - 65) * 0.4) / 100, 12);
  });

  it('stops for want of rice with a hundredth of its crew or less, and when its crew is gone (legacy continueWar)', () => {
    const { a, attacker } = engage({ crew: 7000, rice: 70 });
    expect(a.continueWar()).toEqual({ go: false, noRice: true });
    attacker.rice = 71;
    expect(a.continueWar()).toEqual({ go: true, noRice: false });
    attacker.crew = 0;
    expect(a.continueWar()).toEqual({ go: false, noRice: false });
  });

  it('is wounded with p 0.05 by 10 to 80, with its line (부상); never once 퇴각부상무효 (백마) or 부상무효 (견고) was on in the battle', () => {
    const plain = engage();
    plain.dice.yes = yesTo(0.05);
    plain.a.tryWound();
    expect([plain.attacker.injury, plain.a.has('부상')]).toEqual([10, true]);
    expect(lines(plain.world)).toEqual(['1: 전투중 부상당했다!']);

    const horse = engage({ held: { horse: 'che_명마_07_백마' } });
    fireTriggers('init', horse.a, horse.d);
    horse.a.clearSkills();
    horse.dice.yes = yesTo(0.05);
    horse.a.tryWound();
    expect(horse.attacker.injury).toBe(0);

    // 견고 turns 부상무효 on as an encounter opens and every phase: two phases of it in the log.
    const sturdy = engage({ special2: 'che_견고' });
    fireTriggers('init', sturdy.a, sturdy.d);
    expect(sturdy.a.has('부상무효')).toBe(true);
    sturdy.a.clearSkills();
    fireTriggers('phase', sturdy.a, sturdy.d);
    sturdy.dice.yes = yesTo(0.05);
    sturdy.a.tryWound();
    expect(sturdy.attacker.injury).toBe(0);
  });

  it('strikes ×(1 + 0.2 × the phases it raged in) with the 격노 special', () => {
    const power = (rages: number) => {
      const { a } = engage({ special2: 'che_격노' });
      for (let i = 0; i < rages; i++) {
        a.activate('격노');
        a.clearSkills();
      }
      return a.computeWarPower()[0];
    };
    expect(power(2) / power(0)).toBeCloseTo(1.4, 12);
  });

  it('fights its crew type’s phases (footmen 7) and its bonus phases', () => {
    const { a } = engage();
    a.addBonusPhase(1);
    expect(a.maxPhase()).toBe(8);
  });

  it('adds a battle’s counts to its rank once, however often the battle is finished', () => {
    const { a, attacker } = engage();
    const before = { ...attacker.rank };
    a.killed = 300;
    a.dead = 200;
    a.finishBattle();
    a.finishBattle();
    expect([attacker.rank.killcrew - before.killcrew, attacker.rank.deathcrew - before.deathcrew]).toEqual([300, 200]);
  });

  it('meets a neutral city’s wall for the wilderness (legacy process_war.php: nation 0, 재야, 10,000 rice, the neutral type)', () => {
    expect(battleNation(undefined)).toEqual({ id: 0, name: '재야', capital: 0, tech: 0, rice: 10000, type: 'che_중립' });
  });
});

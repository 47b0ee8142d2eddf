import { addGeneral, smallWorld } from '../testing/small-world';
import { addDedication, addExperience, billOf, checkStatChange, dedLevelOf, experienceWorth, expLevelOf } from './levels';

// Levels and texts as the legacy prints them (hwe/func_converter.php getExpLevel,
// getDedLevel, getDedLevelText, getBillByLevel and JosaUtil, PHP 8.2.36):
// exp 99.6 → 0, 100 → 1, 999.9 → 9, 1000 → 10, 4000.5 → 20; ded 100 → 1 (30품관으로, 600으로),
// 100.4 → 2 (29품관으로, 800으로), 400.2 → 3 (28품관으로, 1,000으로).
describe('experience and dedication levels', () => {
  it('match the legacy level functions', () => {
    expect([99.6, 100, 999.9, 1000, 4000.5].map(expLevelOf)).toEqual([0, 1, 9, 10, 20]);
    expect([99.6, 100, 100.4, 400.2].map(dedLevelOf)).toEqual([1, 1, 2, 3]);
  });

  it('come from the unrounded sum, while the column stores it rounded', () => {
    const g = addGeneral(smallWorld(), { id: 1, experience: 99, dedication: 99 });
    g.personal = null;
    expect([g.explevel, g.dedlevel]).toEqual([0, 1]);
    // 99 + 0.6 = 99.6: level 0 though the stored experience rounds to 100 (level 1 if read back).
    expect(addExperience(g, 0.6)).toEqual([]);
    expect([g.experience, g.explevel]).toEqual([100, 0]);
    expect(addExperience(g, 0.4)).toEqual(['Lv 1로 레벨업!']);
    // 99.8 → 100.4 is level 2 (100 would be level 1).
    g.dedication = 99.8;
    expect(addDedication(g, 0.6)).toEqual(['29품관으로 승급하여 봉록이 800으로 상승했습니다!']);
    expect([g.dedication, g.dedlevel]).toEqual([100, 2]);
  });

  it('pay getBill by the level: 400 at level 0, 200 more a level', () => {
    expect([0, 1, 100, 101, 400.2].map(billOf)).toEqual([400, 600, 600, 800, 1000]);
  });

  it('say nothing when the level stays, and name level 0 무품관', () => {
    const g = addGeneral(smallWorld(), { id: 1, experience: 150, dedication: 50 });
    g.personal = null;
    expect([addExperience(g, 10), addDedication(g, 10)]).toEqual([[], []]);
    expect(addDedication(g, -60)).toEqual(['무품관으로 강등되어 봉록이 400으로 하락했습니다!']);
    expect(experienceWorth(g, 100)).toBe(100);
  });

  it('log a level lost', () => {
    const g = addGeneral(smallWorld(), { id: 1, experience: 1000, dedication: 401 });
    g.personal = null;
    expect(addExperience(g, -1)).toEqual(['Lv 9로 레벨다운!']);
    expect(addDedication(g, -300)).toEqual(['29품관으로 강등되어 봉록이 800으로 하락했습니다!']);
  });
});

describe('gains through the personality (onCalcStat)', () => {
  it('scales experience by 출세 ×1.1 and dedication by 은둔 ×0.9, unless the gain skips traits', () => {
    const g = addGeneral(smallWorld(), { id: 1, experience: 0, dedication: 0 });
    g.personal = 'che_출세';
    expect(experienceWorth(g, 100)).toBeCloseTo(110, 10);
    expect(experienceWorth(g, 100, false)).toBe(100);
    // 95 × 1.1 = 104.5 → level 1 and the column 105 (PHP rounds half away from zero).
    expect(addExperience(g, 95)).toEqual(['Lv 1로 레벨업!']);
    expect(g.experience).toBe(105);
    // Without traits 105 + 95 = 200: level 2 (×1.1 would have made it 209.5).
    expect(addExperience(g, 95, false)).toEqual(['Lv 2로 레벨업!']);
    expect(g.experience).toBe(200);
    g.personal = 'che_은둔';
    // 400 × 0.9 = 360 → sqrt(360)/10 = 1.9 → level 2; without traits 400 more → 760 → level 3.
    expect(addDedication(g, 400)).toEqual(['29품관으로 승급하여 봉록이 800으로 상승했습니다!']);
    expect(g.dedication).toBe(360);
    expect(addDedication(g, 400, false)).toEqual(['28품관으로 승급하여 봉록이 1,000으로 상승했습니다!']);
    expect(g.dedication).toBe(760);
  });

  it('never stores a negative sum, and caps the levels at 255 and 30', () => {
    const g = addGeneral(smallWorld(), { id: 1, experience: 10, dedication: 10 });
    g.personal = null;
    addExperience(g, -50);
    expect(g.experience).toBe(0);
    expect([expLevelOf(1e7), dedLevelOf(1e6), expLevelOf(-40)]).toEqual([255, 30, 0]);
  });
});

// The legacy General::checkStatChange (upgradeLimit 30, maxLevel 255), stat by stat in the
// order 통솔, 무력, 지력.
describe('checkStatChange', () => {
  it('turns 30 stat experience into a point and a debt into a lost point, logging each', () => {
    const g = addGeneral(smallWorld(), { id: 1, leadership: 50, strength: 60, intel: 70 });
    g.leadershipExp = 31;
    g.strengthExp = 29;
    g.intelExp = -1;
    expect(checkStatChange(g)).toEqual(['통솔이 1 올랐습니다!', '지력이 1 떨어졌습니다!']);
    expect([g.leadership, g.leadershipExp, g.strength, g.strengthExp, g.intel, g.intelExp]).toEqual([51, 1, 60, 29, 69, 29]);
    g.strengthExp = 30;
    expect(checkStatChange(g)).toEqual(['무력이 1 올랐습니다!']);
    expect([g.strength, g.strengthExp]).toEqual([61, 0]);
    expect(checkStatChange(g)).toEqual([]);
  });

  it('spends the 30 at 255 without a point, and takes a point even from 0', () => {
    const g = addGeneral(smallWorld(), { id: 1, leadership: 255, strength: 254, intel: 0 });
    g.leadershipExp = 45;
    g.strengthExp = 30;
    g.intelExp = -3;
    expect(checkStatChange(g)).toEqual(['무력이 1 올랐습니다!', '지력이 1 떨어졌습니다!']);
    expect([g.leadership, g.leadershipExp, g.strength, g.strengthExp, g.intel, g.intelExp]).toEqual([255, 15, 255, 0, -1, 27]);
  });
});

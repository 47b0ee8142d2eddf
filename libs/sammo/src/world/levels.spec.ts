import { addGeneral, smallWorld } from '../testing/small-world';
import { addDedication, addExperience, dedLevelOf, expLevelOf } from './levels';

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

  it('log a level lost', () => {
    const g = addGeneral(smallWorld(), { id: 1, experience: 1000, dedication: 401 });
    g.personal = null;
    expect(addExperience(g, -1)).toEqual(['Lv 9로 레벨다운!']);
    expect(addDedication(g, -300)).toEqual(['29품관으로 강등되어 봉록이 800으로 하락했습니다!']);
  });
});

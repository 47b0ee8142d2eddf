import { engine } from '@chronicle/engine';
import { sammo } from '../game';
import { streamFromSeed } from '../rng/streams';
import { regionScenario } from '../testing/region-scenario';
import { SammoTable } from '../testing/table';
import { CHIEF_STAT_MIN, GameConst } from '../world/constants';
import { lowestChiefLevel } from '../world/queries';
import { withJosa } from '../world/josa';
import type { General } from '../world/types';
import { appointmentAnswer } from './officers';

const SEED = '3c'.repeat(32);
const MA_TENG = 10; // 마등's nation, ruler 94

/** 서북 with 마등 (ruler 94) played by `ma` and one of his plain members by `a`. */
function personnelTable(seed = SEED) {
  const { scenario, map } = regionScenario([3]);
  const table = new SammoTable({ world: 'scenario', scenario, map }, seed, ['ma', 'a']);
  const world = table.state.data;
  const members = () => [...world.generals.values()].filter((g) => g.nation === MA_TENG && g.id !== 94);
  const plain = members().filter((g) => g.officerLevel === 1 && g.npc !== 5);
  table.play('ma', { type: 'possess', generalId: 94 });
  table.play('a', { type: 'possess', generalId: plain[0]!.id });
  const nation = world.nations.get(MA_TENG)!;
  const able = (g: General, level: number) => (level % 2 === 0 ? g.strength : g.intel) >= CHIEF_STAT_MIN;
  return { table, world, nation, members, a: plain[0]!, able };
}

describe('the personnel page (legacy j_myBossInfo: 임명 and 추방)', () => {
  it('a chief appoints an able member to a chief seat the nation opens: the holder goes back to the ranks, the seat is marked for the quarter', () => {
    const { table, world, nation, members, able } = personnelTable();
    const level = 11 - [...Array(7).keys()].find((i) => !(nation.chiefSet & (1 << (11 - i))) && 11 - i >= lowestChiefLevel(nation.level))!;
    const holder = members().find((g) => g.officerLevel === level);
    const pick = members().find((g) => g.officerLevel === 1 && able(g, level))!;
    table.play('ma', { type: 'appoint', officerLevel: level, destGeneralId: pick.id, destCityId: 0 });
    expect([pick.officerLevel, pick.officerCity]).toEqual([level, 0]);
    if (holder) expect([holder.officerLevel, holder.officerCity]).toEqual([1, 0]);
    expect(nation.chiefSet & (1 << level)).not.toBe(0);
    expect(() => table.play('ma', { type: 'appoint', officerLevel: level, destGeneralId: 0, destCityId: 0 })).toThrow('지금은 임명할 수 없습니다.');
    expect(engine.replay(sammo, table.log).data.generals.get(pick.id)!.officerLevel).toBe(level);
    expect(world.generals.get(94)!.officerLevel).toBe(12);
  });

  it('empties a seat as the legacy does: its holder leaves before the empty appointee is found unfit, so the page\'s refusal has emptied it; with nobody to send back it refuses and changes nothing', () => {
    const { table, world, nation, members } = personnelTable();
    const level = [10, 9, 8, 7, 6, 5].find((l) => l >= lowestChiefLevel(nation.level) && !(nation.chiefSet & (1 << l)) && !members().some((g) => g.officerLevel === l))!;
    // A holder seated last year (the seat's quarter mark long reset).
    const holder = Object.assign(members().find((g) => g.officerLevel === 1)!, { officerLevel: level });
    const empty = { type: 'appoint' as const, generalId: 94, officerLevel: level, destGeneralId: 0, destCityId: 0 };
    expect(appointmentAnswer(world, empty)).toBe(level % 2 === 0 ? '무력이 부족합니다.' : '지력이 부족합니다.');
    table.play('ma', empty);
    expect(holder.officerLevel).toBe(1);
    expect(nation.chiefSet & (1 << level)).toBe(0);
    const revision = table.log.revision;
    expect(() => table.play('ma', empty)).toThrow(level % 2 === 0 ? '무력이 부족합니다.' : '지력이 부족합니다.');
    expect(table.log.revision).toBe(revision);
  });

  it('city offices need one of the nation\'s cities and, for 태수 and 군사, the stat; a filled office waits for the year', () => {
    const { table, world, members, able } = personnelTable();
    const city = world.cities.filter((c) => c !== undefined).find((c) => c.nation === MA_TENG && !(c.officerSet & (1 << 4)))!;
    const other = world.cities.filter((c) => c !== undefined).find((c) => c.nation !== MA_TENG)!;
    const strong = members().find((g) => g.officerLevel === 1 && able(g, 4))!;
    expect(() => table.play('ma', { type: 'appoint', officerLevel: 4, destGeneralId: strong.id, destCityId: 0 })).toThrow('도시가 지정되지 않았습니다.');
    expect(() => table.play('ma', { type: 'appoint', officerLevel: 4, destGeneralId: strong.id, destCityId: other.id })).toThrow('아국 도시가 아닙니다');
    table.play('ma', { type: 'appoint', officerLevel: 4, destGeneralId: strong.id, destCityId: city.id });
    expect([strong.officerLevel, strong.officerCity]).toEqual([4, city.id]);
    expect(() => table.play('ma', { type: 'appoint', officerLevel: 4, destGeneralId: 0, destCityId: city.id })).toThrow('이미 다른 장수가 임명되어있습니다');
    expect(() => table.play('ma', { type: 'appoint', officerLevel: 12, destGeneralId: strong.id, destCityId: 0 })).toThrow('군주를 대상으로 할 수 없습니다.');
    expect(() => table.play('a', { type: 'appoint', officerLevel: 4, destGeneralId: strong.id, destCityId: city.id })).toThrow('수뇌가 아닙니다.');
  });

  it('expels in the opening years: the purse above the default stays with the nation, the ruler is wounded instead of the quarter spent, no betrayal counted', () => {
    const { table, world, nation, members } = personnelTable();
    const out = members().find((g) => g.officerLevel === 1 && g.npc < 2 && g.troop === 0) ?? members().find((g) => g.officerLevel === 1)!;
    Object.assign(out, { gold: 4321, rice: 1500, betray: 2 });
    const before = { gold: nation.gold, rice: nation.rice, gennum: nation.gennum, injury: world.generals.get(94)!.injury, experience: out.experience, chiefSet: nation.chiefSet };
    table.play('ma', { type: 'expel', destGeneralId: out.id });
    expect([out.nation, out.officerLevel, out.gold, out.rice, out.belong, out.troop]).toEqual([0, 0, GameConst.defaultGold, GameConst.defaultRice, 0, 0]);
    expect([nation.gold - before.gold, nation.rice - before.rice, before.gennum - nation.gennum]).toEqual([3321, 500, out.npc === 5 ? 0 : 1]);
    expect(world.generals.get(94)!.injury).toBe(before.injury + 1);
    expect(nation.chiefSet).toBe(before.chiefSet);
    expect(world.logs.filter((l) => l.scope === 'world').at(-1)!.text).toBe(`${withJosa(out.name, '이')} ${nation.name}에서 추방당했습니다.`);
    expect(world.logs.filter((l) => l.scope === 'general' && l.subject === out.id).map((l) => l.text)).toContain(`${nation.name}에서 추방당했습니다.`);
  });

  it('after the opening, an expulsion costs 15 % of experience and dedication per earlier betrayal, counts one more, and uses the chief\'s quarter', () => {
    const { table, world, nation, members } = personnelTable();
    world.env.year = world.env.startyear + 3;
    const [first, second] = members().filter((g) => g.officerLevel === 1 && g.permission === undefined);
    Object.assign(first!, { betray: 2, experience: 10_000, dedication: 8_000, personal: null });
    table.play('ma', { type: 'expel', destGeneralId: first!.id });
    expect([first!.experience, first!.dedication, first!.betray]).toEqual([7000, 5600, 3]);
    expect(nation.chiefSet & (1 << 12)).not.toBe(0);
    const revision = table.log.revision;
    expect(() => table.play('ma', { type: 'expel', destGeneralId: second!.id })).toThrow('이미 추방 권한을 사용했습니다.');
    expect(() => table.play('ma', { type: 'expel', destGeneralId: 94 })).toThrow('외교권자는 추방할 수 없습니다.');
    expect(() => table.play('ma', { type: 'expel', destGeneralId: 0 })).toThrow('장수가 지정되지 않았습니다.');
    expect(table.log.revision).toBe(revision);
  });

  it('an expelled NPC now and then says a parting word in public, from its own stream (BanNPC, year, month, general)', () => {
    const { world, members } = personnelTable();
    const npc = members().find((g) => g.officerLevel === 1 && g.npc >= 2 && g.npc !== 5)!;
    const { year, month } = world.env;
    // A table seed whose stream for this expulsion draws the 1-in-100 word.
    const seed = Array.from({ length: 3000 }, (_, i) => i.toString(16).padStart(64, '0'))
      .find((hex) => streamFromSeed(hex, 'BanNPC', year, month, npc.id).nextBool(GameConst.npcBanMessageProb))!;
    const { table, world: w } = personnelTable(seed);
    table.play('ma', { type: 'expel', destGeneralId: npc.id });
    const said = w.messages!.filter((m) => m.kind === 'public');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ from: npc.id, fromNation: MA_TENG, to: 0 });
    expect(said[0]!.text).toMatch(/추방|복수|저주/);
    const { table: plainTable, world: quiet } = personnelTable();
    plainTable.play('ma', { type: 'expel', destGeneralId: npc.id });
    expect(streamFromSeed(SEED, 'BanNPC', year, month, npc.id).nextBool(GameConst.npcBanMessageProb) ? 1 : 0).toBe((quiet.messages ?? []).length);
  });
});

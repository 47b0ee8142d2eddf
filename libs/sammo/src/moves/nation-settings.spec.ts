import { engine, IllegalMove } from '@chronicle/engine';
import { sammo } from '../game';
import { regionScenario } from '../testing/region-scenario';
import { SammoTable } from '../testing/table';
import { readWorld, writeWorld } from '../state/serialize';
import { publicView } from '../views/public-view';
import { secretPermission } from '../views/permission';
import { seatView } from '../views/seat-view';

const SEED = '5d'.repeat(32);
const MA_TENG = 10; // 마등, ruler 94
const ZHANG = 14; // 장양, ruler 328

/** 서북 with 마등 (ruler 94) and one of his generals, and 장양 (ruler 328), taken over by players. */
function settingsTable() {
  const { scenario, map } = regionScenario([3]);
  const table = new SammoTable({ world: 'scenario', scenario, map }, SEED, ['ma', 'a', 'zhang']);
  const world = table.state.data;
  const a = [...world.generals.values()].find((g) => g.nation === MA_TENG && g.officerLevel === 1 && g.npc >= 2 && g.npc !== 5)!;
  table.play('ma', { type: 'possess', generalId: 94 });
  table.play('a', { type: 'possess', generalId: a.id });
  table.play('zhang', { type: 'possess', generalId: 328 });
  return { table, world, nation: world.nations.get(MA_TENG)!, a };
}

describe('nation settings (legacy hwe/sammo/API/Nation: SetRate, SetBill, SetSecretLimit, SetBlockWar, SetBlockScout, SetNotice, SetScoutMsg)', () => {
  it('a chief sets the tax, the salary and the secret limit within the legacy bounds; the values are written and replayed', () => {
    const { table, world, nation, a } = settingsTable();
    table.play('ma', { type: 'setRate', amount: 25 });
    table.play('ma', { type: 'setBill', amount: 150 });
    a.belong = 2;
    expect(secretPermission(world, a)).toBe(0);
    table.play('ma', { type: 'setSecretLimit', amount: 2 });
    expect([nation.rate, nation.bill, nation.secretlimit]).toEqual([25, 150, 2]);
    // The secret limit opens the nation's secrets to a member of two years' service.
    expect(secretPermission(world, a)).toBe(1);
    const replayed = engine.replay(sammo, table.log).data.nations.get(MA_TENG)!;
    expect([replayed.rate, replayed.bill, replayed.secretlimit]).toEqual([25, 150, 2]);
  });

  it('refuses amounts out of the legacy bounds, naming the field and the bounds, and leaves the log untouched', () => {
    const { table } = settingsTable();
    const revision = table.log.revision;
    const play = (payload: object) => () => table.play('ma', payload as never);
    expect(play({ type: 'setRate', amount: 4 })).toThrow('setRate.amount must be a whole number from 5 to 30: 세율 (tax, percent)');
    expect(play({ type: 'setRate', amount: 31 })).toThrow(IllegalMove);
    expect(play({ type: 'setRate', amount: 12.5 })).toThrow('setRate.amount must be a whole number from 5 to 30');
    expect(play({ type: 'setBill', amount: 19 })).toThrow('setBill.amount must be a whole number from 20 to 200');
    expect(play({ type: 'setBill', amount: 201 })).toThrow(IllegalMove);
    expect(play({ type: 'setSecretLimit', amount: 0 })).toThrow('setSecretLimit.amount must be a whole number from 1 to 99');
    expect(play({ type: 'setSecretLimit', amount: 100 })).toThrow(IllegalMove);
    expect(play({ type: 'setBlockWar', value: 1 })).toThrow(IllegalMove);
    expect(play({ type: 'setNotice', msg: 'x'.repeat(16_385) })).toThrow('setNotice.msg must be at most 16384 characters, not 16385');
    expect(play({ type: 'setScoutMsg', msg: 'x'.repeat(1_001) })).toThrow('setScoutMsg.msg must be at most 1000 characters, not 1001');
    expect(play({ type: 'setScoutMsg', msg: 7 })).toThrow('setScoutMsg.msg must be a string');
    expect(table.log.revision).toBe(revision);
  });

  it('is a chief’s or the ambassador’s: a plain member, a city officer and a wanderer are refused with the legacy’s words', () => {
    const { table, world, nation, a } = settingsTable();
    const refusal = '권한이 부족합니다. (setRate: ';
    expect(() => table.play('a', { type: 'setRate', amount: 10 })).toThrow(refusal);
    a.officerLevel = 4; // 태수: secret permission 1, no chief
    expect(() => table.play('a', { type: 'setRate', amount: 10 })).toThrow(refusal);
    a.officerLevel = 1;
    a.permission = 'ambassador';
    table.play('a', { type: 'setRate', amount: 10 });
    expect(nation.rate).toBe(10);
    a.officerLevel = 5;
    delete a.permission;
    table.play('a', { type: 'setBill', amount: 30 });
    expect(nation.bill).toBe(30);
    Object.assign(a, { nation: 0, officerLevel: 0 });
    expect(() => table.play('a', { type: 'setBill', amount: 40 })).toThrow('권한이 부족합니다. (setBill: ');
    expect(world.nations.get(MA_TENG)!.bill).toBe(30);
  });

  it('spends a change of 전쟁 금지 each time (잔여 횟수가 부족합니다 without one), and refuses 임관 금지 while the world forbids changing it', () => {
    const { table, world, nation } = settingsTable();
    nation.availableWarSettingCnt = 0;
    expect(() => table.play('ma', { type: 'setBlockWar', value: true })).toThrow('잔여 횟수가 부족합니다.');
    nation.availableWarSettingCnt = 2;
    table.play('ma', { type: 'setBlockWar', value: true });
    expect([nation.war, nation.availableWarSettingCnt]).toEqual([1, 1]);
    table.play('ma', { type: 'setBlockWar', value: false });
    expect([nation.war, nation.availableWarSettingCnt]).toEqual([0, 0]);
    table.play('ma', { type: 'setBlockScout', value: true });
    expect(nation.scout).toBe(1);
    world.env.blockChangeScout = true;
    expect(() => table.play('ma', { type: 'setBlockScout', value: false })).toThrow('임관 설정을 바꿀 수 없도록 설정되어 있습니다.');
    expect(nation.scout).toBe(1);
  });

  it('keeps the notice and the scout message as plain text: the members read them, the public and other nations do not', () => {
    const { table, world, nation, a } = settingsTable();
    table.play('ma', { type: 'setNotice', msg: '<b>남쪽</b>을 지킨다' });
    table.play('ma', { type: 'setScoutMsg', msg: '서량으로 오라' });
    const ruler = world.generals.get(94)!;
    expect(nation.notice).toEqual({ msg: '<b>남쪽</b>을 지킨다', author: ruler.name, authorId: 94, at: world.env.turntime });
    expect(nation.scoutMsg).toBe('서량으로 오라');
    expect(readWorld(writeWorld(world)).nations.get(MA_TENG)).toMatchObject({ notice: nation.notice, scoutMsg: '서량으로 오라' });
    expect(seatView(world, 'a').nation).toMatchObject({ notice: { msg: '<b>남쪽</b>을 지킨다', author: ruler.name }, scoutMsg: '서량으로 오라' });
    expect(seatView(world, 'zhang').nation).toMatchObject({ id: ZHANG, notice: null });
    expect(JSON.stringify(seatView(world, 'zhang'))).not.toContain('남쪽');
    expect(JSON.stringify(publicView(world))).not.toMatch(/남쪽|서량으로/);
    expect(a.nation).toBe(MA_TENG);
  });
});

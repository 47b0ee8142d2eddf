import { engine, type Json } from '@chronicle/engine';
import { sammo } from '../game';
import { DEFAULT_NATION_POLICY } from '../world/policy';
import { regionScenario } from '../testing/region-scenario';
import { SammoTable } from '../testing/table';
import { readWorld, writeWorld } from '../state/serialize';

const SEED = '5d'.repeat(32);
const MA_TENG = 10; // 마등, ruler 94
const ZHANG = 14; // 장양, ruler 328

/** 서북 with 마등 (ruler), one of his generals and 장양 (another nation's ruler) taken over by players; 마등 and his general lead troops. */
function policyTable() {
  const { scenario, map } = regionScenario([3]);
  const table = new SammoTable({ world: 'scenario', scenario, map }, SEED, ['ma', 'a', 'zhang']);
  const world = table.state.data;
  const a = [...world.generals.values()].find((g) => g.nation === MA_TENG && g.officerLevel < 12 && g.npc >= 2 && g.npc !== 5)!;
  table.play('ma', { type: 'possess', generalId: 94 });
  table.play('a', { type: 'possess', generalId: a.id });
  table.play('zhang', { type: 'possess', generalId: 328 });
  table.play('ma', { type: 'createTroop', generalId: 94, name: '서량' });
  table.play('a', { type: 'createTroop', generalId: a.id, name: '기병' });
  table.play('zhang', { type: 'createTroop', generalId: 328, name: '장' });
  const set = (seat: string, generalId: number, policy: Json, nationId = MA_TENG) => table.play(seat, { type: 'setNationPolicy', generalId, nationId, policy });
  return { table, world, a, set, nation: world.nations.get(MA_TENG)! };
}

describe('setNationPolicy (legacy j_set_npc_control: nationPolicy, nationPriority)', () => {
  it('the ruler sets values, forces and the order; names left out keep their value; the policy is written, read back and replayed', () => {
    const { table, world, a, set, nation } = policyTable();
    expect(nation.policy).toBeUndefined();
    set('ma', 94, { reqNationGold: 20000, safeRecruitCityPopulationRatio: 0.35, CombatForce: { 94: [1, 2] }, SupportForce: [a.id] });
    set('ma', 94, { minWarCrew: 2000, priority: ['부대후방발령', 'NPC몰수'] });
    expect(nation.policy).toEqual({
      ...DEFAULT_NATION_POLICY, reqNationGold: 20000, safeRecruitCityPopulationRatio: 0.35, minWarCrew: 2000,
      CombatForce: { 94: [1, 2] }, SupportForce: [a.id], priority: ['부대후방발령', 'NPC몰수'],
    });
    set('ma', 94, { priority: [] }); // legacy reads an empty order as the default one
    expect(nation.policy!.priority).toEqual(DEFAULT_NATION_POLICY.priority);
    expect(readWorld(writeWorld(world)).nations.get(MA_TENG)!.policy).toEqual(nation.policy);
    expect(engine.replay(sammo, table.log).data.nations.get(MA_TENG)!.policy).toEqual(nation.policy);
  });

  it('refuses anyone below secret permission 3 (the ruler, 외교권자, 조언자) and another nation', () => {
    const { table, a, set, nation } = policyTable();
    if (a.officerLevel > 1) a.officerLevel = 1; // a plain member, whatever the scenario made it
    expect(() => set('a', a.id, { minWarCrew: 1000 })).toThrow('권한이 부족합니다. 군주, 외교권자, 조언자가 아닙니다.');
    table.play('ma', { type: 'setPermission', generalId: 94, permission: 'auditor', generalIds: [a.id] });
    set('a', a.id, { minWarCrew: 1000 });
    expect(nation.policy!.minWarCrew).toBe(1000);
    expect(() => set('ma', 94, { minWarCrew: 1000 }, ZHANG)).toThrow('setNationPolicy.nationId must be the nation of');
    expect(() => set('zhang', 94, { minWarCrew: 1000 })).toThrow('general 94 is not played by zhang');
  });

  it('refuses values out of the legacy\'s bounds, unknown names and unknown actions, saying which', () => {
    const { set, nation } = policyTable();
    for (const [policy, reason] of [
      [{ properWarTrainAtmos: 101 }, 'properWarTrainAtmos must be an integer from 20 to 100'],
      [{ cureThreshold: 9 }, 'cureThreshold must be an integer from 10 to 100'],
      [{ minimumResourceActionAmount: 99 }, 'minimumResourceActionAmount must be an integer from 100 up'],
      [{ minWarCrew: 10.5 }, 'minWarCrew must be an integer from 0 up'],
      [{ reqNationGold: -1 }, 'reqNationGold must be an integer from 0 up'],
      [{ safeRecruitCityPopulationRatio: 1.5 }, 'safeRecruitCityPopulationRatio must be a number from 0 to 1'],
      [{ allowNpcAttackCity: 1 }, 'allowNpcAttackCity is not a nation policy value'],
      [{ priority: ['부대전방발령', '출병'] }, 'priority lists "출병", which is not a nation AI action'],
      [[1, 2], 'the policy must be an object'],
    ] as [Json, string][]) {
      expect(() => set('ma', 94, policy)).toThrow(reason);
    }
    expect(nation.policy).toBeUndefined();
  });

  it('refuses forces that are not troops of the nation, a troop in two forces and a route to no city', () => {
    const { world, a, set } = policyTable();
    expect(() => set('ma', 94, { SupportForce: [328] })).toThrow(`setNationPolicy.policy.SupportForce: ${world.nations.get(MA_TENG)!.name} has no troop 328`);
    expect(() => set('ma', 94, { DevelopForce: [9999] })).toThrow('has no troop 9999');
    expect(() => set('ma', 94, { CombatForce: { 94: [1, 2] }, SupportForce: [94] })).toThrow('troop 94 is in both CombatForce and SupportForce: a troop has one role');
    set('ma', 94, { SupportForce: [a.id] });
    expect(() => set('ma', 94, { DevelopForce: [a.id] })).toThrow(`troop ${a.id} is in both SupportForce and DevelopForce`);
    expect(() => set('ma', 94, { CombatForce: { 94: [1, world.cities.length] } })).toThrow(`setNationPolicy.policy.CombatForce.94: there is no city ${world.cities.length}`);
    expect(() => set('ma', 94, { CombatForce: { 94: [1] } })).toThrow('CombatForce.94 must be [from city id, to city id]');
  });
});

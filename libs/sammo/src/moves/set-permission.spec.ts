import { engine } from '@chronicle/engine';
import { sammo } from '../game';
import { regionScenario } from '../testing/region-scenario';
import { SammoTable } from '../testing/table';
import { secretPermission } from '../views/permission';
import { GENERAL_COMMANDS } from '../commands/registry';
import { deleteNation } from '../lifecycle/delete-nation';
import { addGeneral, commandContext, smallWorld } from '../testing/small-world';
import type { World } from '../world/types';

const SEED = '5d'.repeat(32);
const MA_TENG = 10; // 마등, ruler 94
const ZHANG_RULER = 328; // 장양, another nation's ruler

/** 서북 with 마등 (ruler 94) and one of his plain generals taken over by players, and three more of his plain members. */
function permissionTable() {
  const { scenario, map } = regionScenario([3]);
  const table = new SammoTable({ world: 'scenario', scenario, map }, SEED, ['ma', 'a']);
  const world = table.state.data;
  const plain = [...world.generals.values()].filter((g) => g.nation === MA_TENG && g.officerLevel === 1 && g.npc !== 5);
  const [a, b, c, d] = plain;
  table.play('ma', { type: 'possess', generalId: 94 });
  table.play('a', { type: 'possess', generalId: a!.id });
  const set = (seat: string, permission: string, generalIds: number[], generalId?: number) =>
    table.play(seat, { type: 'setPermission', permission, generalIds, ...(generalId === undefined ? {} : { generalId }) });
  return { table, world, a: a!, b: b!, c: c!, d: d!, set };
}

describe('setPermission (legacy j_general_set_permission: the ruler names 외교권자 and 조언자)', () => {
  it('the ruler names ambassadors (permission 4) and auditors (3); a new list replaces the old; an empty one clears it; replayed the same', () => {
    const { table, world, a, b, c, set } = permissionTable();
    expect([secretPermission(world, a), a.permission]).toEqual([0, undefined]);
    set('ma', 'ambassador', [a.id, b.id]);
    set('ma', 'auditor', [c.id]);
    expect([a.permission, b.permission, c.permission]).toEqual(['ambassador', 'ambassador', 'auditor']);
    expect([secretPermission(world, a), secretPermission(world, c)]).toEqual([4, 3]);
    set('ma', 'ambassador', [b.id]);
    expect([a.permission, b.permission, c.permission]).toEqual([undefined, 'ambassador', 'auditor']);
    set('ma', 'auditor', []);
    expect(c.permission).toBeUndefined();
    const replayed = engine.replay(sammo, table.log).data.generals;
    expect([a.id, b.id, c.id].map((id) => replayed.get(id)!.permission)).toEqual([undefined, 'ambassador', undefined]);
  });

  it('passes over the ruler, another nation\'s general, an unknown id and a holder of the other permission, as the legacy does', () => {
    const { world, a, b, set } = permissionTable();
    set('ma', 'auditor', [a.id]);
    set('ma', 'ambassador', [a.id, ZHANG_RULER]);
    expect(a.permission).toBe('auditor');
    expect(world.generals.get(ZHANG_RULER)!.permission).toBeUndefined();
    set('ma', 'auditor', [94, b.id, 99_999]);
    expect([world.generals.get(94)!.permission, a.permission, b.permission]).toEqual([undefined, undefined, 'auditor']);
  });

  it('refuses anyone but the ruler, more than two ambassadors and malformed input in the legacy\'s words, and leaves the log untouched', () => {
    const { table, a, b, c, d, set } = permissionTable();
    const revision = table.log.revision;
    expect(() => set('a', 'auditor', [b.id])).toThrow('군주가 아닙니다');
    expect(() => set('ma', 'ambassador', [a.id, b.id, c.id])).toThrow('외교권자는 최대 둘까지만 설정 가능합니다.');
    expect(() => set('ma', 'ambassador', [d.id, d.id, d.id])).toThrow('외교권자는 최대 둘까지만 설정 가능합니다.');
    expect(() => set('ma', 'chief', [a.id])).toThrow('setPermission.permission must be "ambassador" (외교권자) or "auditor" (조언자)');
    expect(() => table.play('ma', { type: 'setPermission', permission: 'auditor', generalIds: ['1'] })).toThrow('setPermission.generalIds must be a list of general ids');
    expect(() => set('a', 'auditor', [b.id], 94)).toThrow('general 94 is not played by a');
    expect(table.log.revision).toBe(revision);
    // Many auditors may be named at once.
    set('ma', 'auditor', [a.id, b.id, c.id]);
    expect([a.permission, b.permission, c.permission]).toEqual(['auditor', 'auditor', 'auditor']);
  });
});

describe('where the legacy clears a permission or sets a secret limit', () => {
  const ctxFor = (world: World, id: number) => commandContext(world, id, 'permission');

  it('하야 and a nation\'s fall clear the permission (che_하야, deleteNation)', () => {
    const world = smallWorld();
    const lord = addGeneral(world, { id: 1, officerLevel: 12 });
    const envoy = Object.assign(addGeneral(world, { id: 2 }), { permission: 'ambassador' as const });
    const adviser = Object.assign(addGeneral(world, { id: 3 }), { permission: 'auditor' as const });
    GENERAL_COMMANDS.get('che_하야')!.run(ctxFor(world, 2), null);
    expect([envoy.nation, envoy.permission]).toEqual([0, undefined]);
    deleteNation(world, lord);
    expect([adviser.nation, adviser.permission]).toEqual([0, undefined]);
  });

  it('거병 gives the band the default secret limit, one year in a scenario numbered 1000 or more', () => {
    for (const [scenarioId, limit] of [[0, undefined], [999, undefined], [1000, 1], [2031, 1]] as const) {
      const world = smallWorld();
      world.env.scenarioId = scenarioId;
      const leader = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
      GENERAL_COMMANDS.get('che_거병')!.run(ctxFor(world, 1), null);
      expect(world.nations.get(leader.nation)!.secretlimit).toBe(limit);
    }
  });

  it('a general taken over keeps no permission (j_select_npc)', () => {
    const { table, world } = permissionTable();
    const npc = [...world.generals.values()].find((g) => g.nation === MA_TENG && g.officerLevel === 1 && g.npc === 2)!;
    table.play('ma', { type: 'setPermission', permission: 'auditor', generalIds: [npc.id] });
    expect(npc.permission).toBe('auditor');
    table.play('b', { type: 'possess', generalId: npc.id });
    expect([npc.npc, npc.permission]).toEqual([1, undefined]);
  });
});

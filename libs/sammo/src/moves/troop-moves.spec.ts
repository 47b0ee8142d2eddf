import { engine, IllegalMove } from '@chronicle/engine';
import { sammo } from '../game';
import { killGeneral } from '../lifecycle/kill';
import { regionScenario } from '../testing/region-scenario';
import { seededStreams } from '../testing/small-world';
import { SammoTable } from '../testing/table';
import { withJosa } from '../world/josa';
import { readWorld, writeWorld } from '../state/serialize';

const SEED = '3c'.repeat(32);
const MA_TENG = 10; // 마등, ruler 94
const ZHANG = 14; // 장양, ruler 328

/** 서북 with 마등 and two of his generals and 장양 taken over by players. */
function troopTable() {
  const { scenario, map } = regionScenario([3]);
  const table = new SammoTable({ world: 'scenario', scenario, map }, SEED, ['ma', 'a', 'b', 'zhang']);
  const world = table.state.data;
  const [a, b] = [...world.generals.values()].filter((g) => g.nation === MA_TENG && g.officerLevel < 12 && g.npc >= 2 && g.npc !== 5);
  table.play('ma', { type: 'possess', generalId: 94 });
  table.play('a', { type: 'possess', generalId: a!.id });
  table.play('b', { type: 'possess', generalId: b!.id });
  table.play('zhang', { type: 'possess', generalId: 328 });
  return { table, world, ruler: world.generals.get(94)!, a: a!, b: b! };
}

describe('troop moves (legacy NewTroop, JoinTroop, ExitTroop, KickFromTroop, SetTroopName)', () => {
  it('a general founds a troop and leads it; others of the nation join it, a foreigner cannot', () => {
    const { table, world, ruler, a } = troopTable();
    table.play('ma', { type: 'createTroop', generalId: 94, name: '  서량 기병대 ' });
    expect(world.troops.get(94)).toEqual({ leader: 94, nation: MA_TENG, name: '서량 기병대' });
    expect(ruler.troop).toBe(94);
    table.play('a', { type: 'joinTroop', generalId: a.id, troopId: 94 });
    expect(a.troop).toBe(94);
    expect(() => table.play('zhang', { type: 'joinTroop', generalId: 328, troopId: 94 })).toThrow(`${world.generals.get(328)!.name}'s nation has no troop 94`);
    // The troop is part of the world: it is written, read back and replayed.
    expect(readWorld(writeWorld(world)).troops).toEqual(world.troops);
    expect(engine.replay(sammo, table.log).data.troops).toEqual(world.troops);
  });

  it('refuses what legacy refuses, saying what to do', () => {
    const { table, world, a } = troopTable();
    const play = (seat: string, payload: object) => () => table.play(seat, payload as never);
    expect(play('ma', { type: 'createTroop', generalId: 94, name: ' \t' })).toThrow('createTroop.name must be a name 1 to 18 columns wide');
    // 18 columns: nine Hangul syllables fit, ten do not.
    expect(play('ma', { type: 'createTroop', generalId: 94, name: '가'.repeat(10) })).toThrow(IllegalMove);
    table.play('ma', { type: 'createTroop', generalId: 94, name: '가'.repeat(9) });
    expect(play('ma', { type: 'createTroop', generalId: 94, name: '둘째' })).toThrow(`${world.generals.get(94)!.name} is already in troop 94: leave it first`);
    expect(play('a', { type: 'joinTroop', generalId: a.id, troopId: a.id })).toThrow(`nation has no troop ${a.id}`);
    expect(play('a', { type: 'leaveTroop', generalId: a.id })).toThrow('is in no troop');
    expect(play('a', { type: 'createTroop', generalId: 94, name: '남의 장수' })).toThrow('general 94 is not played by a');
    expect(play('a', { type: 'kickFromTroop', generalId: a.id, memberId: 94 })).toThrow('leads no troop');
    expect(play('ma', { type: 'kickFromTroop', generalId: 94, memberId: 94 })).toThrow('leaveTroop disbands the troop');
    expect(play('ma', { type: 'kickFromTroop', generalId: 94, memberId: a.id })).toThrow('is not a member of');
    expect(play('a', { type: 'renameTroop', generalId: a.id, troopId: 94, name: '새 이름' })).toThrow("권한이 부족합니다. (only troop 94's leader, the ruler or the ambassador renames it)");
    // The ambassador holds secret permission 4, as the ruler does (legacy SetTroopName).
    a.permission = 'ambassador';
    table.play('a', { type: 'renameTroop', generalId: a.id, troopId: 94, name: '새 이름' });
    expect(world.troops.get(94)!.name).toBe('새 이름');
    delete a.permission;
    // A wanderer forms no troop.
    a.nation = 0;
    expect(play('a', { type: 'createTroop', generalId: a.id, name: '유랑' })).toThrow('serves no nation');
  });

  it('집합 calls the members of the leader\'s nation in other cities to the leader\'s city', () => {
    const { table, world, ruler, a, b } = troopTable();
    table.play('a', { type: 'createTroop', generalId: a.id, name: '선봉' });
    table.play('b', { type: 'joinTroop', generalId: b.id, troopId: a.id });
    table.play('ma', { type: 'joinTroop', generalId: 94, troopId: a.id });
    const home = a.city;
    const away = world.cities[home]!.neighbours.find((c) => world.cities[c]!.nation === MA_TENG) ?? world.cities[home]!.neighbours[0]!;
    b.city = away;
    ruler.city = away;
    // Legacy leaves a member now serving another nation where it is.
    ruler.nation = ZHANG;
    table.play('a', { type: 'reserve', generalId: a.id, command: 'che_집합', arg: null, slots: [0] });
    table.advanceMonths(1);
    expect([b.city, ruler.city]).toEqual([home, away]);
    expect(world.logs.filter((l) => l.scope === 'general' && l.subject === b.id).map((l) => l.text)).toContain(`선봉 부대원들은 ${withJosa(world.cities[home]!.name, '으로')} 집합되었습니다.`);
  });

  it('a member leaves or is sent away; the leader leaving disbands the troop; the ruler renames it', () => {
    const { table, world, a, b } = troopTable();
    table.play('a', { type: 'createTroop', generalId: a.id, name: '선봉' });
    table.play('b', { type: 'joinTroop', generalId: b.id, troopId: a.id });
    table.play('ma', { type: 'renameTroop', generalId: 94, troopId: a.id, name: '후군' });
    expect(world.troops.get(a.id)!.name).toBe('후군');
    table.play('a', { type: 'kickFromTroop', generalId: a.id, memberId: b.id });
    expect(b.troop).toBe(0);
    table.play('b', { type: 'joinTroop', generalId: b.id, troopId: a.id });
    table.play('b', { type: 'leaveTroop', generalId: b.id });
    expect([b.troop, world.troops.has(a.id)]).toEqual([0, true]);
    table.play('b', { type: 'joinTroop', generalId: b.id, troopId: a.id });
    table.play('a', { type: 'leaveTroop', generalId: a.id });
    expect([a.troop, b.troop, world.troops.size]).toEqual([0, 0, 0]);
  });

  it("a leader's death or 하야 dissolves the troop", () => {
    const { table, world, ruler, a, b } = troopTable();
    table.play('a', { type: 'createTroop', generalId: a.id, name: '선봉' });
    table.play('b', { type: 'joinTroop', generalId: b.id, troopId: a.id });
    killGeneral(world, a, seededStreams());
    expect([b.troop, world.troops.size]).toEqual([0, 0]);

    table.play('b', { type: 'createTroop', generalId: b.id, name: '후군' });
    table.play('ma', { type: 'joinTroop', generalId: 94, troopId: b.id });
    table.play('b', { type: 'reserve', generalId: b.id, command: 'che_하야', arg: null, slots: [0] });
    table.advanceMonths(1);
    // The month gave the nations their troop-leader dummies (npc 5), each leading a troop of its own.
    const playerTroops = () => [...world.troops.keys()].filter((leader) => world.generals.get(leader)!.npc !== 5);
    expect([b.nation, b.troop, ruler.troop, playerTroops()]).toEqual([0, 0, 0, []]);

    table.play('ma', { type: 'createTroop', generalId: 94, name: '친위대' });
    killGeneral(world, ruler, seededStreams());
    expect(playerTroops()).toEqual([]);
  });
});

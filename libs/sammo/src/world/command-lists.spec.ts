import type { JsonObject } from '@chronicle/engine';
import { readWorld, writeWorld } from '../state/serialize';
import { SammoTable } from '../testing/table';
import { DEFAULT_CHIEF_COMMAND_LIST, DEFAULT_GENERAL_COMMAND_LIST, offersCommand } from './command-lists';

const stats = (n: number) => ({ population: n, agriculture: n, commerce: n, security: n, defence: n, wall: n });
const map = {
  cities: [1, 2, 3].map((id) => ({
    id, name: '가나다'.charAt(id - 1), level: 5, region: 1, neighbors: [id - 1, id + 1].filter((n) => n >= 1 && n <= 3), initial: { ...stats(1000), trust: 50 }, max: stats(5000),
  })),
};
const general = (id: number, nationId: number, officerLevel: number) => ({
  id, name: `g${id}`, nationId, cityId: null, officerLevel, leadership: 50, strength: 50, intel: 50,
  birthYear: 170, deathYear: 230, npcType: 2, affinity: 5, personality: null, special: null,
});
/** Scenario 910's way: its own lists in the legacy's categories, and the instant retreat of 906. */
const scenario = (constants: JsonObject | undefined): JsonObject => ({
  scenarioId: 910, title: 'lists', startYear: 190, fiction: 0,
  nations: [
    { id: 1, name: '촉', color: '#0f0', capitalCityId: 1, gold: 5000, rice: 5000, tech: 0, typeCode: 'che_중립', level: 2, cityIds: [1, 2] },
    { id: 2, name: '오', color: '#f00', capitalCityId: 3, gold: 5000, rice: 5000, tech: 0, typeCode: 'che_중립', level: 2, cityIds: [3] },
  ],
  diplomacy: { pairs: [] },
  generals: [general(1, 1, 12), general(2, 2, 12)],
  ...(constants === undefined ? {} : { const: constants }),
});
const LISTS = {
  availableGeneralCommand: { 개인: ['휴식', 'che_요양'], 군사: ['cr_맹훈련', 'che_전투태세'], 국가: ['cr_건국'] },
  availableChiefCommand: { 휴식: ['휴식'], 특수: ['cr_인구이동'] },
};

function table(constants?: JsonObject): SammoTable {
  const t = new SammoTable({ world: 'scenario', scenario: scenario(constants), map }, '11'.repeat(32), ['p1']);
  t.play('p1', { type: 'possess', generalId: 1 });
  return t;
}

const reserve = (command: string) => ({ type: 'reserve', generalId: 1, command, arg: null, slots: [0] });
const reserveNation = (command: string, arg: JsonObject | null = null) => ({ type: 'reserveNation', generalId: 1, command, arg, slots: [0] });

describe('command lists (legacy availableGeneralCommand / availableChiefCommand)', () => {
  it('offers the defaults where the scenario sets none; never the scenario-only commands', () => {
    const t = table();
    expect(t.state.data.env.commandLists).toBeUndefined();
    t.play('p1', reserve('che_훈련'));
    t.play('p1', reserveNation('che_천도', { destCityId: 2 }));
    expect(() => t.play('p1', reserve('cr_맹훈련'))).toThrow('cr_맹훈련 (맹훈련) is not offered in this game');
    expect(() => t.play('p1', reserveNation('cr_인구이동', { destCityId: 2, amount: 100 }))).toThrow('const.availableChiefCommand');
    expect(DEFAULT_GENERAL_COMMAND_LIST).toHaveLength(46);
    expect(DEFAULT_CHIEF_COMMAND_LIST).toHaveLength(23);
  });

  it('offers exactly the scenario’s lists, flattened from their categories', () => {
    const t = table(LISTS);
    const world = t.state.data;
    expect(world.env.commandLists).toEqual({ general: ['휴식', 'che_요양', 'cr_맹훈련', 'che_전투태세', 'cr_건국'], chief: ['휴식', 'cr_인구이동'] });
    t.play('p1', reserve('cr_맹훈련'));
    t.play('p1', reserveNation('cr_인구이동', { destCityId: 2, amount: 100 }));
    expect(world.generals.get(1)!.queue[0]).toEqual({ action: 'cr_맹훈련', arg: null });
    expect(() => t.play('p1', reserve('che_훈련'))).toThrow('che_훈련 (훈련) is not offered in this game');
    expect(() => t.play('p1', reserveNation('che_천도', { destCityId: 2 }))).toThrow('is not offered');
    // A command no list names (the AI's) is left as it was.
    expect(offersCommand(world, 'general', 'che_NPC능동')).toBe(true);
    // The lists are kept with the world.
    expect(readWorld(JSON.parse(JSON.stringify(writeWorld(world)))).env.commandLists).toEqual(world.env.commandLists);
  });

  it('keeps the other list at its default when a scenario sets one', () => {
    const t = table({ availableChiefCommand: LISTS.availableChiefCommand });
    expect(t.state.data.env.commandLists!.general).toEqual(DEFAULT_GENERAL_COMMAND_LIST);
    t.play('p1', reserve('che_훈련'));
    expect(() => t.play('p1', reserve('cr_맹훈련'))).toThrow('is not offered');
  });
});

describe('접경귀환 as the instant action (legacy InstantRetreat)', () => {
  it('is refused where the scenario does not set availableInstantAction.instantRetreat', () => {
    const t = table();
    t.state.data.generals.get(1)!.city = 3;
    expect(() => t.play('p1', { type: 'instantRetreat', generalId: 1 })).toThrow('접경귀환을 사용할 수 없는 시나리오입니다.');
  });

  it('takes the general home at once on its own stream, the LastTurn untouched', () => {
    const t = table({ availableInstantAction: { instantRetreat: true } });
    const world = t.state.data;
    expect(world.env.instantRetreat).toBe(true);
    expect(readWorld(JSON.parse(JSON.stringify(writeWorld(world)))).env.instantRetreat).toBe(true);
    expect(() => t.play('p1', { type: 'instantRetreat', generalId: 1 })).toThrow('아국입니다. 접경귀환 실패.');
    const g = world.generals.get(1)!;
    g.city = 3;
    const last = structuredClone(g.lastTurn);
    t.play('p1', { type: 'instantRetreat', generalId: 1 });
    expect(g.city).toBe(2);
    expect(g.lastTurn).toEqual(last);
    expect(world.logs.at(-1)).toMatchObject({ scope: 'general', subject: 1, text: '나로 접경귀환했습니다.' });
  });
});

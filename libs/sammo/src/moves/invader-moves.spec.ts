import {
  engine, endedChapter, GameLog, IllegalMove, nextChapter, stateHash, stateToArray, withOpening, type JsonObject, type TableDefinition,
} from '@chronicle/engine';
import { sammo } from '../game';
import { regionScenario } from '../testing/region-scenario';
import { SammoTable } from '../testing/table';
import { Diplo } from '../world/constants';
import { addTurn } from '../world/clock';
import { diplomacyKey } from '../world/queries';

const SEATS = ['p1', 'p2', 'p3'];
const SEED = '7c'.repeat(32);

/**
 * Region 5 of the che map (eight cities, 남만 the level-4 one, renumbered 8) held whole by one
 * nation: the first month's checkEmperior unifies it. Generals 1 (ruler), 2 (level 11) and 3
 * (level 1) are NPCs the seats possess; 4 and 5 stay NPCs, 4 a chief of level 10.
 */
function unifiedScenario(): JsonObject {
  const { scenario, map } = regionScenario([5]);
  const cities = (map.cities as JsonObject[]).map((c) => c.id as number);
  const general = (id: number, officerLevel: number) => ({
    id, name: `장수${id}`, list: 'general', nationId: 1, cityId: 1, officerLevel, leadership: 60 + id, strength: 50, intel: 40,
    birthYear: 160, deathYear: 260, npcType: 2, affinity: 10, personality: null, special: null, picture: null,
  });
  return {
    world: 'scenario', map,
    scenario: {
      ...scenario,
      nations: [{
        id: 1, name: '위', color: '#A9A9A9', capitalCityId: 1, gold: 10000, rice: 10000, tech: 1500, type: '법가', typeCode: 'che_법가', level: 5,
        infoText: '', cityIds: cities, cityNames: [],
      }],
      generals: [general(1, 12), general(2, 11), general(3, 1), general(4, 10), general(5, 1)],
      diplomacy: { pairs: [] },
    },
  } as unknown as JsonObject;
}

function unifiedTable(options: JsonObject = {}): SammoTable {
  const table = new SammoTable({ ...unifiedScenario(), ...options }, SEED, SEATS);
  SEATS.forEach((seat, i) => table.play(seat, { type: 'possess', generalId: i + 1 }));
  table.advanceMonths(1);
  return table;
}

/** The chapter after `table`'s, opened with its final state as a service opens it. */
function nextTable(table: SammoTable, seed: string): { log: GameLog; state: SammoTable['state'] } {
  const definition: TableDefinition = nextChapter(sammo, endedChapter(table.log), table.state);
  const log = GameLog.open({ ...definition, options: withOpening(definition.options!, stateToArray(sammo, table.state)), seed });
  return { log, state: engine.setup(sammo, log.header()) };
}

function play(t: { log: GameLog; state: SammoTable['state'] }, seat: string | null, payload: JsonObject): void {
  t.log.append(engine.step(sammo, t.log.header(), t.state, seat, payload).move);
}

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(IllegalMove);
    return (error as Error).message;
  }
  throw new Error('the move was accepted');
};

describe('the invader game after unification (table option invaders)', () => {
  it('is off by default: unification finishes the table and no offer is kept', () => {
    const table = unifiedTable();
    expect(table.state.data.env.isunited).toBe(2);
    expect(table.state.phase).toBe('finished');
    expect(table.state.outcome).toEqual({ winners: SEATS, result: '위 unified the land' });
    expect('invaders' in table.state.data.env).toBe(false);
  });

  it('with it on, offers the player chiefs from the ruler down and ends the table as a chapter', () => {
    const table = unifiedTable({ invaders: true });
    expect(table.state.data.env.invaders).toEqual({ offers: [1, 2] });
    expect(table.state.phase).toBe('chapter-end');
    expect(table.state.outcome).toEqual({ winners: SEATS, result: '위 unified the land', continues: true });
  });

  it('refuses an answer before unification, from another seat, for a chief not offered, or at a difficulty the legacy has not', () => {
    const early = new SammoTable({ ...unifiedScenario(), invaders: true }, SEED, SEATS);
    early.play('p1', { type: 'possess', generalId: 1 });
    expect(refusal(() => early.play('p1', { type: 'raiseInvaders', generalId: 1, difficulty: '보통' }))).toMatch(/천하통일이 되지 않았습니다/);
    const next = nextTable(unifiedTable({ invaders: true }), '1'.repeat(64));
    expect(refusal(() => play(next, 'p2', { type: 'raiseInvaders', generalId: 1, difficulty: '보통' }))).toMatch(/not played by p2/);
    expect(refusal(() => play(next, 'p3', { type: 'declineInvaders', generalId: 3 }))).toMatch(/has no open invader offer/);
    expect(refusal(() => play(next, 'p1', { type: 'raiseInvaders', generalId: 1, difficulty: 'hard' }))).toMatch(/어려움, 보통, 쉬움/);
    const off = unifiedTable();
    expect(refusal(() => sammo.check(off.state, 'p1', { type: 'declineInvaders', generalId: 1 }))).toMatch(/option "invaders" is off/);
  });

  it('keeps the frozen world in the next chapter until a chief answers; declining every offer finishes the table', () => {
    const next = nextTable(unifiedTable({ invaders: true }), '2'.repeat(64));
    const frozen = stateHash(sammo, next.state);
    const env = next.state.data.env;
    play(next, null, { type: 'advance', until: addTurn(env.turntime, env.turnterm, 3) });
    expect(next.state.phase).toBe('play');
    expect({ ...next.state, revision: 0 }).toEqual({ ...engine.setup(sammo, next.log.header()), revision: 0 });
    expect(stateHash(sammo, { ...next.state, revision: 0 })).toBe(frozen);
    play(next, 'p2', { type: 'declineInvaders', generalId: 2 });
    expect([next.state.phase, next.state.data.env.invaders]).toEqual(['play', { offers: [1] }]);
    expect(refusal(() => play(next, 'p2', { type: 'declineInvaders', generalId: 2 }))).toMatch(/has no open invader offer/);
    play(next, 'p1', { type: 'declineInvaders', generalId: 1 });
    expect(next.state.phase).toBe('finished');
    expect(next.state.outcome).toEqual({ winners: SEATS, result: '위 unified the land' });
  });

  it('raises the invaders at a difficulty: the world is at war again and plays on; the next chapter replays to the same state', () => {
    const next = nextTable(unifiedTable({ invaders: true }), '3'.repeat(64));
    play(next, 'p1', { type: 'raiseInvaders', generalId: 1, difficulty: '쉬움' });
    const world = next.state.data;
    expect(world.env.isunited).toBe(1);
    expect(world.env.invaders).toEqual({ offers: [] });
    const invader = world.nations.get(2)!;
    expect([invader.name, invader.capital, world.cities[8]!.nation]).toEqual(['ⓞ남만족', 8, 2]);
    expect(world.diplomacy.get(diplomacyKey(1, 2))).toMatchObject({ state: Diplo.declared, term: 24 });
    const invaders = [...world.generals.values()].filter((g) => g.nation === 2);
    expect(invaders.every((g) => g.npc === 9)).toBe(true);
    expect(invaders.filter((g) => g.officerLevel === 12)).toHaveLength(1);
    expect(world.events?.map((e) => e.actions)).toEqual([[['AutoDeleteInvader', 2]], ['InvaderEnding']]);
    const turns = world.env.generalTurns;
    for (let i = 0; i < 3; i++) play(next, null, { type: 'advance', until: addTurn(world.env.turntime, world.env.turnterm) });
    expect(world.env.generalTurns).toBeGreaterThan(turns + invaders.length);
    expect(next.state.phase).toBe('play');
    expect(stateHash(sammo, engine.verify(sammo, next.log, next.log.commitment()))).toBe(stateHash(sammo, next.state));
  });

  it('finishes when InvaderEnding sees the land held by its own nation again', () => {
    const next = nextTable(unifiedTable({ invaders: true }), '4'.repeat(64));
    play(next, 'p1', { type: 'raiseInvaders', generalId: 1, difficulty: '쉬움' });
    const world = next.state.data;
    // The invaders beaten: their nation gone, its city taken back.
    world.nations.delete(2);
    for (const g of world.generals.values()) if (g.nation === 2) world.generals.delete(g.id);
    for (const key of [...world.diplomacy.keys()]) if (key.split(':').includes('2')) world.diplomacy.delete(key);
    world.cities[8]!.nation = 1;
    play(next, null, { type: 'advance', until: addTurn(world.env.turntime, world.env.turnterm) });
    expect(world.env.isunited).toBe(3);
    expect(next.state.phase).toBe('finished');
    expect(next.state.outcome).toEqual({ winners: SEATS, result: '위 drove the invaders out and holds the land' });
    expect(world.history.slice(-2).map((h) => h.text)).toEqual(['【이벤트】 이민족을 모두 소탕했습니다!', '【이벤트】 중원은 당분간 태평성대를 누릴 것입니다.']);
  });
});

import { nationHolder } from '../../turn/general-turn';
import { streamFromSeed } from '../../rng/streams';
import { SammoTable } from '../../testing/table';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../../testing/small-world';
import { updateNationLevel } from '../../monthly/nation-level';
import { processCommand, type CommandHolder } from '../../turn/process-command';
import { NATION_COLORS } from '../../world/constants';
import { phpStrWidth } from '../../world/php-math';
import { readWorld, writeWorld } from '../../state/serialize';
import type { General, World } from '../../world/types';
import type { AnyCommand, CommandContext } from '../command';
import { firstFailure } from '../feasible';
import { changeFlag } from './change-flag';
import { expandCapital } from './expand-capital';
import { moveCapital } from './move-capital';
import { reduceCapital } from './reduce-capital';
import { renameNation } from './rename-nation';

function ctxOf(world: World, general: General): CommandContext {
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, 'nationCommand', general.id),
  };
}

function holderOf(world: World, general: General): CommandHolder {
  return nationHolder(world.nations.get(general.nation)!, general.officerLevel);
}

const turn = (world: World, general: General, command: AnyCommand, arg: unknown) =>
  processCommand(ctxOf(world, general), holderOf(world, general), command, arg as never).result;

function rich(): { world: World; ruler: General; chief: General } {
  const world = smallWorld();
  const ruler = addGeneral(world, { id: 1, officerLevel: 12 });
  const chief = addGeneral(world, { id: 2, officerLevel: 11 });
  Object.assign(world.nations.get(1)!, { gold: 1_000_000, rice: 1_000_000 });
  return { world, ruler, chief };
}

describe('감축 (legacy che_감축) and the capital commands’ capset', () => {
  it('takes back a level 증축 gave: maxima and stats down, develcost × 500 + 30000 back to the treasury, after 5 turns', () => {
    const { world, ruler } = rich();
    const city = world.cities[1]!;
    const nation = world.nations.get(1)!;
    // The map's level (5) is the floor: nothing to take back yet.
    expect(firstFailure(ctxOf(world, ruler), reduceCapital, null)).toBe('더이상 감축할 수 없습니다.');
    expandCapital.run(ctxOf(world, ruler), null);
    expect(city).toMatchObject({ level: 6, expanded: 1, popMax: 500000, agriMax: 12000, defMax: 10000 });
    expect(nation.capset).toBe(1);
    Object.assign(city, { pop: 150000, agri: 1500, def: 9000 });
    const before = { gold: nation.gold, rice: nation.rice, exp: ruler.experience };
    expect([1, 2, 3, 4, 5, 6].map(() => turn(world, ruler, reduceCapital, null))).toEqual(['stacking', 'stacking', 'stacking', 'stacking', 'stacking', 'ran']);
    // develcost 20 (the default) × 500 + 60000 / 2.
    const refund = world.env.develcost * 500 + 30000;
    expect(nation.gold - before.gold).toBe(refund);
    expect(nation.rice - before.rice).toBe(refund);
    expect(city).toMatchObject({ level: 5, popMax: 400000, agriMax: 10000, defMax: 8000, pop: 50000, agri: 0, def: 7000 });
    expect(city.expanded).toBeUndefined();
    expect(nation.capset).toBe(2);
    expect(ruler.experience - before.exp).toBe(30);
    expect(firstFailure(ctxOf(world, ruler), reduceCapital, null)).toBe('더이상 감축할 수 없습니다.');
  });

  it('people never fall below 30000 and a level-4 capital is never reduced', () => {
    const { world, ruler } = rich();
    const city = world.cities[1]!;
    expandCapital.run(ctxOf(world, ruler), null);
    city.pop = 50000;
    reduceCapital.run(ctxOf(world, ruler), null);
    expect(city.pop).toBe(30000);
    Object.assign(city, { level: 4, expanded: 1 });
    expect(firstFailure(ctxOf(world, ruler), reduceCapital, null)).toBe('더이상 감축할 수 없습니다.');
  });

  it('a capital move landing during a stack restarts it (legacy LastTurn seq < capset)', () => {
    const { world, ruler, chief } = rich();
    expect([1, 2, 3].map(() => turn(world, ruler, expandCapital, null))).toEqual(['stacking', 'stacking', 'stacking']);
    expect(world.nations.get(1)!.lastTurn[12]).toEqual({ command: '증축', arg: null, term: 3, seq: 0 });
    // The other chief moves the capital to 나 (2 turns of preparation for one step).
    expect([1, 2, 3].map(() => turn(world, chief, moveCapital, { destCityId: 2 }))).toEqual(['stacking', 'stacking', 'ran']);
    expect(world.nations.get(1)!).toMatchObject({ capital: 2, capset: 1 });
    expect(turn(world, ruler, expandCapital, null)).toBe('stacking');
    expect(world.nations.get(1)!.lastTurn[12]).toEqual({ command: '증축', arg: null, term: 1, seq: 1 });
  });

  it('the world keeps capset, the nation flags and a city’s added levels through a save', () => {
    const { world, ruler } = rich();
    expandCapital.run(ctxOf(world, ruler), null);
    world.nations.get(1)!.aux = { can_국기변경: 1 };
    const back = readWorld(writeWorld(world));
    expect(back.nations.get(1)).toMatchObject({ capset: 1, aux: { can_국기변경: 1 } });
    expect(back.cities[1]!.expanded).toBe(1);
    expect(back.cities[2]!.expanded).toBeUndefined();
  });
});

describe('국기변경 and 국호변경 (legacy che_국기변경, che_국호변경)', () => {
  it('a scenario nation may change its flag once; an empire its name too; reaching 황제 grants both again', () => {
    const nations = [...new SammoTable({ world: 'sample' }, TEST_SEED).state.data.nations.values()];
    expect(nations.every((n) => n.aux.can_국기변경 === 1)).toBe(true);
    expect(nations.filter((n) => n.aux.can_국호변경 === 1).map((n) => n.level)).toEqual(nations.filter((n) => n.level === 7).map(() => 7));

    const { world, ruler } = rich();
    const nation = world.nations.get(1)!;
    expect(firstFailure(ctxOf(world, ruler), changeFlag, { colorType: 3 })).toBe('더이상 변경이 불가능합니다.');
    nation.aux = { can_국기변경: 1 };
    expect(turn(world, ruler, changeFlag, { colorType: 3 })).toBe('ran');
    expect(nation).toMatchObject({ color: NATION_COLORS[3], aux: { can_국기변경: 0 } });
    expect(ruler).toMatchObject({ experience: 5, dedication: 5 });
    expect(firstFailure(ctxOf(world, ruler), changeFlag, { colorType: 4 })).toBe('더이상 변경이 불가능합니다.');
    expect(() => changeFlag.readArg({ colorType: NATION_COLORS.length }, world)).toThrow(/colorType/);

    // 21 cities of level ≥ 4 make an empire.
    for (let id = 4; id <= 24; id++) world.cities[id] = { ...world.cities[1]!, id, neighbours: [] };
    updateNationLevel(world, seededStreams());
    expect(nation.aux).toEqual({ can_국기변경: 1, can_국호변경: 1 });
  });

  it('renames once, to a name no nation holds, at most 18 columns (a Hangul syllable is 2)', () => {
    const { world, ruler } = rich();
    const nation = world.nations.get(1)!;
    nation.aux = { can_국호변경: 1 };
    expect(phpStrWidth('가나다abc')).toBe(9);
    expect(renameNation.readArg({ nationName: '가나다라마바사아자' }, world)).toEqual({ nationName: '가나다라마바사아자' });
    expect(() => renameNation.readArg({ nationName: '가나다라마바사아자차' }, world)).toThrow(/18 columns/);
    expect(() => renameNation.readArg({ nationName: '' }, world)).toThrow(/18 columns/);
    // Another nation's name: the run fails (not done, the flag kept).
    expect(turn(world, ruler, renameNation, { nationName: '오' })).toBe('failed');
    expect(world.logs.at(-1)!.text).toBe('이미 같은 국호를 가진 곳이 있습니다. 국호변경 실패');
    expect(nation.aux.can_국호변경).toBe(1);
    expect(turn(world, ruler, renameNation, { nationName: '진' })).toBe('ran');
    expect(nation).toMatchObject({ name: '진', aux: { can_국호변경: 0 } });
    expect(world.history.at(-1)!.text).toBe('【국호변경】 위가 국호를 진으로 변경합니다.');
    expect(firstFailure(ctxOf(world, ruler), renameNation, { nationName: '한' })).toBe('더이상 변경이 불가능합니다.');
  });
});

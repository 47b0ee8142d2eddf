import {
  engine, hashJson, IllegalMove, InvalidGame, Snapshot, stateHash, stateToArray, stateFromArray, type GameState, type LoggedMove,
} from '@chronicle/engine';
import fc from 'fast-check';
import { sammo } from './game';
import { SammoTable } from './testing/table';
import { nextDueTime } from './turn/next-due';
import { GameConst } from './world/constants';
import type { World } from './world/types';
import { untaggedWorld } from './testing/untagged';

const SEED_A = '0f'.repeat(32);
const SEED_B = 'f0'.repeat(32);
const MINUTE = 60_000;

/** The hash of what the moves made: the world and the turn, not how many moves it took. */
/** The state's hash but for which move wrote each line (see `untaggedWorld`). */
function worldHash(state: GameState<World>): string {
  return hashJson({ turn: state.turn, phase: state.phase, data: untaggedWorld(state.data) });
}

function invariants(world: World): void {
  const cityCount = world.cities.length - 1;
  for (const g of world.generals.values()) {
    expect(g.city >= 1 && g.city <= cityCount).toBe(true);
    expect(g.nation === 0 || world.nations.has(g.nation)).toBe(true);
    expect(g.queue).toHaveLength(GameConst.maxTurn);
    for (const v of [g.gold, g.rice, g.crew, g.injury, g.experience, g.dedication]) expect(v).toBeGreaterThanOrEqual(0);
    for (const v of [g.leadership, g.strength, g.intel]) expect(v >= 0 && v <= GameConst.maxLevel).toBe(true);
    expect(g.train <= 110 && g.atmos <= 150 && g.injury <= 80).toBe(true);
  }
  for (const n of world.nations.values()) {
    expect(n.gold).toBeGreaterThanOrEqual(0);
    expect(n.rice).toBeGreaterThanOrEqual(0);
    for (const q of Object.values(n.chiefQueues)) expect(q).toHaveLength(GameConst.maxChiefTurn);
  }
  for (const c of world.cities.slice(1)) {
    for (const key of ['pop', 'agri', 'comm', 'secu', 'def', 'wall'] as const) {
      expect(c[key]).toBeGreaterThanOrEqual(0);
      // Every rule that raises a city value caps it at its maximum (§5.1 clamp, §6.5 growth, §6.7
      // booms) — but 소집해제, which sends soldiers home uncapped, as legacy does.
      if (key !== 'pop') expect(c[key]).toBeLessThanOrEqual(c[`${key}Max`]);
    }
    expect(c.trust >= 0 && c.trust <= 100).toBe(true);
  }
}

describe('the strategy game on the engine', () => {
  it('is deterministic over 10 years of a 1,200-general world, and the seed matters', () => {
    const options = { world: 'synthetic', generals: 1200, cities: 94, nations: 12 };
    const a = new SammoTable(options, SEED_A);
    const b = new SammoTable(options, SEED_A);
    const c = new SammoTable(options, SEED_B);
    for (const t of [a, b, c]) t.advanceMonths(120);
    expect(a.state.data.env.year).toBe(200);
    expect(a.state.data.env.generalTurns).toBeGreaterThan(100_000);
    expect(stateHash(sammo, a.state)).toBe(stateHash(sammo, b.state));
    expect(stateHash(sammo, c.state)).not.toBe(stateHash(sammo, a.state));
    // The log replays to the same state, and verifies against the commitment.
    const replayed = engine.verify(sammo, a.log, a.log.commitment());
    expect(stateHash(sammo, replayed)).toBe(stateHash(sammo, a.state));
    invariants(a.state.data);
  });

  it('runs NPC-only play on the sample scenario for 50 years or until unification, its invariants held', () => {
    const table = new SammoTable({ world: 'sample' }, SEED_A);
    const env = table.state.data.env;
    for (let year = 0; year < 50 && env.isunited === 0; year++) {
      for (let month = 0; month < 12 && env.isunited === 0; month++) table.advanceMonths(1);
      invariants(table.state.data);
    }
    expect(env.isunited === 2 || env.year === 237).toBe(true);
  });

  it('gives the same state however an advance is split, budgets included', () => {
    const options = { world: 'synthetic', generals: 60, cities: 20, nations: 3, turnterm: 10 };
    const single = new SammoTable(options, SEED_A);
    const start = single.state.data.env.turntime;
    // Three month boundaries: within the catch-up window of a 10-minute term (3 turns).
    const end = start + 39 * MINUTE;
    single.play(null, { type: 'advance', until: end });
    expect(single.state.data.env).toMatchObject({ year: 190, month: 4, starttime: start });
    expect(single.state.data.env.generalTurns).toBeGreaterThanOrEqual(180);
    const expected = worldHash(single.state);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 38 }), { maxLength: 6 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 80 }), { nil: undefined }), { minLength: 7, maxLength: 7 }),
        (cuts, budgets) => {
          const table = new SammoTable(options, SEED_A);
          const points = [...cuts].sort((x, y) => x - y).map((m) => start + m * MINUTE);
          points.push(end);
          points.forEach((until, i) => {
            const budget = budgets[i];
            table.play(null, budget === undefined ? { type: 'advance', until } : { type: 'advance', until, budget });
          });
          table.play(null, { type: 'advance', until: end });
          expect(worldHash(table.state)).toBe(expected);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('says when it next has work, and does nothing before that', () => {
    const table = new SammoTable({ world: 'synthetic', generals: 20, cities: 10, nations: 2, turnterm: 60 }, SEED_A);
    const world = table.state.data;
    const due = nextDueTime(world)!;
    expect(due).toBe(Math.min(...[...world.generals.values()].map((g) => g.turntime)));
    table.play(null, { type: 'advance', until: due });
    expect(world.env.generalTurns).toBe(0);
    table.play(null, { type: 'advance', until: due + 1 });
    expect(world.env.generalTurns).toBe(1);
    expect(nextDueTime(world)).toBeGreaterThan(due);
  });

  it('skips the months an advance comes too late for', () => {
    const table = new SammoTable({ world: 'synthetic', generals: 20, cities: 10, nations: 2, turnterm: 60 }, SEED_A);
    const start = table.state.data.env.turntime;
    table.play(null, { type: 'advance', until: start + 10 * 60 * MINUTE + 5 * MINUTE });
    const env = table.state.data.env;
    expect(env).toMatchObject({ year: 190, month: 1 });
    expect(env.starttime).toBe(start + 10 * 60 * MINUTE);
    // Only the generals due in the first five minutes of the shifted month have played.
    expect(env.generalTurns).toBeLessThan(20);
  });

  it('continues from a restored snapshot exactly as the live state does', () => {
    const options = { world: 'sample' };
    const live = new SammoTable(options, SEED_B);
    live.advanceMonths(14);
    const snapshot = Snapshot.of(sammo, live.state, live.log.commitment()).toArray();
    const restored = Snapshot.fromArray(JSON.parse(JSON.stringify(snapshot)), { tableId: live.log.tableId, commitment: live.log.commitment(), maxRevision: live.log.revision }).restore(sammo);
    const moves: LoggedMove[] = [];
    let until = live.state.data.env.turntime;
    for (let i = 0; i < 14; i++) {
      until += 60 * MINUTE;
      const step = engine.step(sammo, live.log.header(), live.state, null, { type: 'advance', until });
      live.log.append(step.move);
      moves.push(step.move);
    }
    engine.advance(sammo, live.log.header(), restored, moves);
    expect(stateHash(sammo, restored)).toBe(stateHash(sammo, live.state));
  });

  it('round-trips its data and refuses data out of shape', () => {
    const table = new SammoTable({ world: 'synthetic', generals: 30, cities: 10, nations: 2 }, SEED_A);
    table.advanceMonths(3);
    const plain = stateToArray(sammo, table.state);
    const back = stateFromArray(sammo, JSON.parse(JSON.stringify(plain)));
    expect(stateHash(sammo, back)).toBe(stateHash(sammo, table.state));

    const broken = JSON.parse(JSON.stringify(plain));
    broken.data.generals[0].queue.pop();
    expect(() => stateFromArray(sammo, broken)).toThrow(new InvalidGame('data.generals[0].queue must hold 30 slots, got 29'));
    const lost = JSON.parse(JSON.stringify(plain));
    lost.data.generals[0].city = 999;
    expect(() => stateFromArray(sammo, lost)).toThrow(InvalidGame);
    const typo = JSON.parse(JSON.stringify(plain));
    typo.data.env.month = '3';
    expect(() => stateFromArray(sammo, typo)).toThrow(/data\.env\.month must be an integer/);
    const seat = JSON.parse(JSON.stringify(plain));
    seat.data.nations[0].lastTurn = { x: { command: '휴식', arg: null, term: 0 } };
    expect(() => stateFromArray(sammo, seat)).toThrow(/lastTurn has an entry for level x/);
  });
});

describe('player moves', () => {
  const options = { world: 'synthetic', generals: 40, cities: 10, nations: 2 };

  it('reserves commands into slots with checked arguments', () => {
    const table = new SammoTable(options, SEED_A, ['user-4']);
    const g = table.state.data.generals.get(4)!;
    table.play('user-4', { type: 'reserve', generalId: 4, command: 'farm', slots: [0, 2] });
    expect(g.queue[0]).toEqual({ action: 'che_농지개간', arg: null });
    expect(g.queue[2]!.action).toBe('che_농지개간');
    table.play('user-4', { type: 'reserve', generalId: 4, command: 'che_징병', arg: { crewType: 1100, amount: 1000 }, slots: [1] });
    expect(g.queue[1]!.arg).toEqual({ crewType: 1100, amount: 1000 });

    const refuse = (seat: string | null, payload: object, message: RegExp) =>
      expect(() => engine.step(sammo, table.log.header(), table.state, seat, payload as never)).toThrow(message);
    refuse('user-4', { type: 'reserve', generalId: 4, command: 'conscript', arg: { crewType: 42, amount: 1000 }, slots: [0] }, /unknown crew type 42/);
    refuse('user-4', { type: 'reserve', generalId: 4, command: 'farm', slots: [30] }, /slots must be queue slots from 0 to 29/);
    refuse('user-4', { type: 'reserve', generalId: 8, command: 'farm', slots: [0] }, /not played by user-4/);
    refuse('user-4', { type: 'reserve', generalId: 4, command: 'fly', slots: [0] }, /unknown general command "fly"/);
    refuse('user-4', { type: 'advance', until: 0 }, /only the table/);
    refuse('user-9', { type: 'reserve', generalId: 4, command: 'farm', slots: [0] }, /seat user-9 is not at table .*: join first/);
    expect(() => engine.step(sammo, table.log.header(), table.state, 'user-4', { type: 'reserveNation', generalId: 4, command: 'grant', slots: [0] })).toThrow(IllegalMove);
  });

  it('seats a player who joins a world in play by creating or possessing a general, and only so', () => {
    const table = new SammoTable(options, SEED_A, ['alice']);
    const refuse = (seat: string, payload: object, message: RegExp) =>
      expect(() => engine.step(sammo, table.log.header(), table.state, seat, payload as never)).toThrow(message);
    refuse('carol', { type: 'autorun', generalId: 1, months: 1 }, /seat carol is not at table/);
    table.play('carol', { type: 'createGeneral', name: '마초', leadership: 50, strength: 70, intel: 30 });
    table.play('dave', { type: 'possess', generalId: 1 });
    expect(table.state.order.seats).toEqual(['alice', 'carol', 'dave']);
    const carol = [...table.state.data.generals.values()].find((g) => g.owner === 'carol')!;
    table.play('carol', { type: 'reserve', generalId: carol.id, command: 'farm', slots: [0] });
    // Without a generalId a move is the seat's own general's.
    table.play('carol', { type: 'reserve', command: 'che_훈련', slots: [1] });
    expect(carol.queue[1]!.action).toBe('che_훈련');
    refuse('erin', { type: 'reserve', command: 'farm', slots: [0] }, /not at table/);
    refuse('carol', { type: 'possess', generalId: 2 }, /^이미 등록하셨습니다!/);
    refuse('erin', { type: 'createGeneral', name: '마초', leadership: 50, strength: 50, intel: 50 }, /^이미 있는 장수입니다/);
    refuse('erin', { type: 'createGeneral', name: '방덕', leadership: 60, strength: 60, intel: 50 }, /^능력치가 165을 넘어섰습니다/);
    expect(table.state.order.seats).not.toContain('erin');
    // The log replays to the same seats (they are the moves'), so a chapter opened from this state carries them.
    const replayed = engine.replay(sammo, table.log);
    expect(replayed.order.seats).toEqual(['alice', 'carol', 'dave']);
  });

  it('creates a general, possesses an NPC, and sets autorun', () => {
    const table = new SammoTable(options, SEED_A, ['alice', 'bob']);
    const world = table.state.data;
    table.play('alice', { type: 'createGeneral', name: '조운', leadership: 60, strength: 60, intel: 30 });
    const alice = [...world.generals.values()].find((g) => g.owner === 'alice')!;
    expect(alice).toMatchObject({ name: '조운', npc: 0, nation: 0, id: 41 });
    expect(() => engine.step(sammo, table.log.header(), table.state, 'alice', { type: 'createGeneral', name: 'x', leadership: 50, strength: 50, intel: 50 })).toThrow(/already plays/);
    table.play('bob', { type: 'possess', generalId: 1 });
    expect(world.generals.get(1)).toMatchObject({ npc: 1, owner: 'bob', npcOrg: 2 });
    table.play('bob', { type: 'autorun', generalId: 1, months: 6 });
    expect(world.generals.get(1)!.aux.autorunLimit).toBe(190 * 12 + 6);
    table.play('bob', { type: 'autorun', generalId: 1, months: 0 });
    expect(world.generals.get(1)!.aux.autorunLimit).toBeUndefined();
  });

  it('lets a ruler reserve nation commands', () => {
    const table = new SammoTable(options, SEED_A, ['user-4']);
    const world = table.state.data;
    const ruler = [...world.generals.values()].find((g) => g.officerLevel === 12)!;
    ruler.owner = 'user-4';
    const member = [...world.generals.values()].find((g) => g.nation === ruler.nation && g.id !== ruler.id)!;
    table.play('user-4', { type: 'reserveNation', generalId: ruler.id, command: 'grant', arg: { isGold: true, amount: 500, destGeneralId: member.id }, slots: [0] });
    expect(world.nations.get(ruler.nation)!.chiefQueues[12]![0]!.action).toBe('che_포상');
  });
});

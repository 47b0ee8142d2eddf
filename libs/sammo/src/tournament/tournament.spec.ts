import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, TEST_SEED } from '../testing/small-world';
import { advanceWorld } from '../turn/advance';
import { newRun } from '../state/turn-run';
import { writeWorld } from '../state/serialize';
import type { World } from '../world/types';
import { withJosa } from '../world/josa';
import { payBets, placeBet, whyNotBet } from './betting';
import { joinTournament, setAutoEntry, whyNotJoin } from './entry';
import { fight, levelRatio, type FightDice } from './fight';
import { tournamentKind } from '../world/tournament-kinds';
import { openTournament, triggerTournament } from './open';
import { nextTournamentStep, runTournamentUntil } from './process';
import { Stage } from './state';
import { tournamentWorld } from '../testing/market-worlds';

const MINUTE = 60_000;

/** Every draw at its lowest: `rand() % n` 0, ranges their minimum, the first item. */
const lowest: FightDice = { below: () => 0, rangeInt: (a) => a, pick: (items) => items[0]! };


describe('the fight (legacy fight)', () => {
  it('weighs a level gap as the legacy getLog: 1.1 for 10 levels, 1.2 for 100', () => {
    expect(levelRatio(20, 10)).toBeCloseTo(1 + Math.log10(11) / 10, 12);
    expect(levelRatio(10, 20)).toBeCloseTo(1 - Math.log10(11) / 10, 12);
    expect(levelRatio(110, 10)).toBeCloseTo(1.2004, 4);
  });

  it('ends at the first exchange when a side 10% stronger rolls its fatality', () => {
    const kind = tournamentKind(2);
    const strong = { name: '여포', leadership: 50, strength: 90, intel: 30, lvl: 10 };
    const weak = { name: '장비', leadership: 50, strength: 50, intel: 30, lvl: 10 };
    // Energies 900 / 500; 일격 필살 zeroes the strong side's damage and deals the whole 500.
    expect(fight(kind, strong, weak, 'league', lowest)).toEqual({
      result: 0,
      taken: [0, 500],
      lines: ['● 여포 (900) vs (500) 장비', '● 여포의 일격 필살!', '● 01合 : 900(-000) vs (-500)000', '● 여포 승리!'],
    });
  });

  it('draws every roll whatever its other conditions, as the legacy does: 7 in the first exchange, 8 after', () => {
    const draws: number[] = [];
    const counting: FightDice = { below: (n) => (draws.push(n), n - 1), rangeInt: (a) => a, pick: (items) => items[0]! };
    const side = { name: '갑', leadership: 50, strength: 50, intel: 50, lvl: 0 };
    // Rolls at their highest: no bonus, rage, fatality or skill; 10 exchanges of round(50 × 110 / 130) = 42.
    expect(fight(tournamentKind(1), side, { ...side, name: '을' }, 'league', counting).result).toBe(2);
    expect(draws.slice(0, 7)).toEqual([21, 21, 100, 100, 300, 300, 400]);
    expect(draws.slice(7, 15)).toEqual([21, 21, 100, 100, 300, 300, 1000, 1000]);
    expect(draws).toHaveLength(7 + 9 * 8);
  });

  it('draws a league game when both sides fall in the same exchange; 전력전 fights with the sum × 7 / 15 to four places', () => {
    const kind = tournamentKind(0);
    const a = { name: '갑', leadership: 70, strength: 70, intel: 71, lvl: 0 };
    expect(kind.stat(a)).toBe(98.4667);
    // Energy round(984.667) = 985. A side deals round(98.4667 × 90 / 130) + round(98.4667 × 10 / 130) = 68 + 8 = 76,
    // from the second exchange × 1.5 = 114 (a skill at every roll of 0): 985 − 76 − 7 × 114 = 111 left, both fall
    // in the ninth, and the overkill of 3 is given back to each side.
    const outcome = fight(kind, a, { ...a, name: '을' }, 'league', lowest);
    expect(outcome.result).toBe(2);
    expect(outcome.taken).toEqual([985, 985]);
    expect(outcome.lines.slice(-4)).toEqual(['● 갑의 참격!', '● 을의 참격!', '● 09合 : 000(-111) vs (-111)000', '● 무승부!']);
  });
});

describe('opening (triggerTournament, startTournament)', () => {
  it('draws one 0.4 from the monthly stream and opens on it, in the cycle of kinds', () => {
    const outcomes = new Set<boolean>();
    for (let month = 1; month <= 12; month++) {
      const world = tournamentWorld(2);
      const expected = streamFromSeed(TEST_SEED, 'monthly', month).nextBool(0.4);
      const monthly = streamFromSeed(TEST_SEED, 'monthly', month);
      triggerTournament(world, monthly, seededStreams(), world.env.turntime);
      // The draw consumed is exactly the one nextBool(0.4), opening or not.
      const probe = streamFromSeed(TEST_SEED, 'monthly', month);
      probe.nextBool(0.4);
      expect(monthly.nextFloat1()).toBe(probe.nextFloat1());
      expect(world.tournament!.stage).toBe(expected ? Stage.recruiting : Stage.none);
      outcomes.add(expected);
    }
    expect(outcomes).toEqual(new Set([true, false]));
  });

  it('opens nothing without the admin option and draws nothing', () => {
    const world = tournamentWorld(2);
    world.tournament!.autoOpen = false;
    const monthly = streamFromSeed(TEST_SEED, 'monthly');
    triggerTournament(world, monthly, seededStreams(), 0);
    expect(monthly.nextFloat1()).toBe(streamFromSeed(TEST_SEED, 'monthly').nextFloat1());
    expect(world.tournament!.stage).toBe(Stage.none);
  });

  it('plays 전력전 twice and each other kind once in five openings, recruiting for the step length in minutes', () => {
    const world = tournamentWorld(2);
    const kinds: number[] = [];
    for (let i = 0; i < 5; i++) {
      openTournament(world, seededStreams(), 1_000_000);
      kinds.push(world.tournament!.kind);
    }
    expect(kinds.sort()).toEqual([0, 0, 1, 2, 3]);
    expect(world.tournament!.nextStep).toBe(1_000_000 + 60 * MINUTE);
    expect(world.history.at(-1)!.text).toMatch(/^【대회】(전력전|통솔전|일기토|설전) 대회가 개최됩니다! 천하의 (영웅|명사|용사|책사)들을 모집하고 있습니다!$/);
  });
});

describe('entries', () => {
  it('takes a fee and a seat while recruiting, and refuses with what to do otherwise', () => {
    const world = tournamentWorld(3);
    const general = world.generals.get(1)!;
    expect(whyNotJoin(world, general)).toMatch(/no tournament is recruiting/);
    openTournament(world, seededStreams(), world.env.turntime);
    expect(whyNotJoin(world, general)).toBeNull();
    joinTournament(world, general, seededStreams());
    expect(general.gold).toBe(5000 - world.env.develcost);
    expect(world.tournament!.entries).toEqual([expect.objectContaining({ generalId: 1, grpNo: 0, lvl: general.explevel, strength: general.strength })]);
    expect(whyNotJoin(world, general)).toBe('장수1 has already entered this tournament');
    const poor = world.generals.get(2)!;
    poor.gold = world.env.develcost - 1;
    expect(whyNotJoin(world, poor)).toBe(`장수2 has ${poor.gold} gold; the entry fee is ${world.env.develcost}`);
  });

  it('fills the empty seats with automatic entrants, emptiest group first, then 무명장수', () => {
    const world = tournamentWorld(12);
    setAutoEntry(world.tournament!, 5, false);
    openTournament(world, seededStreams(), world.env.turntime);
    joinTournament(world, world.generals.get(5)!, seededStreams());
    runTournamentUntil(world, seededStreams(), world.tournament!.nextStep);
    const entries = world.tournament!.entries;
    expect(entries).toHaveLength(64);
    expect(new Set(entries.filter((e) => e.generalId > 0).map((e) => e.generalId)).size).toBe(12);
    expect(entries.filter((e) => e.generalId === 0)).toHaveLength(52);
    for (let grp = 0; grp < 8; grp++) expect(entries.filter((e) => e.grp === grp).map((e) => e.grpNo).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Eleven drawn entrants, one a group from the emptiest: groups hold 1 or 2 generals.
    const perGroup = [0, 1, 2, 3, 4, 5, 6, 7].map((grp) => entries.filter((e) => e.grp === grp && e.generalId > 0).length);
    expect(perGroup.sort()).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });
});

describe('a whole tournament', () => {
  /** Four hours, an advance every `splitEvery` (a month at most: a later advance would skip months as delayed). */
  function runWhole(splitEvery = 60 * MINUTE): World {
    const world = tournamentWorld(80);
    for (let id = 81; id <= 84; id++) addGeneral(world, { id, npc: 2, nation: 2, city: 3 }).gold = 3000;
    const start = world.env.turntime;
    openTournament(world, seededStreams(), start);
    const end = start + 4 * 60 * MINUTE;
    for (let until = start + splitEvery; until < end + splitEvery; until += splitEvery) advanceWorld(newRun(world, seededStreams()), Math.min(until, end));
    return world;
  }

  it('runs the stages on their clock: recruiting an hour, a step a minute, betting an hour, 202 minutes in all', () => {
    const world = tournamentWorld(70);
    const start = world.env.turntime;
    openTournament(world, seededStreams(), start);
    const stageAt = (minutes: number) => {
      runTournamentUntil(world, seededStreams(), start + minutes * MINUTE);
      return [world.tournament!.stage, world.tournament!.phase];
    };
    expect(stageAt(59)).toEqual([Stage.recruiting, 0]);
    expect(stageAt(60)).toEqual([Stage.qualifiers, 0]);
    expect(stageAt(116)).toEqual([Stage.draw, 0]);
    expect(stageAt(120)).toEqual([Stage.finalsGroups, 0]);
    expect(stageAt(127)).toEqual([Stage.betting, 0]);
    expect(nextTournamentStep(world)).toBe(start + 187 * MINUTE);
    expect(stageAt(187)).toEqual([Stage.roundOf16, 0]);
    expect(stageAt(201)).toEqual([Stage.final, 0]);
    expect(stageAt(202)).toEqual([Stage.none, 0]);
    expect(nextTournamentStep(world)).toBe(Infinity);
  });

  it('seats 64, 32, 16, 8, 4, 2 and 1 and pays the rounds reached, with the hall-of-fame records', () => {
    const world = runWhole();
    const t = world.tournament!;
    const sizes = [[0, 8], [10, 18], [20, 30], [30, 40], [40, 50], [50, 60], [60, 61]].map(([a, b]) => t.entries.filter((e) => e.grp >= a! && e.grp < b!).length);
    expect(sizes).toEqual([64, 32, 16, 8, 4, 2, 1]);
    for (const e of t.entries) {
      if (e.grp < 10) expect(e.win + e.draw + e.lose).toBe(14);
      else if (e.grp < 20) expect(e.win + e.draw + e.lose).toBe(3);
      else if (e.grp < 60) expect(e.win + e.lose).toBe(1);
    }
    const winner = t.entries.find((e) => e.grp === 60)!;
    const prefix = tournamentKind(t.kind).rankPrefix;
    expect(t.records[winner.generalId]![prefix + 'p']).toBe(1);
    // Games recorded = games played: 8 groups × 56 + 8 × 6 + 15 knockout games, two sides each (dummies aside).
    const games = (id: number) => ['w', 'd', 'l'].reduce((sum, k) => sum + (t.records[id]?.[prefix + k] ?? 0), 0);
    const played = (id: number) => t.entries.filter((e) => e.generalId === id).reduce((sum, e) => sum + e.win + e.draw + e.lose, 0);
    for (const id of new Set(t.entries.map((e) => e.generalId).filter((id) => id > 0))) expect(games(id)).toBe(played(id));
    const runnerUp = t.entries.find((e) => e.grp === 50 && e.lose > 0)!;
    expect(world.history.map((h) => h.text)).toContain(
      `【대회】${tournamentKind(t.kind).name} 대회에서 ${withJosa(winner.name, '이')} 우승, ${withJosa(runnerUp.name, '이')} 준우승을 차지하여 천하에 이름을 떨칩니다!`,
    );
    // The winner is paid 1 + 2 + 3 + 6 + 8 times develcost.
    expect(world.logs.find((l) => l.subject === winner.generalId && l.text.includes('대회의 우승으로'))!.text).toContain(`${(20 * world.env.develcost).toLocaleString('en-US')}의 상금`);
  });

  it('comes out the same however the advances are split', () => {
    const whole = runWhole();
    expect(whole.tournament!.opened).toBe(1);
    expect(writeWorld(runWhole(7 * MINUTE))).toEqual(writeWorld(whole));
  });

  it('draws only from the tournament streams and the legacy betting stream', () => {
    const world = tournamentWorld(70);
    openTournament(world, seededStreams(), world.env.turntime);
    const streams = seededStreams();
    runTournamentUntil(world, streams, world.env.turntime + 300 * MINUTE);
    expect(world.tournament!.stage).toBe(Stage.none);
    expect(new Set(streams.labels.map((l) => l.split('/')[0]))).toEqual(new Set(['tournament', 'OpenBettingTournament']));
  });
});

describe('betting', () => {
  function bettingWorld(): World {
    const world = tournamentWorld(70);
    openTournament(world, seededStreams(), world.env.turntime);
    runTournamentUntil(world, seededStreams(), world.tournament!.nextStep + 67 * MINUTE);
    expect(world.tournament!.stage).toBe(Stage.betting);
    return world;
  }

  it('refuses stakes a person can correct', () => {
    const world = bettingWorld();
    const g = world.generals.get(1)!;
    const [candidate] = world.tournament!.betting!.candidates;
    expect(whyNotBet(world, g, candidate!, 9)).toBe('a bet is a whole amount of gold, at least 10');
    expect(whyNotBet(world, g, 9999, 100)).toMatch(/^general 9999 is not in the round of 16; bet on one of /);
    g.gold = 600;
    expect(whyNotBet(world, g, candidate!, 101)).toBe('장수1 has 600 gold; a bet of 101 needs 601 (500 are kept)');
    g.gold = 5000;
    placeBet(world, g, candidate!, 900);
    expect(whyNotBet(world, g, candidate!, 101)).toBe('장수1 may stake 100 more gold on this betting (at most 1000 in all)');
    expect(whyNotBet(world, g, candidate!, 100)).toBeNull();
  });

  it('shares the whole pot among the winner’s backers by stake, and records players’ wins', () => {
    const world = tournamentWorld(4);
    world.tournament!.betting = { id: 1, candidates: [3, 4], bets: [], open: true };
    const [a, b, c] = [1, 2, 3].map((id) => world.generals.get(id)!);
    placeBet(world, a!, 3, 300);
    placeBet(world, b!, 3, 100);
    placeBet(world, c!, 4, 600);
    payBets(world, 3);
    expect([a!.gold, b!.gold, c!.gold]).toEqual([5000 - 300 + 750, 5000 - 100 + 250, 5000 - 600]);
    expect(world.tournament!.records[1]).toEqual({ betgold: 300, betwingold: 750, betwin: 1 });
  });

  it('has every NPC with gold to spare stake the era’s sum on a drawn candidate', () => {
    const world = tournamentWorld(70);
    for (let id = 71; id <= 74; id++) addGeneral(world, { id, npc: 2, nation: 2, city: 3 }).gold = id === 74 ? 509 : 2000;
    world.env.year = world.env.startyear + 9;
    openTournament(world, seededStreams(), world.env.turntime);
    // Seeding the round of 16 opens the betting: 67 steps after recruiting closes.
    runTournamentUntil(world, seededStreams(), world.tournament!.nextStep + 67 * MINUTE);
    // floor(12 × 0.334) × 10 = 40 each; the NPC with 509 gold keeps out.
    expect(world.tournament!.betting!.bets.map((b) => [b.generalId, b.amount])).toEqual([[71, 40], [72, 40], [73, 40]]);
  });
});

import { addGeneral, seededStreams, smallWorld } from '../testing/small-world';
import { joinYearMonth } from '../world/clock';
import { REST_KEY } from '../world/constants';
import { advanceWorld, checkDelay } from './advance';
import { runGeneralTurn } from './general-turn';
import { newRun } from '../state/turn-run';
import { ensureChiefQueues } from '../state/factory';
import { newAuctionHouse } from '../auction/house';
import { openAuction } from '../auction/open';

function turn(world: ReturnType<typeof smallWorld>, id: number, trace?: (step: string, subject: number) => void) {
  const streams = seededStreams();
  const run = newRun(world, streams, 1000, trace);
  const alive = runGeneralTurn(run, world.generals.get(id)!);
  return { alive, streams };
}

describe('per-general pipeline (§3)', () => {
  it('runs the steps in order for a chief and draws the documented streams', () => {
    const world = smallWorld();
    addGeneral(world, { id: 7, officerLevel: 12 });
    world.generals.get(7)!.queue[0] = { action: 'che_농지개간', arg: null };
    const steps: string[] = [];
    const { streams } = turn(world, 7, (step) => steps.push(step));
    expect(steps).toEqual(['load', 'inheritance', 'preprocess', 'nationCommand', 'generalCommand', 'pullQueues', 'updateTurnTime']);
    expect(world.generals.get(7)!.inheritance.lived_month).toBe(1);
    // 농지개간 ends with a user's unique-item lottery, on its own stream.
    expect(streams.labels).toEqual(['nationCommand/190/1/7/휴식', 'generalCommand/190/1/7/che_농지개간', 'unique/190/1/7']);
  });

  it('heals injury and feeds the crew before the command', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.injury = 15;
    g.crew = 1250;
    g.rice = 100;
    turn(world, 1);
    expect(g.injury).toBe(5);
    expect(g.rice).toBe(88);
    g.rice = 5;
    turn(world, 1);
    expect(g.crew).toBe(0);
    expect(g.rice).toBe(0);
  });

  it('pulls the queue, records LastTurn and moves the turn time a term on', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.queue[0] = { action: 'che_농지개간', arg: null };
    g.queue[1] = { action: 'che_상업투자', arg: null };
    const before = g.turntime;
    turn(world, 1);
    expect(g.queue[0]!.action).toBe('che_상업투자');
    expect(g.queue[29]!.action).toBe(REST_KEY);
    expect(g.queue).toHaveLength(30);
    expect(g.lastTurn).toEqual({ command: '농지 개간', arg: null, term: 0 });
    expect(g.turntime).toBe(before + 60 * 60_000);
    expect(g.myset).toBe(6);
  });

  it('stacks pre-turns: 은퇴 runs on the second consecutive turn', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, bornyear: 120, leadership: 80 });
    g.queue[0] = { action: 'che_은퇴', arg: null };
    g.queue[1] = { action: 'che_은퇴', arg: null };
    turn(world, 1);
    expect(g.lastTurn).toEqual({ command: '은퇴', arg: null, term: 1 });
    expect(g.age).toBe(70);
    turn(world, 1);
    expect(g.age).toBe(20);
    expect(g.leadership).toBe(68);
  });

  it('leaves LastTurn alone when the full condition fails, and logs why', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.lastTurn = { command: '은퇴', arg: null, term: 1 };
    g.gold = 0;
    g.queue[0] = { action: 'che_농지개간', arg: null };
    turn(world, 1);
    expect(g.lastTurn).toEqual({ command: '은퇴', arg: null, term: 1 });
    expect(world.logs.at(-1)!.text).toBe('자금이 모자랍니다. 농지 개간 실패.');
  });

  it('resets killturn after a player action and counts down on rest, NPCs and blocks', () => {
    const world = smallWorld();
    const user = addGeneral(world, { id: 1 });
    user.killturn = 5;
    turn(world, 1);
    expect(user.killturn).toBe(4);
    user.queue[0] = { action: 'che_농지개간', arg: null };
    turn(world, 1);
    expect(user.killturn).toBe(world.env.killturn);

    const npc = addGeneral(world, { id: 2, npc: 2, killturn: 10 });
    npc.queue[0] = { action: 'che_농지개간', arg: null };
    turn(world, 2);
    expect(npc.killturn).toBe(9);

    const blocked = addGeneral(world, { id: 3, killturn: 10 });
    blocked.block = 2;
    blocked.queue[0] = { action: 'che_농지개간', arg: null };
    const steps: string[] = [];
    const agri = world.cities[1]!.agri;
    turn(world, 3, (s) => steps.push(s));
    expect(blocked.killturn).toBe(9);
    expect(steps).toContain('blocked');
    expect(steps).not.toContain('generalCommand');
    expect(world.cities[1]!.agri).toBe(agri);
  });

  it('lets the AI play an autorun user, which counts as inactivity', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, killturn: 50 });
    g.aux.autorunLimit = joinYearMonth(world.env.year, world.env.month) + 3;
    const { streams } = turn(world, 1);
    expect(streams.labels[0]).toBe('GeneralAI/190/1/1');
    expect(g.killturn).toBe(49);
  });

  it('lets the AI play every NPC, and a user only before the autorun limit (not at it)', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, npc: 2 });
    expect(turn(world, 1).streams.labels[0]).toBe('GeneralAI/190/1/1');
    const user = addGeneral(world, { id: 2 });
    user.aux.autorunLimit = joinYearMonth(world.env.year, world.env.month);
    expect(turn(world, 2).streams.labels).toEqual(['generalCommand/190/1/2/휴식']);
  });

  it('draws 의술 on the preprocess stream of the general', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, special2: 'che_의술' });
    addGeneral(world, { id: 2 }).injury = 50;
    expect(turn(world, 1).streams.labels[0]).toBe('preprocess/190/1/1');
  });

  it('sets the autorun limit when a user reserves turns on an autorun server', () => {
    const world = smallWorld();
    world.env.autorunLimitMinutes = 600;
    const g = addGeneral(world, { id: 1 });
    g.queue[0] = { action: 'che_농지개간', arg: null };
    turn(world, 1);
    expect(g.aux.autorunLimit).toBe(joinYearMonth(190, 1) + 10);

    // A reserved nation command counts too; a blocked turn reserves nothing.
    const chief = addGeneral(world, { id: 2, officerLevel: 12 });
    world.nations.get(1)!.chiefQueues[12]![0] = { action: 'che_포상', arg: { isGold: true, amount: 100, destGeneralId: 1 } };
    turn(world, 2);
    expect(chief.aux.autorunLimit).toBe(joinYearMonth(190, 1) + 10);
    const blocked = addGeneral(world, { id: 3, killturn: 10 });
    blocked.block = 3;
    blocked.queue[0] = { action: 'che_농지개간', arg: null };
    turn(world, 3);
    expect(blocked.aux.autorunLimit).toBeUndefined();
    expect(world.logs.at(-1)!.text).toBe('현재 악성유저로 분류되어 블럭 대상자입니다.');
  });
});

describe('the turn of a user, a chief and a blocked general (§3 steps 5–9)', () => {
  it('reserves nothing with a resting queue, on a server without autorun, or as an NPC', () => {
    const world = smallWorld();
    world.env.autorunLimitMinutes = 600;
    const idle = addGeneral(world, { id: 1 });
    const chief = addGeneral(world, { id: 2, officerLevel: 12 });
    turn(world, 1);
    turn(world, 2);
    expect([idle.aux.autorunLimit, chief.aux.autorunLimit]).toEqual([undefined, undefined]);
    const npc = addGeneral(world, { id: 3, npc: 2 });
    npc.queue[0] = { action: 'che_농지개간', arg: null };
    turn(world, 3);
    expect(npc.aux.autorunLimit).toBeUndefined();
    world.env.autorunLimitMinutes = 0;
    const user = addGeneral(world, { id: 4 });
    user.queue[0] = { action: 'che_농지개간', arg: null };
    turn(world, 4);
    expect(user.aux.autorunLimit).toBeUndefined();
  });

  it('pulls the queue of the seat a chief holds (level 5 and up), not a city officer’s', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.level = 7; // a nation with seats down to level 5
    ensureChiefQueues(nation);
    const slot = { action: 'che_포상', arg: { isGold: true, amount: 100, destGeneralId: 1 } };
    for (const [id, level] of [[1, 12], [2, 5]] as const) {
      addGeneral(world, { id, officerLevel: level });
      nation.chiefQueues[level]![1] = slot;
      turn(world, id);
      expect(nation.chiefQueues[level]![0]).toEqual(slot);
    }
    const officer = addGeneral(world, { id: 3, officerLevel: 4 });
    officer.officerCity = 1;
    nation.chiefQueues[4] = [{ action: REST_KEY, arg: null }, slot];
    turn(world, 3);
    expect(nation.chiefQueues[4]).toEqual([{ action: REST_KEY, arg: null }, slot]);
    expect(officer.queue).toHaveLength(30);
  });

  it('counts down the killturn of a general above the world’s count even after an action', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, killturn: world.env.killturn + 5 });
    g.queue[0] = { action: 'che_농지개간', arg: null };
    turn(world, 1);
    expect(g.killturn).toBe(world.env.killturn + 4);
    g.queue[0] = { action: 'che_농지개간', arg: null };
    g.killturn = world.env.killturn;
    turn(world, 1);
    expect(g.killturn).toBe(world.env.killturn);
  });

  it('tells a block-2 general why in the legacy words', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.block = 2;
    turn(world, 1);
    expect(world.logs.at(-1)!.text).toBe('현재 멀티, 또는 비매너로 인한 블럭 대상자입니다.');
  });
});

describe('updateTurnTime (§3 step 10)', () => {
  it('detaches a possessed NPC that ran out of killturn', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, npc: 1, deadyear: 200, killturn: 1 });
    g.npcOrg = 2;
    expect(turn(world, 1).alive).toBe(true);
    expect(g).toMatchObject({ npc: 2, owner: null, killturn: 120, defenceTrain: 80 });
  });

  it('deletes an inactive user, and an NPC at the end of its life', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, killturn: 1 });
    addGeneral(world, { id: 2, npc: 2, killturn: 1 });
    expect(turn(world, 1).alive).toBe(false);
    expect(turn(world, 2).alive).toBe(false);
    expect(world.generals.size).toBe(0);
    expect(world.nations.get(1)!.gennum).toBe(0);
  });

  it('hands a dying NPC ruler’s nation to the nearest in affinity (one draw)', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, npc: 2, officerLevel: 12, affinity: 10, killturn: 1 });
    addGeneral(world, { id: 2, npc: 2, affinity: 10 });
    addGeneral(world, { id: 3, npc: 2, affinity: 10 });
    addGeneral(world, { id: 4, npc: 2, affinity: 140 });
    addGeneral(world, { id: 5, npc: 0, affinity: 10 });
    const { streams } = turn(world, 1);
    const heir = [...world.generals.values()].find((g) => g.officerLevel === 12)!;
    // Pool [2, 3] (distance 0, by id); one nextInt(1) on NextNPCRuler/190/1/1: the first byte of
    // SHA-512(str(64,5a…)|str(12,NextNPCRuler)|int(190)|int(1)|int(1) ‖ 0) is 01 → index 1 → 3.
    expect(heir.id).toBe(3);
    expect(streams.labels).toContain('NextNPCRuler/190/1/1');
  });

  it('pools every NPC candidate when none is at distance 0 (the legacy !d == min quirk)', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, npc: 2, officerLevel: 12, affinity: 10, killturn: 1 });
    addGeneral(world, { id: 2, npc: 2, affinity: 11 });
    addGeneral(world, { id: 3, npc: 2, affinity: 80 });
    const heirs = new Set<number>();
    for (let seed = 0; seed < 16; seed++) {
      const w = structuredClone(world);
      const run = newRun(w, seededStreams(seed.toString(16).padStart(2, '0').repeat(32)), 10);
      runGeneralTurn(run, w.generals.get(1)!);
      heirs.add([...w.generals.values()].find((g) => g.officerLevel === 12)!.id);
    }
    expect(heirs).toEqual(new Set([2, 3]));
  });

  it('falls back to the most dedicated for a user ruler, and ends a nation with nobody left', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12, killturn: 1 });
    addGeneral(world, { id: 2, dedication: 10 });
    addGeneral(world, { id: 3, dedication: 500 });
    turn(world, 1);
    expect(world.generals.get(3)!.officerLevel).toBe(12);

    const lonely = smallWorld();
    addGeneral(lonely, { id: 1, officerLevel: 12, killturn: 1 });
    turn(lonely, 1);
    expect(lonely.nations.has(1)).toBe(false);
    expect(lonely.cities[1]!.nation).toBe(0);
  });

  it('reborns an old user at 80', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, bornyear: 110, leadership: 90, experience: 1000 });
    turn(world, 1);
    expect(g).toMatchObject({ age: 20, leadership: 77, experience: 500 });
  });

  it('realigns to nextTurnTimeBase and forgets it', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.aux.nextTurnTimeBase = 125;
    turn(world, 1);
    expect(g.turntime).toBe(world.env.starttime + 60 * 60_000 + 125_000);
    expect(g.aux.nextTurnTimeBase).toBeUndefined();
  });
});

describe('monthly order (§2, §6)', () => {
  it('runs the generals of the month, then the monthly steps in order', () => {
    const world = smallWorld();
    addGeneral(world, { id: 2 });
    addGeneral(world, { id: 1, turntime: world.env.turntime + 180_000 });
    world.env.year = 190;
    world.env.month = 12;
    world.env.starttime -= 11 * 3_600_000;
    const steps: string[] = [];
    const run = newRun(world, seededStreams(), 1000, (step, subject) => steps.push(`${step}${subject ? `#${subject}` : ''}`));
    advanceWorld(run, world.env.turntime + 3_600_000);
    expect(steps.filter((s) => s.startsWith('load'))).toEqual(['load#2', 'load#1']);
    expect(steps.filter((s) => !s.includes('#') || s.startsWith('event'))).toEqual([
      'preMonthEvents', 'event:UpdateCitySupply#1', 'event:ProcessWarIncome#1', 'preUpdateMonthly', 'turnDate', 'checkStatistic', 'monthEvents',
      'event:MergeInheritPointRank#2', 'event:ProcessSemiAnnual gold#2', 'event:ProcessIncome gold#2', 'event:ResetOfficerLock#2', 'event:RaiseDisaster#2',
      'event:RandomizeCityTradeRate#2', 'event:NewYear#2', 'event:AssignGeneralSpeciality#2', 'event:Notice#5', 'event:UpdateNationLevel#10', 'event:ProvideNPCTroopLeader#10', 'postUpdateMonthly',
    ]);
    expect(world.env).toMatchObject({ year: 191, month: 1 });
  });
});

describe('the work budget of an advance', () => {
  it('stops at a general boundary, says so, and the next advance continues there', () => {
    const setup = () => {
      const world = smallWorld();
      for (const id of [1, 2, 3]) addGeneral(world, { id, turntime: world.env.turntime + id * 60_000 });
      return world;
    };
    const until = (world: ReturnType<typeof smallWorld>) => world.env.turntime + 30 * 60_000;
    const world = setup();
    const second = world.generals.get(2)!.turntime;
    const loaded: number[] = [];
    const run = newRun(world, seededStreams(), 2, (step, subject) => step === 'load' && loaded.push(subject));
    const report = advanceWorld(run, until(world));
    expect(report).toMatchObject({ stopped: true, generalTurns: 2, months: 0 });
    expect(loaded).toEqual([1, 2]);
    // The cursor stays at the last executed general's turn time.
    expect(world.env.turntime).toBe(second);
    const rest = newRun(world, seededStreams(), 10, (step, subject) => step === 'load' && loaded.push(subject));
    expect(advanceWorld(rest, until(world))).toMatchObject({ stopped: false, generalTurns: 1 });
    expect(loaded).toEqual([1, 2, 3]);

    const whole = setup();
    advanceWorld(newRun(whole, seededStreams(), 10), until(whole));
    expect([...world.generals.values()].map((g) => g.turntime)).toEqual([...whole.generals.values()].map((g) => g.turntime));
  });
});

describe('the gates of an advance (executeAllCommand)', () => {
  it('does nothing before the turn time, or once the game is united or closed', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    const before = g.turntime;
    world.env.conlimit = -1;
    const idle = { generalTurns: 0, months: 0, stopped: false, skippedMonths: 0 };
    expect(advanceWorld(newRun(world, seededStreams()), world.env.turntime - 1)).toEqual(idle);
    for (const isunited of [2, 3]) {
      world.env.isunited = isunited;
      expect(advanceWorld(newRun(world, seededStreams()), world.env.turntime + 10 * 3_600_000)).toEqual(idle);
    }
    expect([g.turntime, world.env.conlimit]).toEqual([before, -1]);
  });

  it('sets the connection limit to round(term^0.6 × 3) × 10 and runs the generals due', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 });
    const report = advanceWorld(newRun(world, seededStreams()), world.env.turntime + 30 * 60_000);
    // PHP: round(pow(60, 0.6) * 3) * 10 = 350.
    expect(world.env.conlimit).toBe(350);
    expect(report).toEqual({ generalTurns: 1, months: 0, stopped: false, skippedMonths: 0 });
  });

  it('reports only its own turns and months when one run advances again, and opens at the turn time itself', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 }); // due 1 minute into the turn
    let loads = 0;
    const run = newRun(world, seededStreams(), undefined, (step) => step === 'load' && loads++);
    const start = world.env.turntime;
    const minutes = (n: number) => start + n * 60_000;
    const advance = (until: number) => {
      loads = 0;
      const report = advanceWorld(run, until);
      return { ...report, loads };
    };
    world.env.conlimit = -1;
    expect(advance(start)).toEqual({ generalTurns: 0, months: 0, stopped: false, skippedMonths: 0, loads: 0 });
    expect(world.env.conlimit).toBe(350);
    expect(advance(minutes(30))).toMatchObject({ generalTurns: 1, months: 0, loads: 1 });
    // The month boundary at 60, then the general again at 61 (and whoever the month brought); the same at 120.
    const second = advance(minutes(90));
    expect(second).toMatchObject({ months: 1, generalTurns: second.loads });
    const third = advance(minutes(150));
    expect(third).toMatchObject({ months: 1, generalTurns: third.loads });
    expect(run.months).toBe(2);
  });

  it('runs generals due at the same time by id', () => {
    const world = smallWorld();
    const at = world.env.turntime + 5 * 60_000;
    addGeneral(world, { id: 3, turntime: at });
    addGeneral(world, { id: 2, turntime: at });
    addGeneral(world, { id: 4, turntime: at - 60_000 });
    const loaded: number[] = [];
    advanceWorld(newRun(world, seededStreams(), 10, (step, subject) => step === 'load' && loaded.push(subject)), world.env.turntime + 30 * 60_000);
    expect(loaded).toEqual([4, 2, 3]);
  });

  it('stops at the month a chapter closes, with the months run counted', () => {
    const world = smallWorld();
    // A 5-minute term, so that five turns of catching up stay under the delay threshold (6).
    world.env.turnterm = 5;
    addGeneral(world, { id: 1 });
    world.env.chapterEnd = joinYearMonth(190, 3);
    const report = advanceWorld(newRun(world, seededStreams()), world.env.turntime + 5 * 5 * 60_000 - 1);
    expect(report).toMatchObject({ months: 2, stopped: false });
    expect([world.env.year, world.env.month]).toEqual([190, 3]);
    // Without the chapter's end the same call runs its four month boundaries.
    const open = smallWorld();
    open.env.turnterm = 5;
    addGeneral(open, { id: 1 });
    expect(advanceWorld(newRun(open, seededStreams()), open.env.turntime + 5 * 5 * 60_000 - 1)).toMatchObject({ months: 4, stopped: false });
    expect([open.env.year, open.env.month]).toEqual([190, 5]);
  });
});

// Legacy checkDelay(): with the turn term ≥ 20 minutes more than 1 missed turn, ≥ 10 more
// than 3, otherwise more than 6, moves the clock and every general on by the missed turns.
describe('checkDelay', () => {
  it.each([
    [20, 1, 2],
    [19, 3, 4],
    [10, 3, 4],
    [9, 6, 7],
  ])('with a %i-minute term lets %i missed turns pass and skips %i', (term, kept, skipped) => {
    const world = smallWorld();
    world.env.turnterm = term;
    const g = addGeneral(world, { id: 1 });
    const [turntime, starttime, generalTime] = [world.env.turntime, world.env.starttime, g.turntime];
    const minutes = (n: number) => n * term * 60_000;
    // One millisecond short of the next missed turn counts the turns whole (intdiv).
    expect(checkDelay(world, turntime + minutes(kept + 1) - 1)).toBe(0);
    expect([world.env.turntime, world.env.starttime, g.turntime]).toEqual([turntime, starttime, generalTime]);
    expect(checkDelay(world, turntime + minutes(skipped))).toBe(skipped);
    expect([world.env.turntime, world.env.starttime, g.turntime]).toEqual([turntime, starttime, generalTime].map((t) => t + minutes(skipped)));
  });
});

describe('what an advance runs between general turns', () => {
  const MINUTE = 60_000;

  it('runs a general due exactly at a month boundary after that month’s pipeline', () => {
    const world = smallWorld();
    const boundary = world.env.turntime + 60 * MINUTE;
    addGeneral(world, { id: 1, turntime: boundary });
    addGeneral(world, { id: 2, turntime: boundary - MINUTE });
    const steps: string[] = [];
    advanceWorld(newRun(world, seededStreams(), 1000, (step, subject) => steps.push(`${step}#${subject}`)), boundary + 30 * MINUTE);
    const at = (s: string) => steps.indexOf(s);
    // turntime < boundary runs in the closing month; at the boundary it belongs to the next one.
    expect(at('load#2')).toBeLessThan(at('postUpdateMonthly#0'));
    expect(at('load#1')).toBeGreaterThan(at('postUpdateMonthly#0'));
  });

  it('closes an auction between the general turns its close falls between, and at the end of an advance', () => {
    const world = smallWorld();
    const t0 = world.env.turntime;
    world.auctions = newAuctionHouse(t0 - 30 * MINUTE);
    const host = addGeneral(world, { id: 3, turntime: t0 + 55 * MINUTE });
    const riceBefore = host.rice;
    const lot = { kind: 'sellRice' as const, amount: 1000, closeTurnCnt: 1, startBidAmount: 1000, finishBidAmount: 2000 };
    openAuction(world.auctions, host, lot, world.env.turnterm, t0 - 30 * MINUTE);
    addGeneral(world, { id: 1, turntime: t0 + 10 * MINUTE });
    addGeneral(world, { id: 2, turntime: t0 + 40 * MINUTE });
    const openAtLoad: Record<number, number> = {};
    const trace = (step: string, subject: number) => {
      if (step === 'load') openAtLoad[subject] = world.auctions!.open.length;
    };
    // Only general 1 is due by t0 + 20 min: the close (t0 + 30 min) is not yet reached.
    advanceWorld(newRun(world, seededStreams(), 1000, trace), t0 + 20 * MINUTE);
    expect([world.auctions.open.length, world.auctions.now]).toEqual([1, t0 + 20 * MINUTE]);
    advanceWorld(newRun(world, seededStreams(), 1000, trace), t0 + 50 * MINUTE);
    expect(openAtLoad).toEqual({ 1: 1, 2: 0 });
    // Unsold, the lot goes back to its host.
    expect(host.rice).toBe(riceBefore);

    const late = smallWorld();
    late.auctions = newAuctionHouse(t0);
    openAuction(late.auctions, addGeneral(late, { id: 3, turntime: t0 + 55 * MINUTE }), lot, late.env.turnterm, t0 - 30 * MINUTE);
    addGeneral(late, { id: 1, turntime: t0 + 10 * MINUTE });
    advanceWorld(newRun(late, seededStreams()), t0 + 35 * MINUTE);
    expect(late.auctions.open).toEqual([]);
  });

  it('closes the auctions due by the last general an advance stopped at, not by its target', () => {
    const world = smallWorld();
    const t0 = world.env.turntime;
    world.auctions = newAuctionHouse(t0);
    const host = addGeneral(world, { id: 3, turntime: t0 + 55 * MINUTE });
    openAuction(world.auctions, host, { kind: 'sellRice', amount: 1000, closeTurnCnt: 1, startBidAmount: 1000, finishBidAmount: 2000 }, world.env.turnterm, t0 - 45 * MINUTE);
    addGeneral(world, { id: 1, turntime: t0 + 10 * MINUTE });
    addGeneral(world, { id: 2, turntime: t0 + 20 * MINUTE });
    const report = advanceWorld(newRun(world, seededStreams(), 1), t0 + 50 * MINUTE);
    expect(report.stopped).toBe(true);
    expect([world.auctions.open.length, world.auctions.now]).toEqual([1, t0 + 10 * MINUTE]);
  });
});

describe('a chief’s nation command slot', () => {
  it('runs an unknown nation command as rest and keeps the seat’s LastTurn per level', () => {
    const world = smallWorld();
    const chief = addGeneral(world, { id: 1, officerLevel: 12 });
    const nation = world.nations.get(1)!;
    ensureChiefQueues(nation);
    nation.chiefQueues[12]![0] = { action: 'che_없는명령', arg: null };
    expect(nation.lastTurn[12]).toBeUndefined();
    turn(world, chief.id);
    expect(nation.lastTurn[12]).toEqual({ command: REST_KEY, arg: null, term: 0 });
    expect(nation.lastTurn[11]).toBeUndefined();
  });

  it('stacks a multi-turn nation command on the seat’s LastTurn (증축, 5 turns before it runs)', () => {
    const world = smallWorld();
    const chief = addGeneral(world, { id: 1, officerLevel: 12 });
    const nation = world.nations.get(1)!;
    ensureChiefQueues(nation);
    nation.gold = 100_000;
    nation.rice = 100_000;
    for (const slot of [0, 1, 2]) nation.chiefQueues[12]![slot] = { action: 'che_증축', arg: null };
    turn(world, chief.id);
    turn(world, chief.id);
    expect(nation.lastTurn[12]).toMatchObject({ command: '증축', term: 2 });
    expect(world.logs.filter((l) => l.subject === chief.id).map((l) => l.text)).toContain('증축 수행중... (2/6)');
  });

  it('lets an NPC ruler’s AI take the seat’s turn: the quarterly promotions, on the GeneralAI stream', () => {
    const world = smallWorld();
    world.env.month = 3;
    const ruler = addGeneral(world, { id: 1, officerLevel: 12, npc: 2 });
    const member = addGeneral(world, { id: 2, npc: 2, leadership: 90, strength: 90, intel: 90 });
    ensureChiefQueues(world.nations.get(1)!);
    const { streams } = turn(world, ruler.id);
    expect(streams.labels).toContain('GeneralAI/190/3/1');
    expect(member.officerLevel).toBeGreaterThan(4);
  });
});

describe('the edges of an advance', () => {
  const MINUTE = 60_000;
  const lot = { kind: 'sellRice' as const, amount: 1000, closeTurnCnt: 1, startBidAmount: 1000, finishBidAmount: 2000 };

  it('stops at the month that unifies the land, with the months after it left unrun', () => {
    const world = smallWorld();
    // A 5-minute term: four turns of catching up stay under the delay threshold (6).
    world.env.turnterm = 5;
    world.cities[3]!.nation = 1;
    world.nations.delete(2);
    world.diplomacy.clear();
    addGeneral(world, { id: 1 });
    const report = advanceWorld(newRun(world, seededStreams()), world.env.turntime + 4 * 5 * MINUTE + MINUTE);
    expect(world.env.isunited).toBe(2);
    expect(report.months).toBe(1);
    expect([world.env.year, world.env.month]).toEqual([190, 2]);
  });

  it('closes an auction due exactly at a general’s turn time before that turn', () => {
    const world = smallWorld();
    const t0 = world.env.turntime;
    world.auctions = newAuctionHouse(t0);
    openAuction(world.auctions, addGeneral(world, { id: 3, turntime: t0 + 55 * MINUTE }), lot, world.env.turnterm, t0 - 30 * MINUTE);
    addGeneral(world, { id: 2, turntime: t0 + 30 * MINUTE });
    const openAtLoad: number[] = [];
    advanceWorld(newRun(world, seededStreams(), 1000, (step) => step === 'load' && openAtLoad.push(world.auctions!.open.length)), t0 + 40 * MINUTE);
    expect(openAtLoad).toEqual([0]);
  });

  it('closes an auction due exactly at a month boundary after that month’s pipeline, in the new month', () => {
    const world = smallWorld();
    const t0 = world.env.turntime;
    world.auctions = newAuctionHouse(t0);
    openAuction(world.auctions, addGeneral(world, { id: 3, turntime: t0 + 90 * MINUTE }), lot, world.env.turnterm, t0);
    advanceWorld(newRun(world, seededStreams()), t0 + 70 * MINUTE);
    expect(world.auctions.open).toEqual([]);
    const closed = world.logs.find((l) => l.scope === 'auction')!;
    expect([closed.year, closed.month]).toEqual([190, 2]);
  });
});

describe('whose turn is whose', () => {
  it('runs the nation command of a level-5 chief seat', () => {
    const world = smallWorld();
    const chief = addGeneral(world, { id: 1, officerLevel: 5 });
    const nation = world.nations.get(1)!;
    // A level-7 nation has seats from level 5 up.
    nation.level = 7;
    ensureChiefQueues(nation);
    nation.chiefQueues[5]![0] = { action: 'che_없는명령', arg: null };
    const { streams } = turn(world, chief.id);
    expect(streams.labels[0]).toBe('nationCommand/190/1/1/휴식');
    expect(nation.lastTurn[5]).toEqual({ command: REST_KEY, arg: null, term: 0 });
  });

  it('resets the killturn of an autorun user whose reserved command the AI keeps', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, killturn: 50 });
    g.aux.autorunLimit = joinYearMonth(world.env.year, world.env.month) + 3;
    g.queue[0] = { action: 'che_농지개간', arg: null };
    const { streams } = turn(world, 1);
    expect(streams.labels).toContain('generalCommand/190/1/1/che_농지개간');
    expect(g.killturn).toBe(world.env.killturn);
  });

  it('runs the alternative a command names: 건국 in the game’s first month becomes 인재탐색', () => {
    const world = smallWorld();
    world.cities[2]!.nation = 0;
    const leader = addGeneral(world, { id: 1, nation: 0, officerLevel: 0, city: 2 });
    leader.queue[0] = { action: 'che_거병', arg: null };
    leader.queue[1] = { action: 'che_건국', arg: { nationName: '촉한', nationType: 'che_덕가', color: '#00aa00' } };
    turn(world, 1);
    expect(leader.officerLevel).toBe(12);
    addGeneral(world, { id: 2, nation: leader.nation, city: 2 });
    const { streams } = turn(world, 1);
    expect(streams.labels).toContain('generalCommand/190/1/1/che_건국');
    expect(world.logs.filter((l) => l.subject === 1).map((l) => l.text)).toContain('다음 턴부터 건국할 수 있습니다.');
    expect(leader.lastTurn.command).toBe('인재탐색');
  });
});

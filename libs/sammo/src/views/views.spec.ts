import { addGeneral, smallWorld } from '../testing/small-world';
import { SammoTable } from '../testing/table';
import { joinYearMonth } from '../world/clock';
import { Diplo } from '../world/constants';
import { chronicle, generalLog, log, nationLog, writingMove } from '../world/logbook';
import { readWorld, writeWorld } from '../state/serialize';
import type { World } from '../world/types';
import { citiesSeen } from './cities-seen';
import { sammoViews } from './index';
import { moveView } from './move-view';
import { officerTitle } from './officer-titles';
import { DEFAULT_SECRET_LIMIT, secretPermission } from './permission';
import { publicView } from './public-view';
import { seatView } from './seat-view';

/** Nation 1 (cities 1, 2) with a ruler (id 1, user-1), a plain member (2) and an NPC (3); nation 2 (city 3) with a player (4). */
function world(): World {
  const w = smallWorld();
  addGeneral(w, { id: 1, officerLevel: 12 });
  addGeneral(w, { id: 2, officerLevel: 1 });
  addGeneral(w, { id: 3, npc: 2, officerLevel: 1 });
  addGeneral(w, { id: 4, nation: 2, city: 3, officerLevel: 12 });
  w.generals.get(2)!.queue[0] = { action: 'che_징병', arg: { crewType: 1100, amount: 1000 } };
  w.generals.get(4)!.queue[0] = { action: 'che_출병', arg: { destCityId: 2 } };
  return w;
}

describe('secret permission (legacy checkSecretPermission)', () => {
  it('gives 4 to the ruler and the ambassador, 3 to the auditor, 2 to chiefs, 1 to city officers, −1 outside a nation or office', () => {
    const w = world();
    const g = w.generals.get(2)!;
    const at = (officerLevel: number, permission?: 'ambassador' | 'auditor') => {
      g.officerLevel = officerLevel;
      if (permission) g.permission = permission;
      else delete g.permission;
      return secretPermission(w, g);
    };
    expect([at(12), at(11), at(5), at(4), at(2)]).toEqual([4, 2, 2, 1, 1]);
    expect([at(1, 'ambassador'), at(1, 'auditor'), at(5, 'auditor'), at(0)]).toEqual([4, 3, 3, -1]);
    g.nation = 0;
    expect(at(12)).toBe(-1);
  });

  it('opens permission 1 to a plain member once its service reaches the nation secretlimit (default 3)', () => {
    const w = world();
    const g = w.generals.get(2)!;
    expect(DEFAULT_SECRET_LIMIT).toBe(3);
    g.belong = 2;
    expect(secretPermission(w, g)).toBe(0);
    g.belong = 3;
    expect(secretPermission(w, g)).toBe(1);
    w.nations.get(1)!.secretlimit = 5;
    expect(secretPermission(w, g)).toBe(0);
    w.nations.get(1)!.secretlimit = 1;
    g.belong = 1;
    expect(secretPermission(w, g)).toBe(1);
  });
});

describe('cities seen (legacy b_currentCity valid)', () => {
  it('are the nation’s cities, those its generals stand in, and those its 첩보 covers once the nation has a level', () => {
    const w = world();
    const me = w.generals.get(2)!;
    expect([...citiesSeen(w, me)].sort()).toEqual([1, 2]);
    w.nations.get(1)!.spy = { 3: 2 };
    expect([...citiesSeen(w, me)].sort()).toEqual([1, 2, 3]);
    w.nations.get(1)!.level = 0;
    expect([...citiesSeen(w, me)].sort()).toEqual([1, 2]);
    w.nations.get(1)!.level = 2;
    w.nations.get(1)!.spy = {};
    w.generals.get(3)!.city = 3;
    expect([...citiesSeen(w, me)].sort()).toEqual([1, 2, 3]);
  });

  it('are the own city alone for a general without office', () => {
    const w = world();
    const me = w.generals.get(2)!;
    Object.assign(me, { nation: 0, officerLevel: 0, city: 3 });
    expect([...citiesSeen(w, me)]).toEqual([3]);
  });
});

describe('the seat view', () => {
  it('holds its own general whole, its 30 turns and its log, and never another general’s queue without permission', () => {
    const w = world();
    w.generals.get(2)!.gold = 1234;
    generalLog(w, 2, '징병했습니다.');
    generalLog(w, 4, '출병했습니다.');
    const v = seatView(w, 'user-2');
    expect(v.general).toMatchObject({ id: 2, gold: 1234, permission: 0, detail: { crew: 0, reservedCommand: null } });
    expect(v.queue).toHaveLength(30);
    expect(v.queue[0]).toEqual({ slot: 0, action: 'che_징병', arg: { crewType: 1100, amount: 1000 } });
    expect(v.log.map((l) => l.text)).toEqual(['징병했습니다.']);
    expect(v.members.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(v.members.every((m) => m.detail === undefined)).toBe(true);
    expect(v.chiefQueues).toBeNull();
    expect(JSON.stringify(v)).not.toContain('che_출병');
  });

  it('shows a member’s gold and rice to all members but crews, experience and the first five turns of player members from permission 1 (legacy Nation/GeneralList)', () => {
    const w = world();
    w.generals.get(2)!.officerLevel = 4;
    w.generals.get(2)!.officerCity = 1;
    const v = seatView(w, 'user-2');
    expect(v.general!.permission).toBe(1);
    const [ruler, me, npc] = v.members;
    expect(ruler!.detail!.reservedCommand).toHaveLength(5);
    expect(me!.detail!.reservedCommand![0]).toEqual({ slot: 0, action: 'che_징병', arg: { crewType: 1100, amount: 1000 } });
    expect(npc!.detail!.reservedCommand).toBeNull();
    const [first, ...others] = v.chiefQueues!;
    expect([first!.level, first!.general!.id, first!.queue.length]).toEqual([12, 1, 12]);
    expect(others.every((q) => q.level < 12 && q.general === null)).toBe(true);
  });

  it('reads a city officer as 일반 below permission 1, as the legacy masks officer_level < 5', () => {
    const w = world();
    w.generals.get(3)!.officerLevel = 3;
    w.generals.get(3)!.officerCity = 2;
    const v = seatView(w, 'user-2');
    expect(v.members.find((m) => m.id === 3)).toMatchObject({ officerLevel: 1, officerTitle: '일반' });
    expect(seatView(w, 'user-1').members.find((m) => m.id === 3)).toMatchObject({ officerLevel: 3, officerTitle: '군사' });
  });

  it('gives the nation’s treasury to members only, and other cities’ development where the nation sees them', () => {
    const w = world();
    const mine = seatView(w, 'user-2');
    expect(mine.nation).toMatchObject({ id: 1, gold: 10000, rice: 10000, tech: 1000, secretlimit: 3, population: { cities: 2, now: 200000, max: 800000 } });
    expect(mine.cities.map((c) => c.id)).toEqual([1, 2]);
    w.nations.get(1)!.spy = { 3: 3 };
    expect(seatView(w, 'user-2').cities.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(seatView(w, 'user-4').nation!.id).toBe(2);
    expect(JSON.stringify(publicView(w))).not.toMatch(/"gold"|"rice"|"tech"|che_징병|che_출병/);
  });

  it('shows relations between two other nations as the public does: pacts read as 통상 (legacy GetDiplomacy)', () => {
    const w = world();
    w.nations.set(3, { ...w.nations.get(2)!, id: 3, name: '촉' });
    w.diplomacy.set('2:3', { state: Diplo.nap, term: 12, dead: 0 });
    w.diplomacy.set('1:2', { state: Diplo.nap, term: 12, dead: 0 });
    const rows = seatView(w, 'user-2').diplomacy;
    expect(rows).toContainEqual([1, 2, Diplo.nap]);
    expect(rows).toContainEqual([2, 3, Diplo.normal]);
    expect(publicView(w).diplomacy).toContainEqual([1, 2, Diplo.normal]);
  });

  it('tells members which strategic commands must still wait, and how many months (legacy GetFrontInfo impossibleStrategicCommand)', () => {
    const w = world();
    const now = joinYearMonth(w.env.year, w.env.month);
    w.nations.get(1)!.nextExecute = { 수몰: now + 3, 급습: now, 천도: now + 5 };
    expect(seatView(w, 'user-2').nation!.strategicWaits).toEqual([{ command: 'che_수몰', name: '수몰', months: 3 }]);
    expect(seatView(w, 'user-4').nation!.strategicWaits).toEqual([]);
  });

  it('opens members’ action logs from permission 1 for NPCs and from 2 for players, the newest 30 (legacy Nation/GetGeneralLog)', () => {
    const w = world();
    for (let i = 0; i < 31; i++) generalLog(w, 3, `NPC ${i}`);
    generalLog(w, 1, '군주의 기록');
    generalLog(w, 4, '타국의 기록');
    expect(seatView(w, 'user-2').memberLogs).toEqual([]);
    const me = w.generals.get(2)!;
    Object.assign(me, { officerLevel: 2, officerCity: 1 });
    const officer = seatView(w, 'user-2').memberLogs;
    expect(officer.map((m) => [m.generalId, m.lines.length, m.lines[0]!.text, m.lines.at(-1)!.text])).toEqual([[3, 30, 'NPC 1', 'NPC 30']]);
    me.officerLevel = 5;
    expect(seatView(w, 'user-2').memberLogs.map((m) => [m.generalId, m.lines.map((l) => l.text).at(-1)])).toEqual([[1, '군주의 기록'], [3, 'NPC 30']]);
    expect(JSON.stringify(seatView(w, 'user-2'))).not.toContain('타국의 기록');
  });

  it('lists the generals standing where the seat looks: crews where it reads the city, arms and a player’s first five turns of its own nation’s (legacy b_currentCity)', () => {
    const w = world();
    w.generals.get(4)!.crew = 5000;
    w.generals.get(1)!.queue[0] = { action: 'che_훈련', arg: null };
    const listed = seatView(w, 'user-2').cityGenerals;
    expect(listed.map((g) => [g.id, g.city])).toEqual([[1, 1], [2, 1], [3, 1], [4, 3]]);
    const [ruler, , npc, rival] = listed;
    expect(ruler!.own!.reservedCommand!.map((t) => t.action)).toEqual(['che_훈련', '휴식', '휴식', '휴식', '휴식']);
    expect(npc!.own).toMatchObject({ reservedCommand: null });
    // 다 (3) lies next to the nation's 나 (2): who stands there is listed, its crew hidden until the nation reads the city.
    expect(rival).toMatchObject({ id: 4, nation: 2, crew: null, own: null });
    w.nations.get(1)!.spy = { 3: 2 };
    expect(seatView(w, 'user-2').cityGenerals.find((g) => g.id === 4)).toMatchObject({ crew: 5000, own: null });
    // A wanderer sees only its own city's.
    Object.assign(w.generals.get(2)!, { nation: 0, officerLevel: 0, city: 3 });
    expect(seatView(w, 'user-2').cityGenerals.map((g) => [g.id, g.own])).toEqual([[2, null], [4, null]]);
  });

  it('is empty for a seat that plays no general', () => {
    const v = seatView(world(), 'user-99');
    expect(v).toMatchObject({ general: null, queue: [], log: [], nation: null, members: [], cities: [] });
  });

  it('gives the lines after a move when asked', () => {
    const w = world();
    writingMove(w, 1);
    generalLog(w, 2, 'one');
    writingMove(w, 2);
    generalLog(w, 2, 'two');
    nationLog(w, 1, '국가 기록');
    expect(seatView(w, 'user-2', { since: 1 }).log.map((l) => [l.move, l.text])).toEqual([[2, 'two']]);
    expect(seatView(w, 'user-2', { since: 1 }).nationLog.map((l) => l.text)).toEqual(['국가 기록']);
    expect(seatView(w, 'user-4', { since: 0 }).nationLog).toEqual([]);
  });
});

describe('officer titles (legacy getOfficerLevelText)', () => {
  it('name chiefs by the nation’s level and city officers alike everywhere', () => {
    expect([officerTitle(12, 7), officerTitle(11, 7), officerTitle(12, 1), officerTitle(12, 0), officerTitle(4, 7), officerTitle(1, 3), officerTitle(0, 0)])
      .toEqual(['황제', '승상', '영주', '두목', '태수', '일반', '재야']);
    expect(officerTitle(10, 0)).toBe('-');
  });
});

describe('the move view', () => {
  it('tells the public the date, the chronicle and the nations risen and fallen, a seat its own lines, never a payload', () => {
    const w = world();
    writingMove(w, 5);
    chronicle(w, '【건국】중립 위가 새로이 등장하였습니다.');
    chronicle(w, '【멸망】 오는 멸망했습니다.');
    log(w, 'world', 0, '장수1이 출병합니다.');
    generalLog(w, 2, '징병했습니다.');
    generalLog(w, 4, '출병했습니다.');
    nationLog(w, 1, '국가 기록');
    const advance = { number: 5, seat: null, payload: { type: 'advance', until: 1 } };
    const pub = moveView(w, advance, null);
    expect(pub).toMatchObject({
      date: '190년 1월', kind: 'time', env: { year: 190, month: 1 }, founded: ['【건국】중립 위가 새로이 등장하였습니다.'], fallen: ['【멸망】 오는 멸망했습니다.'],
    });
    expect(pub.history.map((l) => l.text)).toEqual(['【건국】중립 위가 새로이 등장하였습니다.', '【멸망】 오는 멸망했습니다.']);
    expect(pub.logs.map((l) => l.text)).toEqual(['장수1이 출병합니다.']);
    expect(pub.log).toBeUndefined();
    expect(JSON.stringify(pub)).not.toMatch(/징병|출병했습니다|국가 기록|until/);
    expect(moveView(w, advance, 'user-2')).toMatchObject({ log: [{ text: '징병했습니다.' }], nationLog: [{ text: '국가 기록' }] });
    expect(moveView(w, advance, 'user-4')).toMatchObject({ log: [{ text: '출병했습니다.' }], nationLog: [] });
    const reserve = { number: 6, seat: 'user-2', payload: { type: 'reserve', generalId: 2, command: 'che_징병', arg: { crewType: 1100, amount: 1000 }, slots: [0] } };
    const hidden = moveView(w, reserve, null);
    expect(hidden).toMatchObject({ kind: 'player', history: [], logs: [] });
    expect(JSON.stringify(hidden)).not.toMatch(/user-2|che_징병|1100|generalId/);
    expect(moveView(w, { number: 6, seat: null, payload: { type: 'operatorLog', text: '점검' } }, null).kind).toBe('operator');
  });
});

describe('the views on the engine', () => {
  it('tell each seat the lines of its turn, move by move, and never change the state', () => {
    const table = new SammoTable({ world: 'synthetic', generals: 40, nations: 3, cities: 12 }, '7c'.repeat(32));
    const seat = [...table.state.data.generals.values()].find((g) => g.owner !== null && g.nation !== 0)!.owner!;
    const before = JSON.stringify(writeWorld(table.state.data));
    sammoViews.seat(table.state, seat);
    sammoViews.public(table.state);
    expect(JSON.stringify(writeWorld(table.state.data))).toBe(before);
    table.advanceMonths(2);
    const move = table.log.moves.at(-1)!;
    const told = sammoViews.move(table.state, move, seat) as { log: { move: number }[]; kind: string };
    expect(told.kind).toBe('time');
    expect(told.log.length).toBeGreaterThan(0);
    expect(told.log.every((l) => l.move === move.number)).toBe(true);
    expect(readWorld(JSON.parse(JSON.stringify(writeWorld(table.state.data)))).logs.at(-1)!.move).toBe(move.number);
  });
});

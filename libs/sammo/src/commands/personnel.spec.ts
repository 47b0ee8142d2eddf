import { firstFailure } from './feasible';
import { addGeneral, commandContext, smallWorld } from '../testing/small-world';
import { readWorld, writeWorld } from '../state/serialize';
import type { World } from '../world/types';
import { join } from './general/join';
import { joinGeneral } from './general/join-general';
import { joinRandom } from './general/join-random';
import { assemble } from './general/assemble';
import { returnHome } from './general/return-home';
import { resign } from './general/resign';
import { donate } from './general/donate';
import { gift } from './general/gift';
import { roundedAmount } from './general/resource-amount';
import { tradeRice } from './general/trade-rice';
import { assign } from './nation/assign';
import { confiscate } from './nation/confiscate';
import { grant } from './nation/grant';

const ctxFor = (world: World, id: number) => commandContext(world, id, 'personnel');

describe('임관 and its variants (§5.4)', () => {
  it('joins at the ruler’s city as an ordinary officer, with 700 experience in a small nation', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12, city: 2 });
    const wanderer = addGeneral(world, { id: 2, nation: 0, officerLevel: 0, city: 3 });
    join.run(ctxFor(world, 2), { destNationId: 1 });
    expect(wanderer).toMatchObject({ nation: 1, officerLevel: 1, city: 2, belong: 1, experience: 700 });
    expect(world.nations.get(1)!.gennum).toBe(2);
  });

  it('refuses members, closed nations and those who just left', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 });
    expect(firstFailure(ctxFor(world, 1), join, { destNationId: 2 })).toBe('재야가 아닙니다.');
    const w = addGeneral(world, { id: 2, nation: 0, officerLevel: 0 });
    world.nations.get(1)!.scout = 1;
    expect(firstFailure(ctxFor(world, 2), join, { destNationId: 1 })).toBe('임관이 금지되어 있습니다.');
    w.makelimit = 5;
    expect(firstFailure(ctxFor(world, 2), join, { destNationId: 2 })).toBe('재야가 된지 12턴이 지나야 합니다.');
  });

  it('records joins from the third year (or for npc 1) and refuses a return to such a nation', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12 });
    // relYear 0 (190 − 190), npc 2: legacy leaves no record, so a later return is allowed.
    const early = addGeneral(world, { id: 2, npc: 2, nation: 0, officerLevel: 0 });
    join.run(ctxFor(world, 2), { destNationId: 1 });
    expect(early.aux.joinedNations).toBeUndefined();
    // npc 1 (possessed) is recorded whatever the year.
    const possessed = addGeneral(world, { id: 3, npc: 1, nation: 0, officerLevel: 0 });
    join.run(ctxFor(world, 3), { destNationId: 1 });
    expect(possessed.aux.joinedNations).toEqual([1]);
    // relYear 3 (193 − 190): a user is recorded too.
    world.env.year = 193;
    const user = addGeneral(world, { id: 4, nation: 0, officerLevel: 0 });
    join.run(ctxFor(world, 4), { destNationId: 1 });
    expect(user.aux.joinedNations).toEqual([1]);
    user.nation = 0;
    user.officerLevel = 0;
    expect(firstFailure(ctxFor(world, 4), join, { destNationId: 1 })).toBe('이미 임관했었던 국가입니다.');
    expect(firstFailure(ctxFor(world, 4), join, { destNationId: 2 })).toBeNull();
    // The record survives a save and load.
    expect(readWorld(writeWorld(world)).generals.get(4)!.aux.joinedNations).toEqual([1]);
  });

  it('follows a general into their nation and city', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, nation: 2, city: 3 });
    const a = addGeneral(world, { id: 2, nation: 0, officerLevel: 0 });
    joinGeneral.run(ctxFor(world, 2), { destGeneralId: 1 });
    expect(a).toMatchObject({ nation: 2, city: 3 });
  });
});

describe('랜덤임관 (legacy che_랜덤임관)', () => {
  // Stream floats and ints hand-decoded from SHA-512(str(64,5a…)|str(9,personnel)|int(id) ‖ 0):
  //   id 3: float 0.57875 (0fce857b1d8512), float 0.39285 (0cad2b6f32920c); after one float the
  //         4-bit nextInt(10) reads 0c 0d 0b 0f (all > 10, redrawn) then 02; after two floats, 06.
  //   id 5: float 0.74196 (597766eb1fbe17), then nextInt(10) reads 0f (redrawn), 02.
  const weakWorld = () => {
    const world = smallWorld();
    // 위: L 40, S = I = 15 (NPC) → war 100/100 × 1 × 40 = 40, development (sqrt(225)×2 + 20)/5 = 10 → 50.
    addGeneral(world, { id: 1, npc: 2, leadership: 40, strength: 15, intel: 15 });
    // 오: L 40, S = I = 40 → 40 + (80 + 20)/5 = 60.
    addGeneral(world, { id: 2, npc: 2, nation: 2, city: 3, leadership: 40, strength: 40, intel: 40 });
    return world;
  };

  it('draws weak nations more often: weight (1/(war + development))³', () => {
    // P(위) = 50⁻³ / (50⁻³ + 60⁻³) = 0.63343.
    const world = weakWorld();
    const a = addGeneral(world, { id: 3, nation: 0, officerLevel: 0 });
    expect(firstFailure(ctxFor(world, 3), joinRandom, null)).toBeNull();
    joinRandom.run(ctxFor(world, 3), null);
    // 0.57875 ≤ 0.63343 → 위; talk index 2.
    expect(a.nation).toBe(1);
    // The unique-item lottery that follows may chronicle a find after it.
    expect(world.history.map((e) => e.text)).toContain('장수3이 발길이 닿는 대로 위에 임관했습니다.');
    const other = weakWorld();
    const b = addGeneral(other, { id: 5, nation: 0, officerLevel: 0 });
    joinRandom.run(ctxFor(other, 5), null);
    // 0.74196 > 0.63343 → 오.
    expect(b.nation).toBe(2);
  });

  it('lets NPCs of historical scenarios pick by the ruler’s affinity, with legacy’s carried-over distance', () => {
    const world = smallWorld();
    world.env.scenarioId = 1020;
    addGeneral(world, { id: 1, officerLevel: 12, affinity: 100 });
    addGeneral(world, { id: 2, officerLevel: 12, nation: 2, city: 3, affinity: 140 });
    const g = addGeneral(world, { id: 3, npc: 2, nation: 0, officerLevel: 0, affinity: 10 });
    joinRandom.run(ctxFor(world, 3), null);
    // 위: |10 − 100| = 90 → min(90, |90 − 150|) = 60: log2(61) + 0.57875 + sqrt(1/2) = 7.21659.
    // 오: from the carried 60: |60 − 140| = 80 → min(80, 70) = 70: log2(71) + 0.39285 + 0.70711
    // = 7.24970. Lowest wins → 위 (measured from the joiner's own 10, 오 would score 5.49 and win).
    expect(g.nation).toBe(1);
    expect(world.history.at(-1)!.text).toBe('장수3이 유명한 위에 임관했습니다.');
  });

  it('fails to 인재탐색 when no nation takes members (all scouting closed)', () => {
    const world = weakWorld();
    for (const n of world.nations.values()) n.scout = 1;
    const g = addGeneral(world, { id: 3, nation: 0, officerLevel: 0 });
    expect(firstFailure(ctxFor(world, 3), joinRandom, null)).toBeNull();
    expect(joinRandom.run(ctxFor(world, 3), null)).toBe(false);
    expect(joinRandom.alternative!(ctxFor(world, 3), null)).toEqual({ key: 'che_인재탐색', arg: null });
    expect(g.nation).toBe(0);
    expect(world.logs.at(-1)!.text).toBe('임관 가능한 국가가 없습니다.');
  });
});

describe('하야 (§5.4)', () => {
  it('leaves riches above 1000 to the nation and costs trust', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, experience: 1000, dedication: 500 });
    g.gold = 3500;
    g.rice = 800;
    g.betray = 2;
    resign.run(ctxFor(world, 1), null);
    expect(g).toMatchObject({ nation: 0, officerLevel: 0, gold: 1000, rice: 800, betray: 3, makelimit: 12, experience: 800, dedication: 400 });
    expect(world.nations.get(1)).toMatchObject({ gold: 12500, gennum: 0 });
  });

  it('is not for rulers', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12 });
    expect(firstFailure(ctxFor(world, 1), resign, null)).toBe('군주입니다.');
  });
});

describe('증여, 헌납, 군량매매', () => {
  it('rounds amounts to hundreds between 100 and 10000', () => {
    expect([1, 149, 150, 2449, 99999].map(roundedAmount)).toEqual([100, 100, 200, 2400, 10000]);
  });

  it('gives to a fellow general and to the nation for exp 70, ded 100 and a leadership point of exp', () => {
    const world = smallWorld();
    const a = addGeneral(world, { id: 1 });
    const b = addGeneral(world, { id: 2 });
    a.leadershipExp = 29;
    gift.run(ctxFor(world, 1), { isGold: true, amount: 300, destGeneralId: 2 });
    expect([a.gold, b.gold]).toEqual([700, 1300]);
    // Legacy che_증여: exp +70, ded +100, leadership_exp +1 → 30 → checkStatChange: L 50 → 51.
    expect([a.experience, a.dedication, a.leadership, a.leadershipExp]).toEqual([70, 100, 51, 0]);
    // 헌납 keeps nothing back (che_헌납: valueFit(5000, 0, 1000)): all 1000 go.
    donate.run(ctxFor(world, 1), { isGold: false, amount: 5000 });
    expect(a.rice).toBe(0);
    expect(world.nations.get(1)!.rice).toBe(11000);
    expect([a.experience, a.dedication, a.leadershipExp]).toEqual([140, 200, 1]);
    addGeneral(world, { id: 3, nation: 2, city: 3 });
    expect(firstFailure(ctxFor(world, 1), gift, { isGold: true, amount: 100, destGeneralId: 3 })).toBe('아국 장수가 아닙니다.');
  });

  it('runs at exactly the minimum (ReqGeneralRice(500)) and earns; refuses below it', () => {
    const world = smallWorld();
    const a = addGeneral(world, { id: 1 });
    a.rice = 500;
    expect(firstFailure(ctxFor(world, 1), donate, { isGold: false, amount: 100 })).toBeNull();
    donate.run(ctxFor(world, 1), { isGold: false, amount: 100 });
    expect([a.rice, world.nations.get(1)!.rice]).toEqual([400, 10100]);
    expect([a.experience, a.dedication]).toEqual([70, 100]);
    a.rice = 499;
    expect(firstFailure(ctxFor(world, 1), donate, { isGold: false, amount: 100 })).toBe('군량이 모자랍니다.');
    // The gold minimum is 0: even an empty purse passes and gives nothing.
    a.gold = 0;
    expect(firstFailure(ctxFor(world, 1), donate, { isGold: true, amount: 100 })).toBeNull();
  });

  it('trades rice at the city rate, pays the 1% fee to the nation and earns exp 30, ded 50', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    const nation = world.nations.get(1)!;
    expect(firstFailure(ctxFor(world, 1), tradeRice, { buyRice: true, amount: 100 })).toBe('도시에 상인이 없습니다.');
    world.cities[1]!.trade = 105;
    tradeRice.run(ctxFor(world, 1), { buyRice: true, amount: 500 });
    // Legacy buy at r = 1.05: spent = min(500×1.05, 1000) = 525, fee 5.25 (525 + 5.25 ≤ 1000),
    // rice 525/1.05 = 500; gold 1000 − 530.25 = 469.75 → 470; nation + trunc(5.25) = 5.
    expect([g.gold, g.rice, nation.gold]).toEqual([470, 1500, 10005]);
    expect([g.experience, g.dedication]).toEqual([30, 50]);
    // The stat point: the stream's first float 0.58266 (bytes 3e091c9a1da512 of
    // str(64,5a…)|str(9,personnel)|int(1)) × (50+50+50) = 87.4 → past leadership's 50,
    // within strength's next 50.
    expect([g.leadershipExp, g.strengthExp, g.intelExp]).toEqual([0, 1, 0]);
    tradeRice.run(ctxFor(world, 1), { buyRice: false, amount: 1000 });
    // Sell: 1000 × 1.05 = 1050 gold, fee 10.5 → 470 + 1039.5 = 1509.5 → 1510; nation + 10.
    expect([g.gold, g.rice, nation.gold]).toEqual([1510, 500, 10015]);
  });

  it('scales a purchase down to the gold held, fee included', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    world.cities[1]!.trade = 100;
    g.gold = 300;
    tradeRice.run(ctxFor(world, 1), { buyRice: true, amount: 1000 });
    // spent = min(1000, 300) = 300, 300 + 3 > 300 → spent = 300 × 300/303 = 297.03, fee 2.97:
    // rice 1000 + 297.03 → 1297, gold 0, nation + trunc(2.97) = 2.
    expect([g.gold, g.rice, world.nations.get(1)!.gold]).toEqual([0, 1297, 10002]);
  });

  it('lets an AI general trade at par without a merchant, and a wanderer trade anywhere', () => {
    const world = smallWorld();
    const npc = addGeneral(world, { id: 1, npc: 2 });
    expect(firstFailure(ctxFor(world, 1), tradeRice, { buyRice: false, amount: 200 })).toBeNull();
    tradeRice.run(ctxFor(world, 1), { buyRice: false, amount: 200 });
    // r = 1.0: 200 gold − fee 2 = 198.
    expect([npc.gold, npc.rice]).toEqual([1198, 800]);
    world.cities[3]!.trade = 100;
    addGeneral(world, { id: 2, nation: 0, officerLevel: 0, city: 3 });
    expect(firstFailure(ctxFor(world, 2), tradeRice, { buyRice: true, amount: 100 })).toBeNull();
    addGeneral(world, { id: 3, city: 3 });
    expect(firstFailure(ctxFor(world, 3), tradeRice, { buyRice: true, amount: 100 })).toBe('아국이 아닙니다.');
  });
});

describe('집합', () => {
  it('calls the troop to its leader, and only a leader may', () => {
    const world = smallWorld();
    const leader = addGeneral(world, { id: 1, city: 2 });
    const member = addGeneral(world, { id: 2, city: 1 });
    const outsider = addGeneral(world, { id: 3, city: 1 });
    leader.troop = 1;
    member.troop = 1;
    expect(firstFailure(ctxFor(world, 2), assemble, null)).toBe('부대장이 아닙니다.');
    assemble.run(ctxFor(world, 1), null);
    expect([member.city, outsider.city]).toEqual([2, 1]);
    expect(leader).toMatchObject({ experience: 70, dedication: 100, leadershipExp: 1 });
  });
});

describe('귀환', () => {
  it('sends a city officer to the post and others to the capital', () => {
    const world = smallWorld();
    const officer = addGeneral(world, { id: 1, city: 1, officerLevel: 4 });
    officer.officerCity = 2;
    returnHome.run(ctxFor(world, 1), null);
    expect(officer.city).toBe(2);
    const member = addGeneral(world, { id: 2, city: 2 });
    returnHome.run(ctxFor(world, 2), null);
    expect(member).toMatchObject({ city: 1, experience: 70, dedication: 100 });
  });
});

describe('nation commands (§5.5)', () => {
  it('포상 pays from above the base stock', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12 });
    const b = addGeneral(world, { id: 2 });
    world.nations.get(1)!.rice = 2300;
    grant.run(ctxFor(world, 1), { isGold: false, amount: 1000, destGeneralId: 2 });
    expect(b.rice).toBe(1300);
    expect(world.nations.get(1)!.rice).toBe(2000);
    expect(firstFailure(ctxFor(world, 1), grant, { isGold: false, amount: 100, destGeneralId: 2 })).toBe('병량이 부족합니다.');
    expect(firstFailure(ctxFor(world, 2), grant, { isGold: true, amount: 100, destGeneralId: 1 })).toBe('수뇌가 아닙니다.');
    // Legacy ReqNationRice(1 + base): 42 above the base is enough, and all of it is paid.
    world.nations.get(1)!.rice = 2042;
    expect(firstFailure(ctxFor(world, 1), grant, { isGold: false, amount: 1000, destGeneralId: 2 })).toBeNull();
    grant.run(ctxFor(world, 1), { isGold: false, amount: 1000, destGeneralId: 2 });
    expect(b.rice).toBe(1342);
  });

  it('몰수 rounds to hundreds (Util::round(amount, -2)) and is barred in the opening years', () => {
    const world = smallWorld();
    const chief = addGeneral(world, { id: 1, officerLevel: 12 });
    const b = addGeneral(world, { id: 2 });
    expect(firstFailure(ctxFor(world, 1), confiscate, { isGold: true, amount: 550, destGeneralId: 2 })).toBe('초반 제한 중에는 불가능합니다.');
    world.env.year = 194;
    confiscate.run(ctxFor(world, 1), { isGold: true, amount: 550, destGeneralId: 2 });
    expect(b.gold).toBe(400);
    expect(world.nations.get(1)!.gold).toBe(10600);
    // Legacy che_몰수 gives the chief nothing (che_포상 neither).
    expect([chief.experience, chief.dedication]).toEqual([0, 0]);
  });

  it('발령 moves a fellow general to an own supplied city', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12 });
    const b = addGeneral(world, { id: 2 });
    expect(firstFailure(ctxFor(world, 1), assign, { destGeneralId: 2, destCityId: 3 })).toBe('대상 도시가 아국이 아닙니다.');
    assign.run(ctxFor(world, 1), { destGeneralId: 2, destCityId: 2 });
    expect(b.city).toBe(2);
    expect(b.aux.last발령).toBe(190 * 12);
    b.turntime += 3_600_000;
    assign.run(ctxFor(world, 1), { destGeneralId: 2, destCityId: 1 });
    expect(b.aux.last발령).toBe(190 * 12 + 1);
  });
});

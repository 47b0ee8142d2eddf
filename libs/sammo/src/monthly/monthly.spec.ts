import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../testing/small-world';
import { Diplo } from '../world/constants';
import { updateDiplomacy } from './diplomacy';
import { raiseDisaster } from './disaster';
import { DEFAULT_EVENTS, holds, runEvents } from './events';
import { FIRST_SCENARIO_EVENT_ID } from '../world/stored-events';
import { setNationFronts } from '../world/fronts';
import { processIncome } from './income';
import { cityIncome } from '../stats/income';
import { levelForCities, updateNationLevel } from './nation-level';
import { updateNationPower } from './power';
import { processSemiAnnual } from './semi-annual';
import { processWarIncome, updateCitySupply } from './supply';
import { randomizeCityTradeRate } from './trade-rate';
import { preUpdateMonthly } from './pre-update';
import { postUpdateMonthly } from './post-update';
import { advanceWorld } from '../turn/advance';
import { newRun } from '../state/turn-run';
import { phpRound } from '../world/php-math';

describe('ProcessIncome (§6.6)', () => {
  it('collects from each supplied city and pays salaries from above the base', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    const a = addGeneral(world, { id: 1 });
    const b = addGeneral(world, { id: 2, dedication: 101 });
    // Capital 가: 100000 × 0.1 × (50/200 + 0.5) / 30 = 250; × (1 + 0.01) × (1 + 1/(3×2)) = 294.58 → 295.
    expect(cityIncome(world.cities[1]!, nation, 'gold', 0)).toBe(295);
    // 나: 250 × 1.01 = 252.5 → 253; an officer standing in the city adds ×1.05.
    expect(cityIncome(world.cities[2]!, nation, 'gold', 0)).toBe(253);
    expect(cityIncome(world.cities[2]!, nation, 'gold', 1)).toBe(265);
    processIncome(world, 'gold');
    // Salaries: getBill(0) = 400, getBill(101) = 800 at bill 100%.
    expect(nation.prevIncomeGold).toBe(548);
    expect(nation.gold).toBe(10000 + 548 - 1200);
    expect(a.gold).toBe(1400);
    expect(b.gold).toBe(1800);
  });

  it('adds wall rice and pays only what stays above 2000 rice', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.rice = 1400;
    const g = addGeneral(world, { id: 1 });
    processIncome(world, 'rice');
    // farms 295 + 253, walls: 2000 × 2000/8000 / 3 = 166.67 → ×1.01×7/6 = 196.39 → 196 and ×1.01 = 168.33 → 168.
    expect(nation.prevIncomeRice).toBe(295 + 253 + 196 + 168);
    expect(nation.rice).toBe(2000);
    // 1400 + 912 leaves 312 above the base, less than the 400 owed: all of it is paid.
    expect(g.rice).toBe(1000 + 312);
  });

  it("counts a city's officers for the city's own nation only (legacy's per-nation query)", () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    // An officer of 오 (nation 2) appointed to 나 and standing there: 위's 나 still pays 253, not 265.
    addGeneral(world, { id: 1, nation: 2, city: 2, officerLevel: 3 }).officerCity = 2;
    processIncome(world, 'gold');
    expect(nation.prevIncomeGold).toBe(295 + 253);
    // 위's own officer there counts (×1.05: 265).
    addGeneral(world, { id: 2, city: 2, officerLevel: 4 }).officerCity = 2;
    nation.gold = 10000;
    processIncome(world, 'gold');
    expect(nation.prevIncomeGold).toBe(295 + 265);
  });

  it('counts officers of levels 2 to 4 at their post, pays no troop dummy, and logs the sums', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    addGeneral(world, { id: 1 });
    const dummy = addGeneral(world, { id: 2, npc: 5 });
    // A chief (level 5) standing in 나, and a level-4 officer of 나 standing elsewhere: neither counts.
    addGeneral(world, { id: 3, city: 2, officerLevel: 5 }).officerCity = 2;
    addGeneral(world, { id: 4, city: 1, officerLevel: 4 }).officerCity = 2;
    processIncome(world, 'gold');
    expect(nation.prevIncomeGold).toBe(295 + 253);
    // Salaries 3 × getBill(0) = 1200; the troop dummy (npc 5) is neither owed nor paid.
    expect(nation.gold).toBe(10000 + 548 - 1200);
    expect(dummy.gold).toBe(1000);
    // 오 (no generals) collects from its capital 다, level 1: 250 × 1.01 × (1 + 1/3) = 336.67 → 337.
    expect(world.logs.filter((l) => l.scope === 'nation').map((l) => [l.subject, l.text])).toEqual([[1, '금 수입 548, 봉급 1200'], [2, '금 수입 337, 봉급 0']]);
  });

  it('collects nothing from an unsupplied city', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    world.cities[2]!.supply = 0;
    processIncome(world, 'gold');
    // Only the capital's 295 (나's 253 is cut off).
    expect(nation.prevIncomeGold).toBe(295);
  });

  it('pays no salary, and takes none back, from a nation under its base stock', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.rice = 0;
    const g = addGeneral(world, { id: 1 });
    processIncome(world, 'rice');
    // 0 + 912 stays under the 2000 base: the nation is set to the base, salaries are 0.
    expect(nation.rice).toBe(2000);
    expect(g.rice).toBe(1000);
  });
});

describe('ProcessSemiAnnual (§6.5)', () => {
  it('decays, then grows supplied cities by the tax rate, then decays large stocks', () => {
    const world = smallWorld();
    world.cities[3]!.nation = 0;
    const g = addGeneral(world, { id: 1 });
    g.gold = 20000;
    processSemiAnnual(world, 'gold');
    const city = world.cities[1]!;
    // secu 1000 → 990 first; pop = 5000 + 100000 × (1 + 0.05 × (1 + 990/10000/10)) = 110049.5 → 110050.
    expect(city.pop).toBe(110050);
    expect(city.agri).toBe(990);
    expect(city.trust).toBe(50);
    // A neutral city decays twice and its trust resets to 50.
    expect(world.cities[3]!.agri).toBe(980);
    expect(g.gold).toBe(19400);
    expect(world.nations.get(1)!.gold).toBe(9900);
  });

  it('moves trust through the FLOAT column: MariaDB adds to the float32, PHP reads six digits back', () => {
    const world = smallWorld();
    world.nations.get(1)!.rateTmp = 25;
    world.cities[1]!.trust = 8.9;
    processSemiAnnual(world, 'gold');
    // Legacy (MariaDB, hidche_core): 3.9; in doubles 8.9 + 20 − 25 = 3.8999999999999986.
    expect(world.cities[1]!.trust).toBe(3.9);
  });
});

describe('supply and war income (§6.3, §6.4)', () => {
  it('cuts off a city with no path to the capital and lets it go below 30 trust', () => {
    const world = smallWorld();
    world.cities[2]!.nation = 2;
    world.cities[3]!.nation = 1;
    const g = addGeneral(world, { id: 1, city: 3 });
    g.crew = 1000;
    world.nations.get(2)!.capital = 2;
    updateCitySupply(world);
    expect(world.cities[3]).toMatchObject({ supply: 0, pop: 90000, nation: 1 });
    expect(world.cities[3]!.trust).toBeCloseTo(45, 10);
    expect(g.crew).toBe(950);
    world.cities[3]!.trust = 31;
    updateCitySupply(world);
    expect(world.cities[3]!.nation).toBe(0);
    expect(world.history.at(-1)!.text).toContain('【고립】');
  });

  it("writes a cut-off city's trust × 0.9 through the FLOAT column (legacy 27.6 → 24.84)", () => {
    const world = smallWorld();
    world.cities[3]!.nation = 1;
    world.cities[2]!.nation = 2;
    world.nations.get(2)!.capital = 2;
    world.cities[3]!.trust = 27.6;
    updateCitySupply(world);
    // In doubles 24.840000000000003; the legacy reads 24.84 back, and the city is lost (< 30).
    expect(world.cities[3]!.trust).toBe(24.84);
    expect(world.cities[3]!.nation).toBe(0);
  });

  it('turns the dead into gold and people', () => {
    const world = smallWorld();
    world.cities[1]!.dead = 1234;
    processWarIncome(world);
    expect(world.nations.get(1)!.gold).toBe(10123);
    expect(world.cities[1]).toMatchObject({ dead: 0, pop: 100247 });
  });
});

describe('random monthly actions (§6.7)', () => {
  it('draws trade rates city by city from its own stream', () => {
    const world = smallWorld();
    world.cities[1]!.level = 8;
    world.cities[2]!.level = 2;
    randomizeCityTradeRate(world, streamFromSeed(TEST_SEED, 'trade'));
    const replay = streamFromSeed(TEST_SEED, 'trade');
    const expected1 = replay.nextRangeInt(95, 105); // level 8: nextBool(1) draws nothing
    const expected3 = replay.nextBool(0.4) ? replay.nextRangeInt(95, 105) : null;
    expect(world.cities.slice(1).map((c) => c.trade)).toEqual([expected1, null, expected3]);
  });

  it('raises no disaster in the first three years and draws nothing then', () => {
    const world = smallWorld();
    world.cities[1]!.state = 5;
    const rng = streamFromSeed(TEST_SEED, 'd');
    raiseDisaster(world, rng);
    expect(world.cities[1]!.state).toBe(0);
    expect(rng.nextFloat1()).toBe(streamFromSeed(TEST_SEED, 'd').nextFloat1());
  });

  // Draws computed outside the engine (Python hashlib) from the legacy DRBG rules (§9):
  // block 0 = SHA-512(seed ‖ 00000000), read as 7-byte little-endian 54-bit floats and a
  // 2-bit nextInt(3) for the 4-message choice. Seed strings:
  //   str(64,5a…5a)|str(7,disater)|int(194)|int(1) and …|int(217)|int(10).
  // Month 1 and 10 draw no `good` flag (nextBool(0)); secu 0 makes p = 0.06 for each city.
  it('strikes the drawn cities with the one drawn state (Jan 194: 황건적 on 다)', () => {
    const world = smallWorld();
    world.env.year = 194;
    world.env.month = 1;
    for (const c of world.cities.slice(1)) c.secu = 0;
    world.cities[3]!.trust = 27.3;
    // bytes 26f5b097a46303 → 0.10591, e936ff287fc50a → 0.33661, d1991a76e72201 → 0.03551:
    // only city 3 is below 0.06. Next byte 03 → index 3 of [4 역병, 5 지진, 3 추위, 9 황건적].
    raiseDisaster(world, streamFromSeed(TEST_SEED, 'disater', 194, 1));
    expect(world.cities.slice(1).map((c) => c.state)).toEqual([0, 0, 9]);
    // r = clamp(0/0.8) = 0 → factor 0.8 on the hit city only.
    expect(world.cities.slice(1).map((c) => c.pop)).toEqual([100000, 100000, 80000]);
    // Trust × 0.8 through the FLOAT column: 21.84 read back (21.840000000000003 in doubles).
    expect(world.cities[3]!.trust).toBe(21.84);
    expect(world.history.at(-1)!.text).toContain('황건적이 출현해');
  });

  it('counts the repeated October cold message in the choice (Oct 217: 혹한 on 다)', () => {
    const world = smallWorld();
    world.env.year = 217;
    world.env.month = 10;
    for (const c of world.cities.slice(1)) c.secu = 0;
    // bytes 07aa4d6a2e4a04 → 0.13406, 8b8a36c91b260a → 0.31715, 36e8a951288900 → 0.01674:
    // city 3 hit. Next byte 02 → index 2 of [3 혹한, 5 지진, 3 눈, 9 황건적] = state 3
    // (the old three-message list would have given 9).
    raiseDisaster(world, streamFromSeed(TEST_SEED, 'disater', 217, 10));
    expect(world.cities.slice(1).map((c) => c.state)).toEqual([0, 0, 3]);
    expect(world.history.at(-1)!.text).toContain('눈이 많이 쌓여');
  });
});

describe('nation level, diplomacy, fronts, power (§6.7, §6.8)', () => {
  it('raises a nation by its cities of level 4 or more, never lowers it', () => {
    expect([0, 1, 2, 5, 8, 11, 16, 21].map(levelForCities)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const world = smallWorld();
    world.cities[2]!.nation = 2;
    updateNationLevel(world, seededStreams());
    expect(world.nations.get(2)).toMatchObject({ level: 2, gold: 12000, rice: 12000 });
    expect(world.nations.get(1)!.level).toBe(2);
    expect(Object.keys(world.nations.get(2)!.chiefQueues).map(Number)).toEqual([9, 10, 11, 12]);
  });

  it('turns an expired declaration into war and an expired NAP into normal relations', () => {
    const world = smallWorld();
    world.diplomacy.set('1:2', { state: Diplo.declared, term: 1, dead: 0 });
    world.diplomacy.set('2:1', { state: Diplo.nap, term: 1, dead: 5 });
    updateDiplomacy(world);
    expect(world.diplomacy.get('1:2')).toEqual({ state: Diplo.war, term: 6, dead: 0 });
    expect(world.diplomacy.get('2:1')).toEqual({ state: Diplo.normal, term: 0, dead: 0 });
  });

  it('ends a war both sides are exhausted of', () => {
    const world = smallWorld();
    world.diplomacy.set('1:2', { state: Diplo.war, term: 1, dead: 0 });
    world.diplomacy.set('2:1', { state: Diplo.war, term: 0, dead: 0 });
    updateDiplomacy(world);
    expect(world.diplomacy.get('1:2')!.state).toBe(Diplo.normal);
    expect(world.diplomacy.get('2:1')!.state).toBe(Diplo.normal);
  });

  it('marks fronts next to enemies at war', () => {
    const world = smallWorld();
    world.diplomacy.set('1:2', { state: Diplo.war, term: 6, dead: 0 });
    setNationFronts(world);
    expect(world.cities.slice(1).map((c) => c.front)).toEqual([0, 3, 0]);
  });

  it("leaves a neutral city's and a band's front as it is (legacy SetNationFront runs per level > 0 nation)", () => {
    const world = smallWorld();
    world.cities[1]!.nation = 0;
    world.cities[1]!.front = 3;
    world.nations.get(2)!.level = 0;
    world.cities[3]!.front = 1;
    setNationFronts(world);
    expect(world.cities.slice(1).map((c) => c.front)).toEqual([3, 2, 1]);
  });

  it('keeps front 2 next to an empty city while a declaration is still distant (term > 5)', () => {
    // 가(1) — 나(2, empty) — 다(3, nation 2). Legacy: calm iff no city next to war or
    // near-declaration (term ≤ 5) cities; 가 is next to the empty 나 → 2 when calm.
    const world = smallWorld();
    world.cities[2]!.nation = 0;
    world.diplomacy.set('1:2', { state: Diplo.declared, term: 10, dead: 0 });
    setNationFronts(world);
    expect(world.cities[1]!.front).toBe(2);
    // term 5: adj1 = neighbours of 다 = {나}; not calm, and 가 is next to none of them → 0.
    world.diplomacy.set('1:2', { state: Diplo.declared, term: 5, dead: 0 });
    setNationFronts(world);
    expect(world.cities[1]!.front).toBe(0);
  });

  it('computes power with one draw per nation', () => {
    const world = smallWorld();
    world.nations.delete(2);
    world.cities[3]!.nation = 0;
    addGeneral(world, { id: 1, leadership: 50, strength: 64, intel: 49 });
    updateNationPower(world, streamFromSeed(TEST_SEED, 'p'));
    // resources (10000 + 10000 + 2000)/100 = 220; tech 1000; cities: pop 200000 × dev 2×107000 / max 2×446000 / 100 = 479.8 → 480;
    // general: 1000/1000 × 1.2 × 50 × 2 + (sqrt(49×64) × 2 + 25)/2 = 120 + 68.5; dex 0; exp/ded 0 → round(188.85) = 189.
    const raw = 189;
    expect(world.nations.get(1)!.power).toBe(phpRound(raw * streamFromSeed(TEST_SEED, 'p').nextRange(0.95, 1.05)));
  });

  it('gives power 0 to a nation whose SQL sum is NULL, still drawing its factor (func_gamerule.php)', () => {
    const run = (cutOff: boolean, withGenerals: boolean) => {
      const world = smallWorld();
      if (withGenerals) addGeneral(world, { id: 1, nation: 1 });
      addGeneral(world, { id: 2, nation: 2 });
      if (cutOff) for (const city of world.cities.slice(1)) if (city.nation === 1) city.supply = 0;
      world.nations.get(1)!.maxPower = 777;
      updateNationPower(world, streamFromSeed(TEST_SEED, 'p'));
      return [world.nations.get(1)!, world.nations.get(2)!] as const;
    };
    const [supplied, other] = run(false, true);
    expect(supplied.power).toBeGreaterThan(0);
    // Level > 0 without a supplied city, or without generals: NULL → 0, max_power kept…
    for (const [one, two] of [run(true, true), run(false, false)]) {
      expect([one.power, one.maxPower]).toEqual([0, 777]);
      // …and nation 2 still gets the second draw of the stream.
      expect(two.power).toBe(other.power);
    }
  });
});

describe('events (§6.2)', () => {
  it('numbers a scenario\'s events after the default table, as a stored world reads them', () => {
    expect(DEFAULT_EVENTS.map((e) => e.id)).toEqual(DEFAULT_EVENTS.map((_, i) => i + 1));
    expect(FIRST_SCENARIO_EVENT_ID).toBe(DEFAULT_EVENTS.length + 1);
  });

  it('evaluates date conditions on the new month', () => {
    const world = smallWorld();
    world.env.year = 191;
    world.env.month = 1;
    expect(holds({ kind: 'relative', years: 1, month: 1 }, world)).toBe(true);
    expect(holds({ kind: 'and', of: [{ kind: 'months', months: [1, 7] }, { kind: 'not', of: { kind: 'always' } }] }, world)).toBe(false);
    // Legacy Date compares [year, month] element by element, leaving out an absent one.
    expect(holds({ kind: 'date', cmp: '==', year: 191, month: 1 }, world)).toBe(true);
    expect(holds({ kind: 'date', cmp: '<', year: 191, month: 2 }, world)).toBe(true);
    expect(holds({ kind: 'date', cmp: '>=', year: 190, month: 12 }, world)).toBe(true);
    expect(holds({ kind: 'date', cmp: '>', year: null, month: 1 }, world)).toBe(false);
    expect(holds({ kind: 'date', cmp: '!=', year: 191, month: null }, world)).toBe(false);
  });

  it('runs by priority, then id', () => {
    const world = smallWorld();
    const order: string[] = [];
    const act = (name: string) => ({ name, run: () => order.push(name) });
    runEvents(world, seededStreams(), 'MONTH', [
      { id: 2, target: 'MONTH', priority: 10, condition: { kind: 'always' }, actions: [act('b')] },
      { id: 1, target: 'MONTH', priority: 10, condition: { kind: 'always' }, actions: [act('a')] },
      { id: 3, target: 'MONTH', priority: 50, condition: { kind: 'always' }, actions: [act('c')] },
      { id: 4, target: 'PRE_MONTH', priority: 99, condition: { kind: 'always' }, actions: [act('d')] },
    ]);
    expect(order).toEqual(['c', 'a', 'b']);
  });

  it("raises betrayal counts 0 and 1 to 2 in the fifth year's January, and only then (AddGlobalBetray 1 0, then 1 1)", () => {
    const world = smallWorld();
    const generals = [0, 1, 2, 3].map((betray, i) => Object.assign(addGeneral(world, { id: i + 1 }), { betray }));
    world.env.year = 194;
    world.env.month = 1;
    runEvents(world, seededStreams(), 'MONTH');
    // Legacy `UPDATE general SET betray = betray + 1 WHERE betray <= 0`, then `<= 1`: 0 → 1 → 2, 1 → 2.
    expect(generals.map((g) => g.betray)).toEqual([2, 2, 2, 3]);
    expect(world.history.some((h) => h.text.includes('하야, 망명시 패널티'))).toBe(true);
    world.env.year = 195;
    runEvents(world, seededStreams(), 'MONTH');
    expect(generals.map((g) => g.betray)).toEqual([2, 2, 2, 3]);
  });

  it('prepares the month: rate frozen, develcost, countdowns', () => {
    const world = smallWorld();
    world.env.year = 195;
    world.nations.get(1)!.rate = 15;
    world.cities[1]!.state = 43;
    addGeneral(world, { id: 1 }).makelimit = 2;
    preUpdateMonthly(world);
    expect(world.nations.get(1)!.rateTmp).toBe(15);
    expect(world.env.develcost).toBe(30);
    expect(world.env.cityRate).toBe(63);
    expect(world.cities[1]!.state).toBe(42);
    expect(world.generals.get(1)!.makelimit).toBe(1);
  });
});

describe('unification (§7.4)', () => {
  it('freezes the world once one nation holds every city', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12 });
    world.cities[3]!.nation = 1;
    postUpdateMonthly(world, streamFromSeed(TEST_SEED, 'm'), seededStreams(), world.env.turntime);
    expect(world.env.isunited).toBe(2);
    expect(world.history.at(-1)!.text).toContain('【통일】');
    const report = advanceWorld(newRun(world, seededStreams()), world.env.turntime + 10 * 3_600_000);
    expect(report).toMatchObject({ generalTurns: 0, months: 0 });
  });
});

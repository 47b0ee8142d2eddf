import { streamFromSeed } from '../../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../../testing/small-world';
import { generalHolder } from '../../turn/general-turn';
import { processCommand } from '../../turn/process-command';
import type { General, World } from '../../world/types';
import { contextFor, feasible, whyNot } from '../feasible';
import { GENERAL_COMMANDS } from '../registry';
import { joinRandom } from './join-random';
import { procure } from './procure';
import { sightseeing } from './sightseeing';
import { foundProbability, talentSearch } from './talent-search';

// Every stream below is the one a turn would use: ('generalCommand', 190, 1, gid, key) of the
// test seed 5a…5a. Draws were decoded with an independent script (Python hashlib):
// block 0 = SHA-512("str(64,5a…)|str(14,generalCommand)|int(190)|int(1)|int(gid)|str(n,key)"
// ‖ 00000000), read byte by byte; a float takes 7 bytes little-endian, low 54 bits / 2^53;
// nextInt(max) takes the bit length of max from ceil(bits/8) bytes, redrawn while above max.
const ctxFor = (world: World, g: General, key: string) => ({ ...contextFor(world, g, streamFromSeed(TEST_SEED, 'generalCommand', 190, 1, g.id, key)), random: seededStreams() });

describe('견문 (legacy che_견문)', () => {
  it('has no condition and is registered under its legacy key', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    expect(GENERAL_COMMANDS.get('che_견문')).toBe(sightseeing);
    expect(feasible(ctxFor(world, g, 'che_견문'), sightseeing, null)).toBe(true);
  });

  // The event and its text come from the stream ('sightseeing', 190, 1, gid), the injury from
  // the command's stream. The figures are the legacy's: che_견문 run by tools/legacy-diff on
  // the same seed, its mt_rand steered to the event drawn here (general-commands area).
  const seen = (world: World, g: General) => sightseeing.run({ ...ctxFor(world, g, 'che_견문'), random: seededStreams() }, null);

  it('hurts the general on a wound event (gid 3): injury nextRangeInt(10, 20), the first draw of the command stream', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 3, nation: 0, officerLevel: 0 });
    g.injury = 50;
    seen(world, g);
    expect([g.injury, g.experience, g.dedication, g.gold, g.rice]).toEqual([62, 30, 0, 1000, 1000]);
  });

  it('adds a heavy wound (gid 17) and caps the injury at 80 (gid 31)', () => {
    const world = smallWorld();
    const heavy = addGeneral(world, { id: 17, nation: 0, officerLevel: 0 });
    const worst = addGeneral(world, { id: 31, nation: 0, officerLevel: 0 });
    heavy.injury = worst.injury = 50;
    seen(world, heavy);
    seen(world, worst);
    expect([heavy.injury, heavy.experience]).toEqual([75, 30]);
    expect([worst.injury, worst.experience]).toEqual([80, 60]);
  });

  it('fills in the amount of a gold event (gid 2)', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 2, nation: 0, officerLevel: 0 });
    seen(world, g);
    expect([g.experience, g.strengthExp, g.gold]).toEqual([60, 2, 1300]);
    expect(world.logs.map((e) => e.text)).toContain('산적과 싸워 금 300을 빼앗았습니다.');
  });
});

describe('물자조달 (legacy che_물자조달)', () => {
  it('needs a supplied city of its own nation', () => {
    const world = smallWorld();
    const wanderer = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    expect(whyNot(ctxFor(world, wanderer, 'che_물자조달'), procure, null)).toBe('재야입니다.');
    const abroad = addGeneral(world, { id: 2, city: 3 });
    expect(whyNot(ctxFor(world, abroad, 'che_물자조달'), procure, null)).toBe('아국이 아닙니다.');
    const cut = addGeneral(world, { id: 3, city: 2 });
    world.cities[2]!.supply = 0;
    expect(whyNot(ctxFor(world, cut, 'che_물자조달'), procure, null)).toBe('고립된 도시입니다.');
  });

  // L = S = I = 50, no injury, explevel 0: L 50, S = 50 + round(50/4) = 63, I 63 → 176.
  it('brings rice with a critical success (gid 6)', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 6 });
    procure.run(ctxFor(world, g, 'che_물자조달'), null);
    // nextInt(1) reads b7 → 1 → 쌀. Range 0.8 + 0.74547 × 0.4 = 1.09819 → 193.28.
    // Outcome float 0.35104: past fail (0.3) 0.05104 ≤ 0.1 → success; × (2.2 + 0.37968 × 0.8
    // = 2.50375) = 483.93 → 484. exp 484 × 0.7/3 = 112.93 → 113, ded 161.33 → 161.
    // Stat float 0.93508 × 150 = 140.26 → past L and S → intel exp +1. Capital, no front.
    expect(world.nations.get(1)!.rice).toBe(10484);
    expect(world.nations.get(1)!.gold).toBe(10000);
    expect([g.experience, g.dedication, g.intelExp]).toEqual([113, 161, 1]);
    // The legacy logs the level changes after the command's line (General::addExperience).
    expect(world.logs.slice(-3).map((l) => l.text)).toEqual([
      '조달을 성공하여 쌀을 484 조달했습니다.', 'Lv 1로 레벨업!', '29품관으로 승급하여 봉록이 800으로 상승했습니다!',
    ]);
  });

  it('goes through the trait chain: the ruler’s leadership bonus and a personality (gid 6)', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 6, officerLevel: 12, personal: 'che_출세' });
    procure.run(ctxFor(world, g, 'che_물자조달'), null);
    // The same draws as above; a ruler of a level-2 nation leads with +2×2: L 54 → 180.
    // 180 × 1.09819 × 2.50375 = 494.92 → 495 rice. 출세: exp 495 × 0.7/3 × 1.1 = 127.05 → 127;
    // ded 165.
    expect(world.nations.get(1)!.rice).toBe(10495);
    expect([g.experience, g.dedication]).toEqual([127, 165]);
  });

  it('halves what a front city brings, not the rewards (gid 12)', () => {
    const world = smallWorld();
    world.cities[2]!.front = 1;
    const g = addGeneral(world, { id: 12, city: 2 });
    procure.run(ctxFor(world, g, 'che_물자조달'), null);
    // b2 → 0 → 금. 0.8 + 0.50497 × 0.4 = 1.00199 → 176.35; outcome 0.88123 → normal → 176.
    // exp 41.07 → 41, ded 58.67 → 59; city 2 is not the capital: × 0.5 → 88 gold.
    // Stat float 0.90637 × 150 = 135.96 → intel.
    expect(world.nations.get(1)!.gold).toBe(10088);
    expect([g.experience, g.dedication, g.intelExp]).toEqual([41, 59, 1]);
  });
});

describe('인재탐색 (legacy che_인재탐색)', () => {
  it('finds with legacy calcFoundProp', () => {
    // 2 + 2/2 = 3 of 4: (1/4)^6 against 1/(2/3 + 1) = 0.6 (fewer than 50 NPCs).
    expect(foundProbability(4, 2, 2)).toBeCloseTo(0.6, 12);
    // 300 + 60/2 = 330 of 500: (170/500)^6 = 0.0015448 against 1/500 (60 NPCs) → 0.002.
    expect(foundProbability(500, 300, 60)).toBeCloseTo(0.002, 12);
    // 100 of 500 with 90 NPCs: (400/500)^6 = 0.262144.
    expect(foundProbability(500, 55, 90)).toBeCloseTo(0.262144, 12);
    // No NPC yet: 1/(0 + 1) = 1, found for sure.
    expect(foundProbability(500, 499, 0)).toBe(1);
  });

  /** Player 12 and the finder (npc 0), NPCs 10 and 11 (npc 3): p = 0.6 with maxgeneral 4. */
  const crowded = (finderId: number) => {
    const world = smallWorld();
    world.env.maxgeneral = 4;
    world.env.develcost = 24;
    addGeneral(world, { id: 10, npc: 3 });
    addGeneral(world, { id: 11, npc: 3 });
    addGeneral(world, { id: 12 });
    return { world, finder: addGeneral(world, { id: finderId, nation: 0, officerLevel: 0 }) };
  };

  it('costs develcost gold, and a wanderer may search', () => {
    const { world, finder } = crowded(1);
    expect(GENERAL_COMMANDS.get('che_인재탐색')).toBe(talentSearch);
    finder.gold = 23;
    expect(whyNot(ctxFor(world, finder, 'che_인재탐색'), talentSearch, null)).toBe('자금이 모자랍니다.');
    finder.gold = 24;
    expect(whyNot(ctxFor(world, finder, 'che_인재탐색'), talentSearch, null)).toBeNull();
  });

  it('rewards a search that finds nobody (gid 1)', () => {
    const { world, finder } = crowded(1);
    talentSearch.run(ctxFor(world, finder, 'che_인재탐색'), null);
    // nextBool(0.6): float 7f410e65785115 → 0.66620 ≥ 0.6 → not found.
    // Stat float 0.23972 × 150 = 35.96 ≤ 50 → leadership exp +1. exp 100, ded 70, gold −24.
    expect(world.generals.size).toBe(4);
    expect([finder.experience, finder.dedication, finder.leadershipExp, finder.gold]).toEqual([100, 70, 1, 976]);
    // Then the unique-item lottery (its own stream) finds 노자 for this lone user.
    expect(world.logs.slice(-4).map((l) => l.text)).toEqual([
      '인재를 찾을 수 없었습니다.', 'Lv 1로 레벨업!', '30품관으로 승급하여 봉록이 600으로 상승했습니다!', '노자(+15)를 습득했습니다!',
    ]);
  });

  // The found talent's figures below are this port's on the test seed; the general-commands
  // differential (tools/legacy-diff) holds every field of a found talent to the legacy's
  // che_인재탐색 (0 mismatches in 200 cases).
  it('builds the found talent from the general pool (gid 6)', () => {
    const { world, finder } = crowded(6);
    const clock = world.env.turntime;
    talentSearch.run(ctxFor(world, finder, 'che_인재탐색'), null);
    // Found (p 0.6); age 20, death year 235; the pool's name 진건 with the found talent's
    // prefix; affinity; 지: sub 63, other 13, main 74; the personality; any city (the finder
    // is in 1); the first turn in the window after the cursor's; killturn to a month of 235.
    // Experience and dedication are 100 a year of age, the levels as legacy inserts them
    // (0 and 1); speciality ages 20 + round(60/12), 20 + round(60/6).
    const talent = world.generals.get(13)!;
    expect(talent).toMatchObject({
      name: 'ⓜ진건', npc: 3, npcOrg: 3, nation: 0, city: 3, officerLevel: 0, belong: 0, leadership: 63, strength: 13, intel: 74,
      bornyear: 170, deadyear: 235, age: 20, affinity: 9, turntime: clock + 3_600_000 + 3_467_212, killturn: 540, gold: 1000, rice: 1000,
      experience: 2000, dedication: 2000, explevel: 0, dedlevel: 1, personal: 'che_출세', special: null, special2: null, specage: 25, specage2: 30,
      dex: [0, 0, 0, 0, 0, 0],
    });
    expect(world.env.nextGeneralId).toBe(14);
    // The finder's stat draw comes after the pool's: strength exp +3.
    expect([finder.experience, finder.dedication, finder.strengthExp, finder.gold]).toEqual([200, 300, 3, 976]);
    expect(world.logs.slice(-3).map((l) => l.text)).toEqual([
      'ⓜ진건이라는 인재를 발견하였습니다!', 'Lv 2로 레벨업!', '29품관으로 승급하여 봉록이 800으로 상승했습니다!',
    ]);
    expect(world.history.at(-1)!.text).toBe('장수6이 ⓜ진건이라는 인재를 발견하였습니다!');
  });

  it('is where 랜덤임관 falls when no nation takes members, on 랜덤임관’s stream', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    const holder = generalHolder(g);
    const outcome = processCommand(ctxFor(world, g, 'che_랜덤임관'), holder, joinRandom, null);
    expect(outcome).toEqual({ final: talentSearch, result: 'ran' });
    // No nation has members, so 랜덤임관 draws nothing. The only general is a player: p =
    // max(…, 1/(0 + 1)) = 1, found with no draw; the talent comes from the 랜덤임관 stream.
    expect(world.generals.get(2)).toMatchObject({ name: 'ⓜ사마제', leadership: 73, strength: 12, intel: 65, bornyear: 168, deadyear: 228, affinity: 110 });
    expect([g.nation, g.leadershipExp, g.experience, g.dedication, g.gold]).toEqual([0, 3, 200, 300, 980]);
    expect(g.lastTurn.command).toBe('인재탐색');
  });
});

import { crewTypeOf } from '../stats/crew-types';
import { GENERAL_COMMANDS, NATION_COMMANDS } from '../commands/registry';
import { chooseNationTurn } from '../ai/nation-ai';
import { updateDiplomacy } from '../monthly/diplomacy';
import { setNationFronts } from '../world/fronts';
import { REST_SLOT } from '../world/queries';
import { readWorld, writeWorld } from '../state/serialize';
import { LiteHashDRBG } from '../rng/lite-hash-drbg';
import { RandUtil } from '../rng/rand-util';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../testing/small-world';
import { newNation } from '../state/factory';
import { processCommand } from '../turn/process-command';
import { generalHolder } from '../turn/general-turn';
import { Diplo, GameConst } from '../world/constants';
import type { General, World } from '../world/types';
import type { CommandContext } from '../commands/command';
import { dexLevel } from './dex';
import { battle, battleOrder, battleRng } from './process-war';
import { battleNation } from './war-unit';
import { GeneralUnit } from './general-unit';
import { CityUnit } from './city-unit';

const ctxOf = (world: World, general: General, key: string): CommandContext => {
  const random = seededStreams();
  const { year, month } = world.env;
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year, month,
    rng: random.stream('generalCommand', year, month, general.id, key), random,
  };
};

/** smallWorld in 193 (출병 needs the opening over), with a footman army in 나 (city 2). */
function warWorld(): { world: World; attacker: General } {
  const world = smallWorld();
  world.env.year = 193;
  const attacker = addGeneral(world, { id: 1, npc: 2, city: 2, leadership: 50, strength: 60, intel: 40 });
  Object.assign(attacker, { crewtype: 1100, crew: 7000, train: 100, atmos: 100, rice: 5000 });
  return { world, attacker };
}

function atWar(world: World): void {
  world.diplomacy.set('1:2', { state: Diplo.war, term: 0, dead: 0 });
  world.diplomacy.set('2:1', { state: Diplo.war, term: 0, dead: 0 });
}

/** The attacker of {@link warWorld} engaged with a footman of nation 2 in 다 (city 3). */
function engaged(defenderArmy: Partial<General>) {
  const { world, attacker } = warWorld();
  const defender = addGeneral(world, { id: 2, npc: 2, nation: 2, city: 3 });
  Object.assign(defender, { crewtype: 1100, ...defenderArmy });
  const rng = streamFromSeed(TEST_SEED, 'test');
  const a = new GeneralUnit(rng, world, attacker, world.nations.get(1), true, world.cities[2]!);
  const d = new GeneralUnit(rng, world, defender, world.nations.get(2), false, world.cities[3]!);
  a.setOppose(d);
  d.setOppose(a);
  return { attacker, a, d };
}

describe('recent_war (legacy WarUnitGeneral::setOppose)', () => {
  it("stamps both sides with the attacker's turn time and each one's phase in the microsecond digits", () => {
    const { world, attacker } = warWorld();
    attacker.turntime = 1_767_229_200_000;
    const defender = addGeneral(world, { id: 2, npc: 2, nation: 2, city: 3 });
    defender.turntime = attacker.turntime + 1_234_567;
    const rng = streamFromSeed(TEST_SEED, 'test');
    const a = new GeneralUnit(rng, world, attacker, world.nations.get(1), true, world.cities[2]!);
    const d = new GeneralUnit(rng, world, defender, world.nations.get(2), false, world.cities[3]!);
    a.phase = 3;
    d.prePhase = 3;
    a.setOppose(d);
    d.setOppose(a);
    expect([attacker.recentWar, defender.recentWar]).toEqual([attacker.turntime + 0.003, attacker.turntime + 0.003]);
    // The stamp's fraction survives a world written and read back (a chapter's state, a snapshot).
    expect(readWorld(writeWorld(world)).generals.get(2)!.recentWar).toBe(attacker.turntime + 0.003);
    // A defender left without an opponent takes its own turn time; the phase is capped at 99.
    d.phase = 200;
    d.setOppose(null);
    expect(defender.recentWar).toBe(defender.turntime + 0.099);
  });
});

describe('war power (legacy WarUnit::computeWarPower, hand-derived)', () => {
  it('a footman against another: 500 + attack − defence, scaled by morale over training and the arms', () => {
    const { attacker, a, d } = engaged({ crew: 7000, train: 100, atmos: 100 });
    // Attack: strength 60 + round(40/4) = 70 → ratio 70×2 − 40 = 100; (100 + tech level 1 × 25) × 100/100 = 125.
    expect(a.computedAttack()).toBe(125);
    // Defence: (150 + 25) × (7000/(7000/30) + 70)/100 = 175 × 100/100 = 175.
    expect(d.computedDefence()).toBeCloseTo(175, 10);
    // 500 + 125 − 175 = 450; × atmos 100 / train 100; equal dex; 보병 against 보병 is 1.
    expect(a.computeWarPower()[0]).toBeCloseTo(450, 10);
    // Cavalry against footmen: attackCoef[1] = 1.2 and the footman's damage ×0.8 (defenceCoef[1]).
    attacker.crewtype = 1300;
    a.crewType = crewTypeOf(1300)!;
    // 기병 attack 150: (150 + 25) × 100/100 = 175 → 500 + 175 − 175 = 500 × 1.2 = 600.
    const [power, opposeMultiply] = a.computeWarPower();
    expect(power).toBeCloseTo(600, 10);
    expect(opposeMultiply).toBeCloseTo(0.8, 10);
    // Experience level 30: power / (1 − 30/300) and the opponent's multiplier × 0.9.
    attacker.explevel = 30;
    const [veteran, softened] = a.computeWarPower();
    expect(veteran).toBeCloseTo(600 / 0.9, 10);
    expect(softened).toBeCloseTo(0.8 * 0.9, 10);
  });

  it('critical and avoid ratios: main stat over 65 × 0.5; avoid × train, ×0.75 against footmen', () => {
    const { a, d } = engaged({ crew: 1000, train: 80, atmos: 80 });
    expect(a.criticalRatio()).toBeCloseTo(((70 - 65) * 0.5) / 100, 12);
    // 보병 avoid 10 → 0.1 × 100/100 × 0.75 (the opponent is a footman).
    expect(a.avoidRatio()).toBeCloseTo(0.075, 12);
    expect(d.avoidRatio()).toBeCloseTo(0.1 * 0.8 * 0.75, 12);
  });

  it('personalities move training and morale in battle by 5 (legacy bonusTrain/bonusAtmos)', () => {
    const { attacker, a, d } = engaged({ crew: 1000, train: 80, atmos: 80 });
    attacker.personal = '패권'; // bonusTrain +5
    expect(a.computedTrain()).toBe(105);
    attacker.personal = '안전'; // bonusAtmos −5
    expect([a.computedTrain(), a.computedAtmos()]).toEqual([100, 95]);
    // 다 is a level-5 city: no training bonus for its defender.
    expect(d.computedTrain()).toBe(80);
  });

  it('the city: attack and defence (def + 9 wall)/500 + 200, training from the years since the start', () => {
    const { world } = warWorld();
    const city = new CityUnit(streamFromSeed(TEST_SEED, 'test'), world.cities[3]!, battleNation(world.nations.get(2)), 193, 190);
    // def 2000, wall 2000: (2000 + 18000)/500 + 200 = 240.
    expect(city.computedAttack()).toBe(240);
    expect(city.hp()).toBe(20000);
    // 193 − 190 + 59 = 62, clamped to 60..110.
    expect(city.computedTrain()).toBe(62);
    // dex (62 − 60) × 7200 = 14400: level 5 (12650 ≤ 14400 < 20475).
    expect(dexLevel(city.dex())).toBe(5);
    expect([dexLevel(0), dexLevel(349), dexLevel(350), dexLevel(1_275_975), dexLevel(-5)]).toEqual([0, 0, 1, 26, 0]);
  });

  it('defenders line up by stats and army; the hungry, the untrained and the empty stay out', () => {
    const { world } = warWorld();
    const strong = addGeneral(world, { id: 2, npc: 2, nation: 2, city: 3, leadership: 80, strength: 80, intel: 80 });
    Object.assign(strong, { crew: 1000, train: 90, atmos: 90, rice: 1000 });
    // The stats with the cross adjustment (a quarter of the other): L 80, S 80 + 20, I 80 + 20 = 280.
    expect(battleOrder(world, strong)).toBeCloseTo(280 + (1000 / 1e6) * (90 * 90) ** 1.5 / 100, 9);
    strong.train = 79; // below defence_train 80
    expect(battleOrder(world, strong)).toBe(0);
    strong.train = 90;
    strong.rice = 10; // rice ≤ crew/100
    expect(battleOrder(world, strong)).toBe(0);
  });
});

describe('출병 and the battle (legacy processWar)', () => {
  it('takes an empty enemy city by siege; the first phase matches the hand-derived damage', () => {
    const { world, attacker } = warWorld();
    atWar(world);
    const ctx = ctxOf(world, attacker, 'che_출병');
    const { rng } = battleRng(ctx.random!, 193, 1, 1, 3);
    // Draws of the first phase (no defender: the city under siege, 보병 vs 성벽): the attacker's
    // 필살 (p 0.025) and 회피 (p 0.1 × 101/100: training +1 on engagement), then the damages.
    const crit = rng.nextFloat1() < 0.025;
    const avoid = rng.nextFloat1() < 0.101;
    const r1 = rng.nextRange(0.9, 1.1);
    const r2 = rng.nextRange(0.9, 1.1);
    expect([crit, avoid]).toEqual([false, false]); // the seed was picked so that neither fires
    // Attacker: (500 + 125 − 240) × 100 / 62 × dex ((0 − 5)/55 + 1) = 564.516…; the wall's
    // defenceCoef against footmen (1.2) multiplies it.
    const attackerPower = (((500 + 125 - 240) * 100) / 62) * (50 / 55) * 1.2;
    // City: (500 + 240 − 175) × 62 / 101 × ((5 − 0)/55 + 1) = 382.1… × 1.
    const cityPower = (((500 + 240 - 175) * 62) / 101) * (60 / 55);
    const dealt = Math.round(attackerPower * r1);
    const taken = Math.round(cityPower * r2);

    const outcome = processCommand(ctx, generalHolder(attacker), GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
    expect(outcome.result).toBe('ran');
    const lines = world.logs.filter((l) => l.subject === 1 && /^\d+: /.test(l.text)).map((l) => l.text);
    expect(lines[0]).toBe(`1: 【장수1】 ${7000 - taken} (-${taken}) VS ${20000 - dealt} (-${dealt}) 【다】`);
    expect(attacker.rank.warnum).toBe(1);
    expect(attacker.train).toBe(101);
    // Dex of the attack: crew/100 before the battle, then every soldier killed and lost (×0.9 to siege dex for the wall).
    expect(attacker.dex[1]).toBeGreaterThanOrEqual(70 + dealt);
    expect(attacker.dex[5]).toBeGreaterThan(0);
  });

  it('conquers a city whose nation has no rice left (rout), destroys a one-city nation, and the victor takes its share', () => {
    const { world, attacker } = warWorld();
    atWar(world);
    const loser = world.nations.get(2)!;
    loser.rice = 0;
    loser.gold = 4000;
    const ruler = addGeneral(world, { id: 5, npc: 2, nation: 2, city: 3, officerLevel: 12 });
    ruler.gold = 1000;
    const riceBefore = ruler.rice;
    const chief = addGeneral(world, { id: 7, npc: 2, nation: 1, city: 1, officerLevel: 12 });
    const victor = world.nations.get(1)!;
    const goldBefore = victor.gold;
    const victorRiceBefore = victor.rice;
    const before = { ...world.cities[3]! };
    const ctx = ctxOf(world, attacker, 'che_출병');
    processCommand(ctx, generalHolder(attacker), GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
    const city = world.cities[3]!;
    expect(city.nation).toBe(1);
    expect(attacker.city).toBe(3);
    // Rout halves agri/comm/secu, conquest takes 30% more: round(round(x × 0.5) × 0.7).
    expect(city.agri).toBe(Math.round(Math.round(before.agri * 0.5) * 0.7));
    expect([city.def, city.wall]).toEqual([1000, 1000]); // level 5 > 3
    expect(city.conflict).toEqual([]);
    expect(world.nations.has(2)).toBe(false);
    expect(world.diplomacy.has('1:2')).toBe(false);
    expect(ruler).toMatchObject({ nation: 0, officerLevel: 0 });
    expect(ruler.gold).toBeLessThanOrEqual(800);
    expect(ruler.gold).toBeGreaterThanOrEqual(500);
    // Half of (treasury − base 0) and of what the members lost.
    expect(victor.gold).toBe(goldBefore + Math.trunc((4000 + (1000 - ruler.gold)) / 2));
    expect(world.history.some((h) => h.text.startsWith('【멸망】'))).toBe(true);
    expect(attacker.rank.occupied).toBe(1);
    // Legacy ConquerCity's lines (process_war.php), the victor's chiefs told of the spoils with number_format.
    const said = (scope: string, subject: number) => world.logs.filter((l) => l.scope === scope && l.subject === subject).map((l) => l.text);
    expect(said('general', 1)).toContain('다 공략에 성공했습니다.');
    expect(said('world', 0)).toContain('장수1이 다 공략에 성공했습니다.');
    expect(world.history.map((h) => h.text)).toContain('【지배】 위가 다를 지배했습니다.');
    expect(said('nation', 2)).toContain('위의 장수1에 의해 다가 함락');
    expect(said('general', 5)).toContain(`도주하며 금${1000 - ruler.gold} 쌀${riceBefore - ruler.rice}을 분실했습니다.`);
    const spoils = [victor.gold - goldBefore, victor.rice - victorRiceBefore].map((n) => n.toLocaleString('en-US'));
    expect(victor.gold - goldBefore).toBeGreaterThanOrEqual(1000);
    expect(said('general', chief.id)).toContain(`오 정복으로 금${spoils[0]} 쌀${spoils[1]}을 획득했습니다.`);
  });

  it('when a nation falls, its NPCs (npc 2–8 but troop dummies) may join the victor and every member may get a scout letter, unless joining is random-only', () => {
    const fall = (joinMode: 'full' | 'onlyRandom') => {
      const { world, attacker } = warWorld();
      world.env.joinMode = joinMode;
      atWar(world);
      world.nations.get(2)!.rice = 0;
      addGeneral(world, { id: 5, npc: 2, nation: 2, city: 3, officerLevel: 12 });
      // 30 NPCs of each kind that could join, troop dummies and invaders (npc 9).
      for (const [first, npc] of [[100, 2], [200, 5], [300, 9]] as const) {
        for (let id = first; id < first + 30; id++) addGeneral(world, { id, npc, nation: 2, city: 1 });
      }
      const member = addGeneral(world, { id: 8, npc: 2, nation: 1, city: 1, officerLevel: 1 });
      const outsider = addGeneral(world, { id: 9, npc: 2, nation: 3, city: 1, officerLevel: 12 });
      processCommand(ctxOf(world, attacker, 'che_출병'), generalHolder(attacker), GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
      expect(world.nations.has(2)).toBe(false);
      const joiners = [...world.generals.values()].filter((g) => g.queue.some((s) => s.action === 'che_임관'));
      const spoils = (g: General) => world.logs.some((l) => l.subject === g.id && l.text.includes('정복으로'));
      expect([spoils(member), spoils(outsider)]).toEqual([false, false]);
      return { world, attacker, joiners };
    };
    const { world, attacker, joiners } = fall('full');
    expect(joiners.length).toBeGreaterThan(0);
    for (const g of joiners) {
      expect(g.npc).toBe(2);
      const at = g.queue.findIndex((s) => s.action === 'che_임관');
      expect(g.queue[at]!.arg).toEqual({ destNationId: 1 });
      expect(g.queue.slice(0, at).every((s) => s.action === 'che_견문')).toBe(true);
    }
    expect(world.scoutLetters.length).toBeGreaterThan(0);
    expect(world.scoutLetters.every((l) => l.fromGeneral === attacker.id)).toBe(true);
    const randomOnly = fall('onlyRandom');
    expect(randomOnly.joiners).toEqual([]);
    expect(randomOnly.world.scoutLetters).toEqual([]);
  });

  it('spreads a battle\'s tech over max(10, gennum), members counted without troop dummies (legacy process_war)', () => {
    const techAfterSiege = (pad: (world: World) => void) => {
      const { world, attacker } = warWorld();
      atWar(world);
      pad(world);
      // From tech 0 the gain is the tech, to the FLOAT column's six digits.
      world.nations.get(1)!.tech = 0;
      processCommand(ctxOf(world, attacker, 'che_출병'), generalHolder(attacker), GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
      return world.nations.get(1)!.tech;
    };
    const addMembers = (world: World, npc: number, count: number) => {
      for (let id = 10; id < 10 + count; id++) addGeneral(world, { id, npc, city: 1 });
    };
    // One member: fewer than 10 effective, so the gain is spread over 10.
    const alone = techAfterSiege(() => undefined);
    expect(alone).toBeGreaterThan(0);
    // Twelve troop dummies (npc 5) are no members (nor in gennum, updateGeneralNumber's count): the same gain.
    expect(techAfterSiege((world) => {
      addMembers(world, 5, 12);
      world.nations.get(1)!.gennum = 1;
    })).toBeCloseTo(alone, 4);
    // Sixteen members but a gennum of 5 (the month's count, not yet updated): × 5/16, over 10.
    const stale = techAfterSiege((world) => {
      addMembers(world, 2, 15);
      world.nations.get(1)!.gennum = 5;
    });
    expect(stale).toBeCloseTo((alone * 5) / 16, 4);
  });

  it('hands the city to the nation with the larger share of the dispute (【분쟁협상】); the attacker stays home', () => {
    const { world, attacker } = warWorld();
    atWar(world);
    world.nations.set(3, newNation({ id: 3, name: '촉', color: '#0f0', capital: 0, gold: 1000, rice: 1000, tech: 0, level: 1, type: 'che_중립' }));
    const loser = world.nations.get(2)!;
    loser.rice = 0;
    world.cities[4] = { ...world.cities[3]!, id: 4, name: '라', neighbours: [3], conflict: [] };
    world.cities[3]!.neighbours = [2, 4];
    world.cities[3]!.conflict = [[3, 100000]];
    processCommand(ctxOf(world, attacker, 'che_출병'), generalHolder(attacker), GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
    expect(world.cities[3]!.nation).toBe(3);
    expect(world.cities[3]!.conflict).toEqual([]);
    expect(attacker.city).toBe(2);
    expect(world.history.map((h) => h.text)).toContain('【분쟁협상】 촉이 영토분쟁에서 우위를 점하여 다를 양도받았습니다.');
  });

  it('moves a lost capital to the nearest own city and halves the treasury', () => {
    const { world } = warWorld();
    // Nation 2 holds 다 (3, capital) and, through a fourth city, keeps a nation after losing 3.
    world.cities[4] = { ...world.cities[3]!, id: 4, name: '라', neighbours: [3], conflict: [] };
    world.cities[3]!.neighbours = [2, 4];
    const attacker = world.generals.get(1)!;
    atWar(world);
    const loser = world.nations.get(2)!;
    loser.rice = 0;
    loser.gold = 5000;
    const chief = addGeneral(world, { id: 6, npc: 2, nation: 2, city: 3, officerLevel: 11 });
    chief.atmos = 100;
    processCommand(ctxOf(world, attacker, 'che_출병'), generalHolder(attacker), GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
    expect(world.cities[3]!.nation).toBe(1);
    expect(loser.capital).toBe(4);
    expect(loser.gold).toBe(2500);
    expect(chief.city).toBe(4);
    expect(chief.atmos).toBe(80);
    expect(world.history.map((h) => h.text)).toContain('【긴급천도】 오가 수도가 함락되어 라로 긴급천도하였습니다.');
    expect(world.logs.filter((l) => l.subject === 6).map((l) => l.text)).toContain('수도가 함락되어 라로 긴급천도합니다.');
  });

  it('marches through its own city when the target lies beyond it (이동 instead)', () => {
    const { world, attacker } = warWorld();
    attacker.city = 1;
    atWar(world);
    attacker.gold = 1000;
    const outcome = processCommand(ctxOf(world, attacker, 'che_출병'), generalHolder(attacker), GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
    expect(outcome.final.key).toBe('che_이동');
    expect(attacker.city).toBe(2);
  });

  it('refuses a target of a nation it is not at war with, and the opening years', () => {
    const { world, attacker } = warWorld();
    const holder = generalHolder(attacker);
    processCommand(ctxOf(world, attacker, 'che_출병'), holder, GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
    expect(world.logs.at(-1)!.text).toBe('교전중인 국가가 아닙니다. 다로 출병 실패.');
    world.env.year = 191;
    processCommand(ctxOf(world, attacker, 'che_출병'), holder, GENERAL_COMMANDS.get('che_출병')!, { destCityId: 3 });
    expect(world.logs.at(-1)!.text).toBe('초반 제한 중에는 불가능합니다. 다로 출병 실패.');
  });

  it('derives the battle stream as §7.1 does: 16 bytes of (war, y, m, gid, city) in hex seed a new DRBG', () => {
    const { seed, rng } = battleRng(seededStreams(), 193, 4, 7, 3);
    const expected = streamFromSeed(TEST_SEED, 'war', 193, 4, 7, 3).drbg.nextBytes(16).toString('hex');
    expect(seed).toBe(expected);
    expect(rng.nextFloat1()).toBe(new RandUtil(new LiteHashDRBG(expected)).nextFloat1());
  });
});

describe('crew-type triggers and the office in battle (legacy WarUnitTrigger, getWarPowerMultiplier)', () => {
  /** The attacker of {@link warWorld} against `defenders` footmen of nation 2 in 다, on a fixed battle seed. */
  function siege(attackerArmy: Partial<General>, defenders: Partial<General>[], seed = '00'.repeat(16), prepare?: (world: World) => void) {
    const { world, attacker } = warWorld();
    Object.assign(attacker, attackerArmy);
    prepare?.(world);
    defenders.forEach((army, i) => {
      const d = addGeneral(world, { id: 10 + i, npc: 2, nation: 2, city: 3 });
      Object.assign(d, { crewtype: 1100, crew: 1000, train: 80, atmos: 80, rice: 5000, ...army });
    });
    const result = battle(world, new RandUtil(new LiteHashDRBG(seed)), attacker, world.cities[3]!);
    const lines = world.logs.filter((l) => l.subject === attacker.id && /^(\d+|先): /.test(l.text)).map((l) => l.text);
    return { world, attacker, result, lines };
  }

  it('an archer opens with a volley in a phase of its own, once a battle: the target deals nothing', () => {
    const { lines, result } = siege({ crewtype: 1200, strength: 90, crew: 8000 }, [{ crew: 600 }, { crew: 600 }]);
    expect(result.fought).toEqual([10, 11]);
    expect(lines[0]).toMatch(/^先: 【장수1】 8000 \(-0\) VS \d+ \(-\d+\) 【장수10】$/);
    // The second defender meets no volley: the skill is in the battle's log.
    expect(lines.filter((l) => l.startsWith('先'))).toHaveLength(1);
    expect(lines.some((l) => l.endsWith('【장수11】'))).toBe(true);
  });

  it('tells the battle in the legacy words (process_war.php): the march, each encounter, how a defender or the attacker ends', () => {
    const story = (r: ReturnType<typeof siege>) => r.world.logs.filter((l) => !/^(\d+|先): /.test(l.text)).map((l) => `${l.scope} ${l.subject}: ${l.text}`);
    const opening = ['general 1: 다로 진격합니다.', 'world 0: 위의 장수1이 다로 진격합니다.', 'world 0: 장수1의 보병과 장수10의 보병이 대결합니다.', 'general 1: 보병으로 장수10의 보병을 공격합니다.', 'general 10: 보병으로 장수1의 보병을 수비합니다.'];
    const wall = ['world 0: 장수1이 보병으로 성벽을 공격합니다.', 'general 1: 보병으로 성벽을 공격합니다.'];
    const wiped = siege({ crew: 8000 }, [{ crew: 600 }]);
    expect(story(wiped)).toEqual([
      ...opening, 'world 0: 장수10의 보병이 전멸했습니다.', 'general 1: 장수10의 보병이 전멸했습니다.', 'general 10: 전멸했습니다.', ...wall,
    ]);
    // The encounter is scored: a win for the attacker, a loss for the defender (the siege runs out of phases undecided).
    expect([wiped.attacker.rank.killnum, wiped.world.generals.get(10)!.rank.deathnum]).toEqual([1, 1]);
    expect(story(siege({ crew: 8000 }, [{ crew: 3000, rice: 31 }]))).toEqual([
      ...opening, 'world 0: 장수10의 보병이 패퇴했습니다.', 'general 1: 장수10의 보병이 패퇴했습니다.', 'general 10: 군량 부족으로 패퇴합니다.', ...wall,
      // The siege's experience reaches level 1 mid-battle: told at once (legacy General::addExperience).
      'general 1: Lv 1로 레벨업!',
    ]);
    const hungry = siege({ crew: 1000, rice: 5 }, [{ crew: 3000 }]);
    expect(story(hungry)).toEqual([...opening, 'world 0: 장수1의 보병이 퇴각했습니다.', 'general 1: 군량 부족으로 퇴각합니다.', 'general 10: 장수1의 보병이 퇴각했습니다.']);
    const beaten = siege({ crew: 300 }, [{ crew: 5000, train: 100, atmos: 100 }]);
    expect(story(beaten).slice(opening.length)).toEqual(['world 0: 장수1의 보병이 퇴각했습니다.', 'general 1: 퇴각했습니다.', 'general 10: 장수1의 보병이 퇴각했습니다.']);
    // The defender sees every phase's line too.
    expect(hungry.world.logs.filter((l) => l.subject === 10 && /^\d+: /.test(l.text)).map((l) => l.text)).toEqual(hungry.lines);
  });

  it('prints the battle seed with the march, and routs a city whose nation has no rice in the legacy words', () => {
    const { world, attacker } = warWorld();
    world.nations.get(2)!.rice = 0;
    const result = battle(world, new RandUtil(new LiteHashDRBG('00'.repeat(16))), attacker, world.cities[3]!, 'cafe');
    expect(result.conquered).toBe(true);
    expect(world.logs.map((l) => `${l.scope} ${l.subject}: ${l.text}`)).toEqual([
      'general 1: 다로 진격합니다.(전투시드: cafe)', 'world 0: 위의 장수1이 다로 진격합니다.(전투시드: cafe)', 'world 0: 병량 부족으로 다의 수비병들이 패퇴합니다.',
    ]);
  });

  it("lines up only the city's own nation's generals in it, ties by id; a neutral city has no defenders", () => {
    const { world, attacker } = warWorld();
    for (const id of [12, 11]) Object.assign(addGeneral(world, { id, npc: 2, nation: 2, city: 3 }), { crewtype: 1100, crew: 1000, train: 80, atmos: 80, rice: 5000 });
    // The attacker's own general standing in the city does not defend it.
    Object.assign(addGeneral(world, { id: 13, npc: 2, nation: 1, city: 3 }), { crewtype: 1100, crew: 1000, train: 80, atmos: 80, rice: 5000 });
    const rng = () => new RandUtil(new LiteHashDRBG('00'.repeat(16)));
    expect(battle(world, rng(), attacker, world.cities[3]!).defenders.map((d) => d.general.id)).toEqual([11, 12]);
    const neutral = warWorld();
    neutral.world.cities[3]!.nation = 0;
    Object.assign(addGeneral(neutral.world, { id: 14, npc: 2, nation: 0, city: 3 }), { crewtype: 1100, crew: 1000, train: 80, atmos: 80, rice: 5000 });
    expect(battle(neutral.world, rng(), neutral.attacker, neutral.world.cities[3]!).defenders).toEqual([]);
  });

  it("writes the nation's share of the city's dead when the city fought last; a share after the wall's early blow is lost, its 【분쟁】 line is not", () => {
    const dispute = (r: ReturnType<typeof siege>) => r.world.history.filter((l) => l.text.startsWith('【분쟁】')).map((l) => l.text);
    const line = '【분쟁】 위가 다 공략에 가담하여 분쟁이 발생하고 있습니다.';
    const contested = (army: Partial<General>, defenders: Partial<General>[]) => {
      const r = siege(army, defenders, '00'.repeat(16), (w) => (w.cities[3]!.conflict = [[9, 100000]]));
      return { ...r, conflict: r.world.cities[3]!.conflict };
    };
    const sieged = contested({ crew: 8000 }, []);
    expect(sieged.result.city.dead).toBeGreaterThan(0);
    expect(sieged.conflict).toEqual([[9, 100000], [1, sieged.result.city.dead * (sieged.result.city.hp() === 0 ? 1.05 : 1)]]);
    expect(dispute(sieged)).toEqual([line]);
    const strong = { crew: 8000, train: 100, atmos: 100, leadership: 100, strength: 100 };
    const early = contested({ crewtype: 1500, crew: 8000 }, [strong]);
    expect(early.result.fought).toEqual([0, 10]);
    expect(early.result.city.dead).toBeGreaterThan(0);
    expect(early.conflict).toEqual([[9, 100000]]);
    expect(dispute(early)).toEqual([line]);
    // A city that never fought leaves no share and no line.
    const untouched = contested({ crew: 8000 }, [strong]);
    expect(untouched.result.fought).toEqual([10]);
    expect([untouched.conflict, dispute(untouched)]).toEqual([[[9, 100000]], []]);
  });

  it('정란 and 벽력거 draw the wall\'s blow first when the city has defenders (che_성벽선제), else only the siege', () => {
    const withDefender = siege({ crewtype: 1500, crew: 8000 }, [{ crew: 500 }]);
    expect(withDefender.result.fought[0]).toBe(0);
    expect(withDefender.lines[0]).toMatch(/【다】$/);
    // The wall's early blow ends without a line of its own: the wall comes back as the siege.
    expect(withDefender.world.logs.filter((l) => l.text.startsWith('다의'))).toEqual([]);
    expect(siege({ crewtype: 1500, crew: 8000 }, []).result.fought).toEqual([]);
    expect(siege({ crewtype: 1100, crew: 8000 }, [{ crew: 500 }]).result.fought).toEqual([10]);
  });

  it('목우 defending stops phases: nobody loses soldiers then, and it gains siege dex', () => {
    const { result, lines, world } = siege({ crew: 3000 }, [{ crewtype: 1503, crew: 3000, train: 110, atmos: 150 }]);
    const blocker = world.generals.get(10)!;
    // p = (150 + 110 + 5 for the small city's training)/400 a phase: most phases pass without a line.
    expect(result.attacker.phase).toBeGreaterThan(lines.length);
    expect(blocker.dex[5]).toBeGreaterThan(0);
  });

  it('the ruler strikes ×1.07 and takes ×0.93 (the office\'s war-power multiplier)', () => {
    const first = (officerLevel: number) => {
      const { lines } = siege({ officerLevel, crew: 8000 }, [{ crew: 5000, train: 100, atmos: 100 }]);
      const [, taken, dealt] = /\(-(\d+)\) VS \d+ \(-(\d+)\)/.exec(lines[0]!)!.map(Number);
      return { taken: taken!, dealt: dealt! };
    };
    const plain = first(1);
    const ruler = first(12);
    expect(Math.abs(ruler.dealt - plain.dealt * 1.07)).toBeLessThanOrEqual(1);
    expect(Math.abs(ruler.taken - plain.taken * 0.93)).toBeLessThanOrEqual(1);
  });
});

describe('선전포고 and the diplomacy clock (§6.8)', () => {
  const chiefCtx = (world: World, chief: General): CommandContext => ({
    world, general: chief, city: world.cities[chief.city]!, nation: world.nations.get(chief.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, 'nationCommand'),
  });
  const holder = () => {
    let last = { command: '휴식', arg: null, term: 0 } as General['lastTurn'];
    return { get last() { return last; }, set last(v) { last = v; }, cooldowns: {}, lookup: (k: string) => NATION_COMMANDS.get(k) };
  };

  it('declares on a neighbour: both rows 선포 for 24 months, then war; refuses a second declaration', () => {
    const world = smallWorld();
    world.env.year = 191;
    const ruler = addGeneral(world, { id: 1, npc: 2, officerLevel: 12 });
    processCommand(chiefCtx(world, ruler), holder(), NATION_COMMANDS.get('che_선전포고')!, { destNationId: 2 });
    expect(world.diplomacy.get('1:2')).toMatchObject({ state: Diplo.declared, term: 24 });
    expect(world.diplomacy.get('2:1')).toMatchObject({ state: Diplo.declared, term: 24 });
    processCommand(chiefCtx(world, ruler), holder(), NATION_COMMANDS.get('che_선전포고')!, { destNationId: 2 });
    expect(world.logs.at(-1)!.text).toBe('아국과 이미 선포중입니다. 선전포고 실패.');
    for (let m = 0; m < 23; m++) updateDiplomacy(world);
    expect(world.diplomacy.get('1:2')).toMatchObject({ state: Diplo.declared, term: 1 });
    updateDiplomacy(world);
    expect(world.diplomacy.get('1:2')!.state).toBe(Diplo.war);
    expect(world.diplomacy.get('2:1')!.state).toBe(Diplo.war);
  });

  it('refuses in the first year, towards a non-aggression partner and a nation that is not a neighbour', () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, npc: 2, officerLevel: 12 });
    processCommand(chiefCtx(world, ruler), holder(), NATION_COMMANDS.get('che_선전포고')!, { destNationId: 2 });
    expect(world.logs.at(-1)!.text).toBe('초반제한 해제 2년전부터 가능합니다. 선전포고 실패.');
    world.env.year = 191;
    world.diplomacy.get('1:2')!.state = Diplo.nap;
    processCommand(chiefCtx(world, ruler), holder(), NATION_COMMANDS.get('che_선전포고')!, { destNationId: 2 });
    expect(world.logs.at(-1)!.text).toBe('불가침국입니다. 선전포고 실패.');
    world.diplomacy.get('1:2')!.state = Diplo.normal;
    world.cities[2]!.nation = 0; // 가 (1) no longer borders 다 (3)
    processCommand(chiefCtx(world, ruler), holder(), NATION_COMMANDS.get('che_선전포고')!, { destNationId: 2 });
    expect(world.logs.at(-1)!.text).toBe('인접 국가가 아닙니다. 선전포고 실패.');
  });
});

describe('물자원조 (legacy che_물자원조)', () => {
  const chief = () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, npc: 2, officerLevel: 12 });
    for (const n of world.nations.values()) n.surlimit = 0;
    const holder = { last: { command: '휴식', arg: null, term: 0 } as General['lastTurn'], cooldowns: {} as Record<string, number>, lookup: (k: string) => NATION_COMMANDS.get(k) };
    const ctx: CommandContext = { world, general: ruler, city: world.cities[1]!, nation: world.nations.get(1), year: 190, month: 1, rng: streamFromSeed(TEST_SEED, 'nationCommand') };
    return { world, ruler, holder, ctx };
  };

  it('sends what lies above the base stocks, within level × 10000, and sets the diplomacy limit', () => {
    const { world, holder, ctx } = chief();
    const [own, dest] = [world.nations.get(1)!, world.nations.get(2)!];
    own.rice = 5000; // base rice 2000: at most 3000 leaves
    processCommand(ctx, holder, NATION_COMMANDS.get('che_물자원조')!, { destNationId: 2, amountList: [4000, 4000] });
    expect([own.gold, own.rice, dest.gold, dest.rice]).toEqual([6000, 2000, 14000, 13000]);
    expect(own.surlimit).toBe(12);
    processCommand(ctx, holder, NATION_COMMANDS.get('che_물자원조')!, { destNationId: 2, amountList: [100, 0] });
    expect(world.logs.at(-1)!.text).toBe('외교제한중입니다. 원조 실패.');
    own.surlimit = 0;
    delete holder.cooldowns['원조'];
    processCommand(ctx, holder, NATION_COMMANDS.get('che_물자원조')!, { destNationId: 2, amountList: [20001, 0] });
    expect(world.logs.at(-1)!.text).toBe('작위 제한량 이상은 보낼 수 없습니다. 원조 실패.');
  });
});

describe('천도 and 증축 (legacy che_천도, che_증축)', () => {
  const setup = () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, npc: 2, officerLevel: 12 });
    const holder = { last: { command: '휴식', arg: null, term: 0 } as General['lastTurn'], cooldowns: {} as Record<string, number>, lookup: (k: string) => NATION_COMMANDS.get(k) };
    const ctx: CommandContext = { world, general: ruler, city: world.cities[1]!, nation: world.nations.get(1), year: 190, month: 1, rng: streamFromSeed(TEST_SEED, 'nationCommand') };
    return { world, ruler, holder, ctx, nation: world.nations.get(1)! };
  };

  it('moves the capital after 2 × distance turns, if the treasury holds base + develcost × 5 × 2^d', () => {
    const { world, ruler, holder, ctx, nation } = setup();
    const results = [1, 2, 3].map(() => processCommand(ctx, holder, NATION_COMMANDS.get('che_천도')!, { destCityId: 2 }).result);
    expect(results).toEqual(['stacking', 'stacking', 'ran']);
    expect(nation.capital).toBe(2);
    expect(ruler.experience).toBe(15);
    nation.rice = GameConst.baserice + world.env.develcost * 5 * 2 - 1;
    processCommand(ctx, holder, NATION_COMMANDS.get('che_천도')!, { destCityId: 1 });
    expect(world.logs.at(-1)!.text).toBe('병량이 부족합니다. 천도 실패.');
    processCommand(ctx, holder, NATION_COMMANDS.get('che_천도')!, { destCityId: 3 });
    expect(world.logs.at(-1)!.text).toBe('대상 도시가 아국이 아닙니다. 천도 실패.');
  });

  it('expands the capital a level after five turns of work, for develcost × 500 + 60000', () => {
    const { world, holder, ctx, nation } = setup();
    const cost = world.env.develcost * 500 + 60000;
    nation.gold = nation.rice = cost + 5000;
    const city = world.cities[1]!;
    const before = { level: city.level, popMax: city.popMax, wallMax: city.wallMax };
    const results = Array.from({ length: 6 }, () => processCommand(ctx, holder, NATION_COMMANDS.get('che_증축')!, null).result);
    expect(results).toEqual(['stacking', 'stacking', 'stacking', 'stacking', 'stacking', 'ran']);
    expect([city.level, city.popMax, city.wallMax]).toEqual([before.level + 1, before.popMax + 100000, before.wallMax + 2000]);
    expect([nation.gold, nation.rice]).toEqual([5000, 5000]);
  });
});

describe('선양 (legacy che_선양)', () => {
  it('hands the throne to a fellow member; the old ruler keeps 70% of the experience', () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, npc: 2, officerLevel: 12 });
    ruler.experience = 1001;
    const heir = addGeneral(world, { id: 2, npc: 2, officerLevel: 5 });
    const stranger = addGeneral(world, { id: 3, npc: 2, nation: 2, city: 3 });
    const run = (destGeneralId: number) => processCommand(ctxOf(world, ruler, 'che_선양'), generalHolder(ruler), GENERAL_COMMANDS.get('che_선양')!, { destGeneralId });
    run(stranger.id);
    expect(world.logs.at(-1)!.text).toBe('아국 장수가 아닙니다. 선양 실패.');
    run(ruler.id);
    expect(world.logs.at(-1)!.text).toBe('인자가 올바르지 않습니다. 선양 실패.');
    run(heir.id);
    expect([heir.officerLevel, ruler.officerLevel, ruler.experience]).toEqual([12, 1, 701]);
  });
});

describe('the nation AI sends armies to the front (legacy doNPC전방발령)', () => {
  it('at war, a ready war NPC off the front is assigned to a front city', () => {
    const { world } = warWorld();
    atWar(world);
    const nation = world.nations.get(1)!;
    Object.assign(nation, { gold: 4000, rice: 4000 }); // no rewards to give first
    setNationFronts(world);
    expect(world.cities[2]!.front).toBe(3);
    const ruler = addGeneral(world, { id: 5, npc: 2, city: 1, officerLevel: 12 });
    const ready = addGeneral(world, { id: 6, npc: 2, city: 1, leadership: 60 });
    Object.assign(ready, { crewtype: 1100, crew: 2000, train: 90, atmos: 50 });
    world.env.month = 2; // no promotions
    const slot = chooseNationTurn(world, ruler, nation, REST_SLOT, streamFromSeed(TEST_SEED, 'GeneralAI', 193, 2, 5));
    // The attacker of warWorld already stands in 나, the front: 6 is the only candidate.
    expect(slot).toEqual({ action: 'che_발령', arg: { destGeneralId: 6, destCityId: 2 } });
    ready.train = ready.atmos = 89;
    expect(chooseNationTurn(world, ruler, nation, REST_SLOT, streamFromSeed(TEST_SEED, 'GeneralAI', 193, 2, 5)).action).not.toBe('che_발령');
  });
});

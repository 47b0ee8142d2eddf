import { GENERAL_COMMANDS } from '../commands/registry';
import type { CommandContext } from '../commands/command';
import { strategicDelay } from '../commands/nation/strategic';
import { setItem } from '../items/held';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../testing/small-world';
import { fight, type FightDice } from '../tournament/fight';
import { tournamentKind } from '../world/tournament-kinds';
import { generalHolder } from '../turn/general-turn';
import { preprocess } from '../turn/preprocess';
import { processCommand } from '../turn/process-command';
import type { General, World } from '../world/types';
import { phpRound } from '../world/php-math';
import { fireTriggers } from './triggers';
import { battleNation } from './war-unit';
import { GeneralUnit } from './general-unit';
import { CityUnit } from './city-unit';

/** Two footmen (1100) in 193: nation 1's in 나 (2) attacking, nation 2's in 다 (3) defending, items as given. */
function armies(attackerItems: Partial<General['items']> = {}, defenderItems: Partial<General['items']> = {}) {
  const world = smallWorld();
  world.env.year = 193;
  const attacker = addGeneral(world, { id: 1, npc: 2, city: 2, leadership: 50, strength: 80, intel: 40 });
  const defender = addGeneral(world, { id: 2, npc: 2, nation: 2, city: 3, leadership: 50, strength: 80, intel: 40 });
  for (const g of [attacker, defender]) Object.assign(g, { crewtype: 1100, crew: 7000, train: 100, atmos: 100, rice: 5000 });
  for (const [slot, key] of Object.entries(attackerItems)) setItem(attacker, slot as 'item', key!);
  for (const [slot, key] of Object.entries(defenderItems)) setItem(defender, slot as 'item', key!);
  return { world, attacker, defender };
}

function engage(world: World, attacker: General, defender: General) {
  const rng = streamFromSeed(TEST_SEED, 'items');
  const a = new GeneralUnit(rng, world, attacker, world.nations.get(1), true, world.cities[2]!);
  const d = new GeneralUnit(rng, world, defender, world.nations.get(2), false, world.cities[3]!);
  a.setOppose(d);
  d.setOppose(a);
  return { a, d };
}

/** The attacker's war power and the multiplier it puts on the defender, on a fresh stream each time. */
function power(attackerItems: Partial<General['items']>, defenderCrewtype = 1100): [number, number] {
  const { world, attacker, defender } = armies(attackerItems);
  defender.crewtype = defenderCrewtype;
  const { a, d } = engage(world, attacker, defender);
  a.computeWarPower();
  return [a.warPower, d.warPowerMultiply];
}

describe('items in battle (legacy ActionItem/* battle hooks)', () => {
  it('multiply the war power after the office and the war special: 묵자 ×1.5 at the wall, 오악진형도 ×1.15 / ×0.85 against a regional crew, 백상 ×1.2', () => {
    // 1202 연노병 needs the 서촉 region: 척사's "지역·도시 병종".
    const [base, baseOpposed] = power({}, 1202);
    const [charm, charmOpposed] = power({ item: 'che_척사_오악진형도' }, 1202);
    expect(charm / base).toBeCloseTo(1.15, 12);
    expect(charmOpposed / baseOpposed).toBeCloseTo(0.85, 12);
    expect(power({ item: 'che_척사_오악진형도' })).toEqual(power({}));
    expect(power({ horse: 'che_명마_07_백상' })[0] / power({ horse: 'che_명마_07_기주마' })[0]).toBeCloseTo(1.2, 12);

    const { world, attacker } = armies({ item: 'che_공성_묵자' });
    const rng = streamFromSeed(TEST_SEED, 'items');
    const wall = new CityUnit(rng, world.cities[3]!, battleNation(world.nations.get(2)), 193, world.env.startyear);
    const withBook = new GeneralUnit(rng, world, attacker, world.nations.get(1), true, world.cities[2]!);
    withBook.setOppose(wall);
    wall.setOppose(withBook);
    const [withMozi] = withBook.computeWarPower();
    setItem(attacker, 'item', null);
    expect(withMozi / withBook.computeWarPower()[0]).toBeCloseTo(1.5, 12);
  });

  it('change their own stats and the opponent’s: 여씨춘추 +0.03 계략 trial, 노군입산부 −0.25 avoid and −0.1 critical on its opponent, 옥란백용구 +0.5 × the crew short of leadership × 100', () => {
    const { world, attacker, defender } = armies({ book: 'che_서적_05_여씨춘추' }, { item: 'che_간파_노군입산부' });
    const { a } = engage(world, attacker, defender);
    expect(a.warStat('warMagicTrialProb', 0.1)).toBeCloseTo(0.13, 12);
    expect(a.warStat('warAvoidRatio', 0.3)).toBeCloseTo(0.05, 12);
    expect(a.warStat('warCriticalRatio', 0.3)).toBeCloseTo(0.2, 12);
    setItem(attacker, 'horse', 'che_명마_12_옥란백용구');
    // Leadership 50 + 12 = 62 and 3,100 soldiers: (1 − 31/62) × 0.5 = 0.25.
    attacker.crew = 3100;
    expect(a.ownStat('warAvoidRatio', 0.1)).toBeCloseTo(0.35, 12);
    attacker.crew = 7000;
    expect(a.ownStat('warAvoidRatio', 0.1)).toBeCloseTo(0.1, 12);
  });

  it('spend a consumable: 탁주 raises morale by 30 (at most 150) as an encounter opens, once, with the legacy line', () => {
    const { world, attacker, defender } = armies({ item: 'che_사기_탁주' });
    attacker.atmos = 130;
    const { a, d } = engage(world, attacker, defender);
    fireTriggers('init', a, d);
    expect(attacker.atmos).toBe(150);
    expect(attacker.items).toBeUndefined();
    expect(world.logs.at(-1)!.text).toBe('탁주(사기)를 사용!');
    fireTriggers('init', a, d);
    expect(attacker.atmos).toBe(150);
  });

  it('수극 snipes a new opponent for sure (+20 morale, a 20..40 wound) and is spent; 태현청생부 forbids it', () => {
    const { world, attacker, defender } = armies({ item: 'che_저격_수극' });
    attacker.atmos = 90;
    const { a, d } = engage(world, attacker, defender);
    fireTriggers('phase', a, d);
    expect(attacker.atmos).toBe(110);
    expect(defender.injury).toBeGreaterThanOrEqual(20);
    expect(defender.injury).toBeLessThanOrEqual(40);
    expect(attacker.items).toBeUndefined();
    expect(world.logs.map((l) => l.text)).toEqual(expect.arrayContaining(['상대를 저격했다!', '상대에게 저격당했다!', '수극(저격)을 사용!']));

    const guarded = armies({ item: 'che_저격_수극' }, { item: 'che_부적_태현청생부' });
    const units = engage(guarded.world, guarded.attacker, guarded.defender);
    fireTriggers('init', units.a, units.d);
    fireTriggers('phase', units.a, units.d);
    expect([guarded.defender.injury, guarded.attacker.items?.item]).toEqual([0, 'che_저격_수극']);
  });

  it('keep one trigger per class and raise type: 조목삭 beside the 위압 special takes 5 morale, not 10', () => {
    const { world, attacker, defender } = armies({ item: 'che_위압_조목삭' });
    attacker.special2 = 'che_위압';
    const { a, d } = engage(world, attacker, defender);
    fireTriggers('phase', a, d);
    expect(defender.atmos).toBe(95);
    expect(d.warPowerMultiply).toBe(0);
  });

  it('삼황내문 blocks a defender’s first phase (legacy 저지: no side loses soldiers)', () => {
    const { world, attacker, defender } = armies({}, { item: 'che_저지_삼황내문' });
    const { a, d } = engage(world, attacker, defender);
    a.beginPhase();
    d.beginPhase();
    fireTriggers('phase', a, d);
    expect([d.has('저지'), a.warPowerMultiply, d.warPowerMultiply]).toEqual([true, 0, 0]);
  });

  it('동작 adds 20 % to every dex gain (legacy onCalcStat addDex)', () => {
    const { world, attacker, defender } = armies({ item: 'che_숙련_동작' });
    const { a } = engage(world, attacker, defender);
    const before = attacker.dex[1]!;
    a.addDex(a.crewType, 100);
    expect(attacker.dex[1]).toBeCloseTo(before + 120, 9);
  });
});

describe('items outside battle', () => {
  it('환약 cures a wound of 10 or more before the turn three times, then is gone; not before 요양', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    setItem(g, 'item', 'che_치료_환약');
    g.aux.remain환약 = 3;
    const rng = () => streamFromSeed(TEST_SEED, 'preprocess');
    for (const left of [2, 1, undefined]) {
      g.injury = 30;
      preprocess(world, g, rng);
      expect([g.injury, g.aux.remain환약]).toEqual([0, left]);
    }
    expect(g.items).toBeUndefined();
    expect(world.logs.at(-1)!.text).toBe('환약(치료)을 사용하여 치료합니다!');
    setItem(g, 'item', 'che_치료_환약');
    g.injury = 30;
    g.queue[0] = { action: 'che_요양', arg: null };
    preprocess(world, g, rng);
    expect([g.injury, g.items?.item]).toEqual([20, 'che_치료_환약']);
  });

  it('a 의술 book heals the city before the turn as the 의술 speciality does', () => {
    const world = smallWorld();
    const healer = addGeneral(world, { id: 1 });
    setItem(healer, 'item', 'che_의술_청낭서');
    healer.injury = 40;
    preprocess(world, healer, () => streamFromSeed(TEST_SEED, 'preprocess'));
    expect(healer.injury).toBe(0);
    expect(world.logs.at(-1)!.text).toBe('의술을 펼쳐 스스로 치료합니다!');
  });

  it('평만지장도 shortens a strategic command’s own cooldown to round(× 0.8)', () => {
    const world = smallWorld();
    const chief = addGeneral(world, { id: 1, officerLevel: 12 });
    const ctx = { world, general: chief, nation: world.nations.get(1) } as CommandContext;
    const plain = strategicDelay(ctx, 4);
    setItem(chief, 'item', 'che_전략_평만지장도');
    expect(strategicDelay(ctx, 4)).toBe(phpRound(plain * 0.8));
  });

  it('농성 books defend the city against sabotage (+0.3 each); 이추 is spent by a successful one', () => {
    const world = smallWorld();
    world.env.year = 193;
    const g = addGeneral(world, { id: 1, npc: 2, city: 2, leadership: 150, strength: 150, intel: 150 });
    g.gold = g.rice = 10000;
    setItem(g, 'item', 'che_계략_이추');
    const guard = addGeneral(world, { id: 2, npc: 2, nation: 2, city: 3, intel: 10 });
    const run = () => {
      const random = seededStreams();
      const ctx: CommandContext = {
        world, general: g, city: world.cities[2]!, nation: world.nations.get(1), year: 193, month: world.env.month,
        rng: random.stream('generalCommand', 193, world.env.month, 1, 'che_화계'), random,
      };
      return processCommand(ctx, generalHolder(g), GENERAL_COMMANDS.get('che_화계')!, { destCityId: 3 });
    };
    // With the 계략 +0.2 of 이추, p = 0.35 + 0.827 − 0.187 is capped at 0.5 (this seed succeeds, see sabotage.spec).
    run();
    expect(world.logs.map((l) => l.text)).toContain('이추(계략)를 사용!');
    expect(g.items).toBeUndefined();
    // Two 농성 holders there: p = 0.35 + 0.627 − (0.187 + 0.6 + …) ≤ 0: every try fails.
    setItem(guard, 'item', 'che_농성_주서음부');
    setItem(addGeneral(world, { id: 3, npc: 2, nation: 2, city: 3, intel: 10 }), 'item', 'che_농성_위공자병법');
    const fires = g.rank.firenum;
    for (let i = 0; i < 5; i++) {
      world.env.month = 1 + i;
      run();
    }
    expect(g.rank.firenum).toBe(fires);
  });

  it('a rare horse gets one of its four lines before a 전력전 or 통솔전 fight (rand() % 4), a shop horse none', () => {
    const third: FightDice = { below: (n) => (n === 4 ? 2 : 0), rangeInt: (a) => a, pick: (items) => items[0]! };
    const rider = { name: '여포', leadership: 50, strength: 90, intel: 30, lvl: 10, items: { horse: 'che_명마_15_적토마' } };
    const other = { name: '장비', leadership: 50, strength: 50, intel: 30, lvl: 10, items: { horse: 'che_명마_06_흑색마' } };
    expect(fight(tournamentKind(1), rider, other, 'league', third).lines.slice(0, 2)).toEqual(['● 여포가 적토마(+15)를 타고 있습니다!', '● 여포 (500) vs (500) 장비']);
    expect(fight(tournamentKind(2), rider, other, 'league', third).lines[0]).toMatch(/^● 여포 \(/);
  });
});

import { assignGeneralSpeciality } from '../monthly/assign-speciality';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld } from '../testing/small-world';
import { preprocess } from '../turn/preprocess';
import { pickSpecialDomestic, pickSpecialWar, specialityAges, splitSpeciality, statConditions } from './speciality';
import { domesticSpecials, SpecCond } from './specials';

const SEED = 'ab'.repeat(32);
/** The grant's stream of January of 190 … 197, as legacy AssignGeneralSpeciality seeds it. */
const januaries = Array.from({ length: 8 }, (_, k) => () => streamFromSeed(SEED, 'assignGeneralSpeciality', 190 + k, 1));

describe('the speciality pickers (legacy SpecialityHelper)', () => {
  it('flags the stats above chiefStatMin, else the dominant one', () => {
    expect(statConditions({ leadership: 80, strength: 30, intel: 40 })).toBe(SpecCond.leadership | SpecCond.notStrength | SpecCond.notIntel);
    expect(statConditions({ leadership: 70, strength: 70, intel: 68 })).toBe(SpecCond.leadership | SpecCond.strength | SpecCond.intel);
    expect(statConditions({ leadership: 60, strength: 50, intel: 40 })).toBe(SpecCond.leadership);
    expect(statConditions({ leadership: 40, strength: 50, intel: 50 })).toBe(SpecCond.strength);
  });

  it('draws the lines where legacy calcCondGeneric does: above 65, strength and intel within 95 % of each other, the not-flags below 65', () => {
    const { leadership: L, strength: S, intel: I, notLeadership: NOT_L, notIntel: NOT_I } = SpecCond;
    const cases: [number, number, number, number][] = [
      [65, 30, 30, L], // 65 is not above 65: the dominant stat, with no not-flags
      [66, 65, 40, L | NOT_I], // strength at 65 is neither flagged nor below
      [50, 95, 100, S | I | NOT_L], // 95 ≥ 100 × 0.95
      [50, 100, 95, S | I | NOT_L],
      [50, 100, 94, S | NOT_L], // 94 < 95: intel is not flagged, and not below 65 either
      [65, 80, 40, S | NOT_I],
      [80, 65, 65, L],
      [50, 45, 30, S], // 50 × 0.9 = 45 is not above 45
      [50, 30, 45, I],
      [40, 40, 40, S], // strength on a tie
    ];
    for (const [l, s, i, cond] of cases) expect([l, s, i, statConditions({ leadership: l, strength: s, intel: i })]).toEqual([l, s, i, cond]);
  });

  // Each row: the picks on the eight streams, as the legacy's pickers gave them (php-cli 8.2, hidche_core 1b858ae3).
  it.each([
    [{ leadership: 80, strength: 30, intel: 40 }, [], 'che_인덕,che_인덕,che_인덕,che_귀모,che_인덕,che_인덕,che_인덕,che_인덕'],
    [{ leadership: 50, strength: 90, intel: 40 }, [], 'che_통찰,che_통찰,che_통찰,che_귀모,che_수비,che_수비,che_통찰,che_수비'],
    [{ leadership: 50, strength: 40, intel: 90 }, ['che_경작', 'che_상재'], 'che_발명,che_발명,che_발명,che_귀모,che_발명,che_발명,che_발명,che_발명'],
  ])('draws a domestic speciality for %j (held before: %j) as the legacy does', (g, previous, expected) => {
    expect(januaries.map((rng) => pickSpecialDomestic(rng(), g, previous)).join(',')).toBe(expected);
  });

  // Forty Januaries (190 … 229) weigh the percent specialities against the rest ("none of them": 100 − their sum).
  it.each([
    [{ leadership: 80, strength: 30, intel: 40 }, 'che_인덕,che_인덕,che_인덕,che_귀모,' + Array(36).fill('che_인덕').join(',')],
    [{ leadership: 50, strength: 90, intel: 40 }, 'che_통찰,che_통찰,che_통찰,che_귀모,che_수비,che_수비,che_통찰,che_수비,che_통찰,che_통찰,che_축성,che_축성,che_수비,che_축성,che_축성,che_통찰,che_축성,che_수비,che_수비,che_축성,che_통찰,che_수비,che_통찰,che_수비,che_수비,che_수비,che_축성,che_통찰,che_통찰,che_수비,che_축성,che_수비,che_축성,che_통찰,che_수비,che_통찰,che_수비,che_통찰,che_수비,che_수비'],
    [{ leadership: 70, strength: 70, intel: 68 }, 'che_통찰,che_인덕,che_수비,che_귀모,che_축성,che_발명,che_수비,che_발명,che_통찰,che_인덕,che_경작,che_경작,che_수비,che_발명,che_상재,che_통찰,che_경작,che_수비,che_수비,che_경작,che_통찰,che_축성,che_통찰,che_축성,che_축성,che_축성,che_상재,che_통찰,che_인덕,che_축성,che_경작,che_축성,che_경작,che_인덕,che_수비,che_인덕,che_축성,che_통찰,che_축성,che_축성'],
  ])('draws a domestic speciality for %j over forty Januaries as the legacy does', (g, expected) => {
    const picks = Array.from({ length: 40 }, (_, k) => pickSpecialDomestic(streamFromSeed(SEED, 'assignGeneralSpeciality', 190 + k, 1), g));
    expect(picks.join(',')).toBe(expected);
  });

  it('draws again among all when every fitting domestic speciality was held before (legacy: no draw, then the pick without them)', () => {
    const g = { leadership: 80, strength: 30, intel: 40 };
    const everyOne = domesticSpecials.map((s) => s.key);
    // The same picks as with nothing held (the first row above: the legacy's).
    expect(januaries.map((rng) => pickSpecialDomestic(rng(), g, everyOne)).join(',')).toBe('che_인덕,che_인덕,che_인덕,che_귀모,che_인덕,che_인덕,che_인덕,che_인덕');
  });

  it.each([
    [{ leadership: 80, strength: 85, intel: 40, dex: [0, 1000, 0, 50000, 0, 0] }, [], 'che_기병,che_척사,che_징병,che_견고,che_저격,che_척사,che_돌격,che_돌격'],
    // Dex this high (√250000 / 4 = 125 ≥ any draw of 0..99) never names an arm.
    [{ leadership: 80, strength: 85, intel: 40, dex: [0, 250000, 0, 0, 0, 0] }, [], 'che_필살,che_척사,che_징병,che_견고,che_저격,che_척사,che_돌격,che_돌격'],
    // √71824 / 4 = 67, which the first stream draws: the arm is named (the draw is not below 67).
    [{ leadership: 80, strength: 85, intel: 40, dex: [0, 71824, 0, 0, 0, 0] }, [], 'che_보병,che_척사,che_징병,che_견고,che_저격,che_척사,che_돌격,che_돌격'],
    [{ leadership: 40, strength: 30, intel: 95, dex: [0, 0, 0, 0, 0, 0] }, [], 'che_척사,che_척사,che_필살,che_신중,che_반계,che_척사,che_신산,che_신산'],
    [{ leadership: 40, strength: 30, intel: 95, dex: [0, 0, 0, 0, 0, 0] }, ['che_신산'], 'che_척사,che_척사,che_징병,che_반계,che_저격,che_척사,che_집중,che_집중'],
  ])('draws a war speciality for %j (held before: %j) as the legacy does', (g, previous, expected) => {
    expect(januaries.map((rng) => pickSpecialWar(rng(), g, previous)).join(',')).toBe(expected);
  });

  it('sets the speciality ages as GeneralBuilder does: at least three years on, sooner later in the world', () => {
    // 20 years old at the opening: round(60/12) = 5 and round(60/6) = 10 years on.
    expect(specialityAges(20, 190, 190)).toEqual({ specage: 25, specage2: 30 });
    // Ten years in: 5 − 5 → at least 3; 10 − 5 = 5.
    expect(specialityAges(20, 200, 190)).toEqual({ specage: 23, specage2: 25 });
    expect(specialityAges(70, 190, 190)).toEqual({ specage: 73, specage2: 73 });
  });

  it("splits a scenario's one speciality by its family", () => {
    expect(splitSpeciality('경작')).toEqual({ special: 'che_경작', special2: null });
    expect(splitSpeciality('의술')).toEqual({ special: null, special2: 'che_의술' });
    expect(splitSpeciality(null)).toEqual({ special: null, special2: null });
    expect(() => splitSpeciality('없는특기')).toThrow(/unknown speciality 없는특기/);
  });
});

describe('AssignGeneralSpeciality', () => {
  it('waits for the fourth year, then grants each speciality at its age, once', () => {
    const world = smallWorld();
    const ready = addGeneral(world, { id: 1, leadership: 80, strength: 30, intel: 40, specage: 30, specage2: 30 });
    ready.age = 30;
    const young = addGeneral(world, { id: 2, specage: 31, specage2: 31 });
    young.age = 30;
    const rng = streamFromSeed(SEED, 'assignGeneralSpeciality', world.env.year, 1);
    world.env.year = world.env.startyear + 2;
    assignGeneralSpeciality(world, rng);
    expect([ready.special, ready.special2]).toEqual([null, null]);
    world.env.year = world.env.startyear + 3;
    assignGeneralSpeciality(world, rng);
    expect(ready.special).toBe('che_인덕');
    expect(ready.special2).not.toBeNull();
    expect([young.special, young.special2]).toEqual([null, null]);
    expect(world.logs.some((l) => l.subject === 1 && l.text === '특기 【인덕】을 익혔습니다!')).toBe(true);
    const held = [ready.special, ready.special2];
    assignGeneralSpeciality(world, rng);
    expect([ready.special, ready.special2]).toEqual(held);
  });
});

describe('의술 before the turn (che_도시치료)', () => {
  it('heals the healer and only the badly wounded of its city; no other speciality heals', () => {
    const world = smallWorld();
    const healer = addGeneral(world, { id: 1, special2: 'che_의술' });
    healer.injury = 30;
    const light = addGeneral(world, { id: 2 });
    light.injury = 10;
    const away = addGeneral(world, { id: 3, city: 2 });
    away.injury = 60;
    const patients = [4, 5, 6, 7, 8, 9].map((id) => addGeneral(world, { id, nation: 2 }));
    for (const p of patients) p.injury = 50;
    preprocess(world, healer, () => streamFromSeed(SEED, 'preprocess', 190, 1, 1));
    expect(healer.injury).toBe(0);
    expect(light.injury).toBe(10);
    expect(away.injury).toBe(60);
    const cured = patients.filter((p) => p.injury === 0).length;
    expect(cured).toBeGreaterThan(0);
    expect(cured).toBeLessThan(patients.length);

    const plain = addGeneral(world, { id: 10, special2: 'che_필살' });
    plain.injury = 30;
    preprocess(world, plain, () => { throw new Error('only 의술 draws before the turn'); });
    expect(plain.injury).toBe(20);
    expect(away.injury).toBe(60);
  });

  it("sends a starving crew home as 징집인구 counts it: none for 징병's holders", () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, special2: 'che_징병' });
    Object.assign(g, { crew: 5000, rice: 10 });
    const pop = world.cities[1]!.pop;
    preprocess(world, g, () => { throw new Error('no draw'); });
    expect([g.crew, g.rice, world.cities[1]!.pop]).toEqual([0, 0, pop]);
  });
});

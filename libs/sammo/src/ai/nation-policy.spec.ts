import { smallWorld } from '../testing/small-world';
import type { NationPolicy } from '../world/types';
import { humanDevelStock, humanWarRecommendedStock, humanWarUrgentStock, maxResourceActionAmount, nationReserve, npcDevelStock, npcWarStock } from './nation-policy';
import { DEFAULT_NATION_POLICY, policyOf, readPolicyChanges } from '../world/policy';

const read = (changes: unknown, base: NationPolicy = DEFAULT_NATION_POLICY): NationPolicy => {
  const reading = readPolicyChanges(changes, base);
  if ('problem' in reading) throw new Error(reading.problem);
  return reading.policy;
};
const problem = (changes: unknown) => {
  const reading = readPolicyChanges(changes, DEFAULT_NATION_POLICY);
  return 'problem' in reading ? reading.problem : null;
};

describe('the policy\'s stocks (legacy AutorunNationPolicy\'s constructor)', () => {
  // The legacy's values, printed by its constructor for these techs and develcosts.
  it.each([
    [0, 20, {}, [2700, 2700, 600, 500, 4300, 4300, 8600, 8600]],
    [0, 20, { reqNPCWarGold: 5000, reqHumanWarUrgentRice: 7000, reqNPCDevelGold: 900 }, [5000, 2700, 900, 500, 4300, 7000, 8600, 14000]],
    [3000, 30, {}, [3900, 3900, 900, 500, 6300, 6300, 12600, 12600]],
    [3000, 30, { reqNPCWarGold: 5000, reqHumanWarUrgentRice: 7000, reqNPCDevelGold: 900 }, [5000, 3900, 900, 500, 6300, 7000, 12600, 14000]],
  ])('tech %d, develcost %d, set %j: 0 takes the derived stock', (tech, develcost, changes, expected) => {
    const p = read(changes);
    expect([
      npcWarStock(p, 'gold', tech), npcWarStock(p, 'rice', tech), npcDevelStock(p, 'gold', develcost), npcDevelStock(p, 'rice', develcost),
      humanWarUrgentStock(p, 'gold', tech), humanWarUrgentStock(p, 'rice', tech), humanWarRecommendedStock(p, 'gold', tech), humanWarRecommendedStock(p, 'rice', tech),
    ]).toEqual(expected);
  });

  it('reads set values as they are: reserves, users\' domestic stocks, the recommended stock', () => {
    const p = read({ reqNationGold: 1, reqNationRice: 2, reqHumanDevelGold: 3, reqHumanDevelRice: 4, reqHumanWarRecommandGold: 5, reqHumanWarRecommandRice: 6, reqNPCDevelRice: 7 });
    expect([nationReserve(p, 'gold'), nationReserve(p, 'rice'), humanDevelStock(p, 'gold'), humanDevelStock(p, 'rice')]).toEqual([1, 2, 3, 4]);
    expect([humanWarRecommendedStock(p, 'gold', 0), humanWarRecommendedStock(p, 'rice', 0), npcDevelStock(p, 'rice', 20)]).toEqual([5, 6, 7]);
  });

  it('maxResourceActionAmount starts from the policy\'s minimum and stops at its maximum', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.gold = nation.rice = 0;
    expect(maxResourceActionAmount(world, nation)).toBe(1000);
    nation.policy = read({ minimumResourceActionAmount: 4000 });
    expect(maxResourceActionAmount(world, nation)).toBe(4000);
    nation.gold = 50000; // a fifth: 10000
    nation.policy = read({ maximumResourceActionAmount: 3000 });
    expect(maxResourceActionAmount(world, nation)).toBe(3000);
    nation.policy = read({ maximumResourceActionAmount: 30000 });
    nation.gold = 200000;
    expect(maxResourceActionAmount(world, nation)).toBe(10000); // GameConst's cap stays
  });

  it('a nation without a policy, and a wanderer, read the default', () => {
    const world = smallWorld();
    expect(policyOf(world.nations.get(1))).toBe(DEFAULT_NATION_POLICY);
    expect(policyOf(undefined)).toBe(DEFAULT_NATION_POLICY);
  });
});

describe('readPolicyChanges', () => {
  it('keeps the values not named, takes the bounds inclusive and an empty order as the default one', () => {
    const base = read({ minWarCrew: 2000, SupportForce: [3] });
    const p = read({ properWarTrainAtmos: 20, cureThreshold: 100, safeRecruitCityPopulationRatio: 1, minimumResourceActionAmount: 100, priority: [] }, base);
    expect(p).toEqual({ ...base, properWarTrainAtmos: 20, cureThreshold: 100, safeRecruitCityPopulationRatio: 1, minimumResourceActionAmount: 100 });
    expect(read({ properWarTrainAtmos: 100, cureThreshold: 10, safeRecruitCityPopulationRatio: 0, reqNationGold: 0 })).toMatchObject({ properWarTrainAtmos: 100, cureThreshold: 10 });
    expect(read({ priority: ['NPC몰수', 'NPC몰수'] }).priority).toEqual(['NPC몰수', 'NPC몰수']);
  });

  it('refuses what is out of shape, saying what is expected', () => {
    expect(problem(null)).toBe('the policy must be an object of the values to set');
    expect(problem({ properWarTrainAtmos: 19 })).toBe('properWarTrainAtmos must be an integer from 20 to 100');
    expect(problem({ cureThreshold: 101 })).toBe('cureThreshold must be an integer from 10 to 100');
    expect(problem({ safeRecruitCityPopulationRatio: -0.1 })).toBe('safeRecruitCityPopulationRatio must be a number from 0 to 1');
    expect(problem({ minWarCrew: '1500' })).toBe('minWarCrew must be an integer from 0 up');
    expect(problem({ minWarCrew: Infinity })).toBe('minWarCrew must be an integer from 0 up');
    expect(problem({ maximumResourceActionAmount: 99 })).toBe('maximumResourceActionAmount must be an integer from 100 up');
    expect(problem({ CombatForce: [[1, 2]] })).toBe('CombatForce must map troop-leader ids to [from city, to city]');
    expect(problem({ CombatForce: { 0: [1, 2] } })).toBe('CombatForce.0 must be [from city id, to city id] under a troop-leader id');
    expect(problem({ CombatForce: { 5: [1, 0] } })).toBe('CombatForce.5 must be [from city id, to city id] under a troop-leader id');
    expect(problem({ CombatForce: { 5: [1, 2, 3] } })).toBe('CombatForce.5 must be [from city id, to city id] under a troop-leader id');
    expect(problem({ SupportForce: [5, 1.5] })).toBe('SupportForce must be a list of troop-leader ids');
    expect(problem({ DevelopForce: 5 })).toBe('DevelopForce must be a list of troop-leader ids');
    expect(problem({ priority: '천도' })).toBe('priority must be a list of the nation AI action names');
    expect(problem({ priority: [7] })).toMatch(/^priority lists 7, which is not a nation AI action; known: 불가침제의, 선전포고, /);
    expect(problem({ reqNationGol: 1 })).toMatch(/^reqNationGol is not a nation policy value; known: reqNationGold, .*, CombatForce, SupportForce, DevelopForce, priority$/);
    expect(problem({ CombatForce: { 5: [1, 2] }, DevelopForce: [5] })).toBe('troop 5 is in both CombatForce and DevelopForce: a troop has one role');
  });
});

import { setNationFronts } from '../world/fronts';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { Diplo, REST_KEY } from '../world/constants';
import { AiSession } from './ai-session';
import { calcDiplomacyState, DipState } from './diplomacy-state';
import { chooseGeneralTurn } from './general-ai';

// smallWorld: 가(1) — 나(2) — 다(3); 가, 나 belong to 위(1), 다 to 오(2); startyear 190.
describe('calcDiplomacyState (legacy GeneralAI, §8 dipState)', () => {
  it('is 평화, or 선포 with any war or declaration row, until May of startyear + 2, never attackable', () => {
    const world = smallWorld();
    world.env.year = 192;
    world.env.month = 5;
    expect(calcDiplomacyState(world, 1)).toMatchObject({ dipState: DipState.peace, attackable: false });
    world.diplomacy.set('1:2', { state: Diplo.war, term: 6, dead: 0 });
    setNationFronts(world);
    expect(world.cities[2]!.front).toBe(3);
    expect(calcDiplomacyState(world, 1)).toMatchObject({ dipState: DipState.declared, attackable: false });
    // June 192 is past joinYearMonth(192, 5): at war with a supplied front city → 전쟁.
    world.env.month = 6;
    expect(calcDiplomacyState(world, 1)).toMatchObject({ dipState: DipState.war, attackable: true });
    expect([...calcDiplomacyState(world, 1).warTargets]).toEqual([[2, 2]]);
  });

  it('grades a declaration by its smallest term: > 8 선포, > 5 징병, else 직전', () => {
    const world = smallWorld();
    world.env.year = 193;
    const at = (term: number) => {
      world.diplomacy.set('1:2', { state: Diplo.declared, term, dead: 0 });
      setNationFronts(world);
      return calcDiplomacyState(world, 1);
    };
    // term 9, 6: not near (≥ 5) → warTargets {0}; fronts: 가 sees 나 (own), 나 sees 다 (오's city, far
    // declaration → no front 1), no empty city → no front → not attackable.
    expect(at(9)).toMatchObject({ dipState: DipState.declared, attackable: false });
    expect(at(6).dipState).toBe(DipState.recruit);
    // term 5: front 1 on 나 (SetNationFront term ≤ 5) but warTarget needs term < 5 → none → {0:1}
    // and attackable → 전쟁 (legacy: `key_exists(0, warTargetNation) && attackable`).
    expect(at(5)).toMatchObject({ dipState: DipState.war, attackable: true });
    // term 4: near declaration → warTargets {2:1}; no war → stays 직전 despite the front.
    const near = at(4);
    expect(near).toMatchObject({ dipState: DipState.imminent, attackable: true });
    expect([...near.warTargets]).toEqual([[2, 1]]);
  });

  it('counts a front on empty cities as war when there is no war and no near declaration', () => {
    const world = smallWorld();
    world.env.year = 193;
    world.cities[2]!.nation = 0;
    setNationFronts(world);
    expect(world.cities[1]!.front).toBe(2);
    const calm = calcDiplomacyState(world, 1);
    expect(calm).toMatchObject({ dipState: DipState.war, attackable: true });
    expect([...calm.warTargets]).toEqual([[0, 1]]);
    // So the AI prepares for war at peace: 전투준비 is its first applicable priority (trust 80
    // keeps 긴급내정 out).
    world.cities[1]!.trust = 80;
    const g = addGeneral(world, { id: 1, npc: 2, leadership: 60 });
    g.crewtype = 1100;
    g.crew = 3000;
    g.train = 95;
    g.atmos = 50;
    const turn = chooseGeneralTurn(world, g, { action: REST_KEY, arg: null }, new AiSession(streamFromSeed(TEST_SEED, 'GeneralAI', 193, 1, 1), g, null, 0));
    expect(turn.action).toBe('che_사기진작');
  });
});

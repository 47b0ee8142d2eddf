import { IllegalMove } from '@chronicle/engine';
import { streamFromSeed } from '../rng/streams';
import { smallWorld, addGeneral, TEST_SEED } from '../testing/small-world';
import { AVAILABLE_PERSONALITIES, GameConst } from '../world/constants';
import type { World } from '../world/types';
import { checkCreateGeneral, legacyGeneralName, makeGeneral } from './create-general';

const join = (world: World, payload: Record<string, unknown>, seat = 'p-1') =>
  checkCreateGeneral(world, seat, { name: '조운', leadership: 60, strength: 60, intel: 30, ...payload } as never);
const refusal = (world: World, payload: Record<string, unknown>, seat?: string) => {
  try {
    join(world, payload, seat);
  } catch (error) {
    if (error instanceof IllegalMove) return error.message;
    throw error;
  }
  return null;
};

describe('createGeneral: the legacy General/Join', () => {
  it('refuses what its validator refuses, in Korean naming the field', () => {
    const world = smallWorld();
    expect(refusal(world, { name: '가나다라마바사아자차' })).toMatch(/^이름은 1~18칸이어야 합니다\. .*createGeneral\.name is 20 columns wide/);
    expect(refusal(world, { name: '' })).toMatch(/^이름은 1~18칸이어야 합니다/);
    expect(refusal(world, { name: 'abcdefghijklmnopqr' })).toBeNull();
    expect(refusal(world, { leadership: 14 })).toMatch(/^통솔은 15~80 사이의 정수여야 합니다\. .*\(createGeneral\.leadership\)/);
    expect(refusal(world, { strength: 81 })).toMatch(/^무력은 .*\(createGeneral\.strength\)/);
    expect(refusal(world, { intel: 50.5 })).toMatch(/^지력은 .*\(createGeneral\.intel\)/);
    expect(refusal(world, { personality: 'che_은둔' })).toMatch(/^성격이 잘못 지정되었습니다.*createGeneral\.personality/);
    expect(join(world, { personality: 'Random' }).personality).toBeNull();
    expect(join(world, { personality: 'che_왕좌' }).personality).toBe('che_왕좌');
  });

  it('refuses what its launch refuses, in its words and order', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, name: '조운', nation: 1, city: 1, officerLevel: 1, owner: 'p-9' });
    expect(refusal(world, {}, 'p-9')).toMatch(/^이미 등록하셨습니다!/);
    expect(refusal(world, {})).toMatch(/^이미 있는 장수입니다\. 다른 이름으로 등록해 주세요!/);
    // Escaped, then measured: `&` is 5 columns as the legacy stores it.
    expect(refusal(world, { name: '가나다라마바사아&' })).toMatch(/^이름이 유효하지 않습니다\. 다시 가입해주세요! .*21 columns/);
    expect(refusal(world, { name: '--- ' })).toMatch(/^이름이 짧습니다\. 다시 가입해주세요!/);
    expect(refusal(world, { name: '마초', leadership: 80, strength: 80, intel: 14 })).toMatch(/^지력은/);
    expect(refusal(world, { name: '마초', leadership: 80, strength: 70, intel: 15 })).toBeNull();
    expect(refusal(world, { name: '마초', leadership: 80, strength: 70, intel: 16 })).toMatch(/^능력치가 165을 넘어섰습니다\. 다시 가입해주세요!/);
    // The limit counts players' generals (npc < 2) only.
    world.env.maxgeneral = 2;
    addGeneral(world, { id: 2, name: 'NPC', nation: 1, city: 1, officerLevel: 1, npc: 2 });
    expect(refusal(world, { name: '마초' })).toBeNull();
    addGeneral(world, { id: 3, name: '장비', nation: 1, city: 1, officerLevel: 1, owner: 'p-8' });
    expect(refusal(world, { name: '마초' })).toMatch(/^더이상 등록할 수 없습니다!.*2 of 2/);
  });

  it('cleans the name as the legacy stores it, and keeps it as text', () => {
    expect(legacyGeneralName(' 조-운/ ')).toBe('조운');
    expect(legacyGeneralName("it's")).toBe('it&amp;039;s');
    expect(legacyGeneralName('say "hi"')).toBe('say "hi"');
    expect(legacyGeneralName('<b>a&b</b>')).toBe('&lt;b&gt;a&amp;b&lt;b&gt;');
    expect(legacyGeneralName('손\u0001권\r')).toBe('손권');
    expect(join(smallWorld(), { name: 'a&b<c>' }).name).toBe('a&b<c>');
  });

  it('makes the general with the bonus points, the age and a birth city among the unowned cities of level 5–6', () => {
    const world = smallWorld();
    const move = join(world, {});
    const general = makeGeneral(world, 'p-1', move, streamFromSeed(TEST_SEED, 'MakeGeneral', 'p-1', 1), world.env.turntime);
    const bonus = general.leadership + general.strength + general.intel - 150;
    expect(bonus).toBeGreaterThanOrEqual(3);
    expect(bonus).toBeLessThanOrEqual(5);
    expect([general.leadership - 60, general.strength - 60, general.intel - 30].every((b) => b >= 0)).toBe(true);
    expect(general.age === 20 + bonus * 2 || general.age === 19 + bonus * 2).toBe(true);
    // smallWorld's cities are all held: the legacy then draws among every city of level 5–6.
    expect([1, 2, 3]).toContain(general.city);
    expect(general).toMatchObject({ npc: 0, nation: 0, owner: 'p-1', killturn: 6, belong: 1, gold: 1000, rice: 1000, experience: 0, explevel: 0 });
    expect(AVAILABLE_PERSONALITIES).toContain(general.personal);
    expect(general.turntime).toBeGreaterThan(world.env.turntime);
    const lines = world.logs.filter((l) => l.scope === 'general' && l.subject === general.id).map((l) => l.text);
    expect(lines.at(-2)).toBe(`통솔 ${general.leadership - 60} 무력 ${general.strength - 60} 지력 ${general.intel - 30} 의 보너스를 받으셨습니다.`);
    expect(lines.at(-1)).toBe(`연령은 ${general.age}세로 시작합니다.`);
    expect(world.logs.find((l) => l.scope === 'world')!.text).toMatch(/^[가나다]에서 조운이라는 호걸이 천하에 이름을 알립니다\.$/);
    // An unowned city of level 5–6 is always the birth city once there is one.
    const other = smallWorld();
    other.cities[2]!.nation = 0;
    for (let i = 0; i < 5; i++) {
      const g = makeGeneral(other, `p-${i}`, join(other, { name: `장수${i}` }, `p-${i}`), streamFromSeed(TEST_SEED, 'MakeGeneral', i, 0), other.env.turntime);
      expect(g.city).toBe(2);
    }
    // A map without cities of level 5–6 (the legacy's draw would fail there): any city, not an error.
    const flat = smallWorld();
    for (const c of flat.cities) if (c) c.level = 3;
    expect([1, 2, 3]).toContain(makeGeneral(flat, 'p-1', join(flat, {}), streamFromSeed(TEST_SEED, 'MakeGeneral', 'p-1'), 0).city);
  });

  it('makes a genius (1%) while the world has geniuses left: a war speciality at once, told to the world', () => {
    // The first stream whose 1% draw comes up (a fixed search, so the test is the same every run).
    let label = 0;
    while (!streamFromSeed(TEST_SEED, 'MakeGeneral', label).nextBool(0.01)) label += 1;
    const world = smallWorld();
    const general = makeGeneral(world, 'p-1', join(world, {}), streamFromSeed(TEST_SEED, 'MakeGeneral', label), 0);
    expect(general.special2).not.toBeNull();
    expect(general.specage2).toBe(general.age);
    expect(world.env.genius).toBe(GameConst.defaultMaxGenius - 1);
    expect(world.history.map((l) => l.text)).toEqual([`【천재】${world.cities[general.city]!.name}에 천재가 등장했습니다.`]);
    expect(world.logs.filter((l) => l.scope === 'world')[1]!.text).toMatch(/특기를 가진 천재의 등장으로 온 천하가 떠들썩합니다\.$/);
    // None left: the same draw makes no genius.
    const none = smallWorld();
    none.env.genius = 0;
    const plain = makeGeneral(none, 'p-1', join(none, {}), streamFromSeed(TEST_SEED, 'MakeGeneral', label), 0);
    expect(plain.special2).toBeNull();
    expect(none.history).toEqual([]);
  });

  it('starts a general joining from the fourth year with 80% of the experience ranked at a fifth of the nations\' generals', () => {
    const world = smallWorld();
    world.env.year = world.env.startyear + 3;
    for (let id = 1; id <= 10; id++) addGeneral(world, { id, name: `장${id}`, nation: 1, city: 1, officerLevel: 1, npc: id === 10 ? 5 : 2, experience: id * 100 });
    const general = makeGeneral(world, 'p-1', join(world, {}), streamFromSeed(TEST_SEED, 'MakeGeneral', 'p-1'), 0);
    // Nine ranked (the npc-5 dummy is not): round(9 × 0.2) = 2, the second lowest 200.
    expect(general.experience).toBe(160);
  });
});

import { firstFailure } from '../feasible';
import { streamFromSeed } from '../../rng/streams';
import { postUpdateMonthly } from '../../monthly/post-update';
import { addGeneral, commandContext, seededStreams, smallWorld, TEST_SEED } from '../../testing/small-world';
import type { World } from '../../world/types';
import { disband } from './disband';
import { foundNation } from './found-nation';
import { bandName, raiseBand } from './raise-band';
import { join } from './join';

const ctxFor = (world: World, id: number) => commandContext(world, id, 'founding');

describe('거병, 건국, 해산', () => {
  it('raises a band, founds a nation in a neutral city of level 5 or 6, with a follower', () => {
    const world = smallWorld();
    world.cities[2]!.nation = 0;
    const leader = addGeneral(world, { id: 1, nation: 0, officerLevel: 0, city: 2 });
    world.env.year = 192;
    expect(firstFailure(ctxFor(world, 1), raiseBand, null)).toBe('초반이 지났습니다.');
    world.env.year = 190;
    expect(firstFailure(ctxFor(world, 1), raiseBand, null)).toBeNull();
    raiseBand.run(ctxFor(world, 1), null);
    const band = world.nations.get(leader.nation)!;
    expect(band).toMatchObject({ id: 3, name: '장수1', level: 0, gold: 0, rice: 2000, gennum: 1, capital: 0 });
    expect(Object.keys(band.chiefQueues).map(Number)).toEqual([11, 12]);
    expect(leader).toMatchObject({ officerLevel: 12, experience: 100, dedication: 100 });
    expect(world.diplomacy.get('3:1')).toEqual({ state: 2, term: 0, dead: 0 });

    const arg = { nationName: '촉한', nationType: 'che_덕가', color: '#00aa00' };
    expect(firstFailure(ctxFor(world, 1), foundNation, arg)).toBe('수하 장수가 부족합니다.');
    addGeneral(world, { id: 2, nation: 0, officerLevel: 0 });
    join.run(ctxFor(world, 2), { destNationId: 3 });
    expect(firstFailure(ctxFor(world, 1), foundNation, { ...arg, nationName: '위' })).toBe('존재하는 국가명입니다.');
    // Legacy AllowJoinAction: no founding while the join cooldown runs.
    leader.makelimit = 3;
    expect(firstFailure(ctxFor(world, 1), foundNation, arg)).toBe('재야가 된지 12턴이 지나야 합니다.');
    leader.makelimit = 0;
    // Legacy BeOpeningPart(relYear + 1): two years in (190 → 192), the coming year is past the opening.
    world.env.year = 192;
    expect(firstFailure(ctxFor(world, 1), foundNation, arg)).toBe('초반이 지났습니다.');
    world.env.year = 190;
    // Legacy che_건국's `yearMonth <= init_year/init_month`: not in the game's first month; the turn goes to 인재탐색.
    expect(foundNation.run(ctxFor(world, 1), arg)).toBe(false);
    expect(foundNation.alternative!(ctxFor(world, 1), arg)).toEqual({ key: 'che_인재탐색', arg: null });
    expect(world.logs.at(-1)!.text).toBe('다음 턴부터 건국할 수 있습니다.');
    expect(band.level).toBe(0);
    world.env.month = 2;
    expect(foundNation.alternative!(ctxFor(world, 1), arg)).toBeNull();
    expect(foundNation.run(ctxFor(world, 1), arg)).toBe(true);
    expect(band).toMatchObject({ name: '촉한', level: 1, capital: 2, type: 'che_덕가' });
    expect(world.logs.filter((l) => l.subject === 1).map((l) => l.text)).toContain('촉한을 건국하였습니다.');
    expect(world.history.at(-1)!.text).toBe('【건국】덕가 촉한이 새로이 등장하였습니다.');
    expect(world.cities[2]!.nation).toBe(3);
    expect(leader.experience).toBe(1100);
  });

  // Legacy che_거병: `㉥` before a name a nation holds, cut by mb_strimwidth to 18 columns; a
  // second `㉥`, uncut, when that is taken too. The cut forms are the legacy's, as legacy-diff's
  // general-commands showed them (LEGACY_DIFF_COMMANDS=che_거병 --seed raise-band).
  it('names the band after its general, with ㉥ before a name a nation holds', () => {
    const world = smallWorld();
    world.cities[2]!.nation = 0;
    const leader = addGeneral(world, { id: 1, nation: 0, officerLevel: 0, city: 2, name: '위' });
    raiseBand.run(ctxFor(world, 1), null);
    expect(world.nations.get(leader.nation)!.name).toBe('㉥위');

    const nation2 = world.nations.get(2)!;
    nation2.name = '가나다라마바사아자';
    expect(bandName(world, '가나다라마바사아자')).toBe('㉥가나다라마바사아');
    nation2.name = 'Cao Mengde of Qiao';
    expect(bandName(world, 'Cao Mengde of Qiao')).toBe('㉥Cao Mengde of Qi');
    nation2.name = '가a나b다c라d마e바';
    expect(bandName(world, '가a나b다c라d마e바')).toBe('㉥가a나b다c라d마e');
    // The ㉥ form taken as well: one more ㉥, uncut (20 columns).
    world.nations.get(1)!.name = '㉥가a나b다c라d마e';
    expect(bandName(world, '가a나b다c라d마e바')).toBe('㉥㉥가a나b다c라d마e');
    // Only the ㉥ form taken: the name is free.
    nation2.name = '조조';
    expect(bandName(world, '가a나b다c라d마e바')).toBe('가a나b다c라d마e바');
    // MariaDB's utf8mb4_bin pads: '조조 ' holds '조조'; a tab is no space.
    nation2.name = '조조 ';
    expect(bandName(world, '조조')).toBe('㉥조조');
    nation2.name = '조조\t';
    expect(bandName(world, '조조')).toBe('조조');
  });

  it('disbands bands still wandering two years in, with the monthly stream', () => {
    const world = smallWorld();
    const leader = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    raiseBand.run(ctxFor(world, 1), null);
    expect(firstFailure(ctxFor(world, 1), disband, null)).toBeNull();
    postUpdateMonthly(world, streamFromSeed(TEST_SEED, 'monthly'), seededStreams(), world.env.turntime);
    expect(world.nations.has(3)).toBe(true);
    world.env.year = 192;
    postUpdateMonthly(world, streamFromSeed(TEST_SEED, 'monthly'), seededStreams(), world.env.turntime);
    expect(world.nations.has(3)).toBe(false);
    expect(leader).toMatchObject({ nation: 0, officerLevel: 0, makelimit: 12 });
  });

  it('caps gold at 1000 for everyone and rice for the ruler only (che_해산.php l.89–96)', () => {
    const world = smallWorld();
    const leader = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    raiseBand.run(ctxFor(world, 1), null);
    const member = addGeneral(world, { id: 2, nation: 0, officerLevel: 0 });
    join.run(ctxFor(world, 2), { destNationId: leader.nation });
    const poor = addGeneral(world, { id: 3, nation: leader.nation, officerLevel: 1 });
    Object.assign(leader, { gold: 5000, rice: 3000 });
    Object.assign(member, { gold: 2000, rice: 4000 });
    Object.assign(poor, { gold: 300, rice: 200 });
    // Legacy che_해산's `yearMonth <= init_year/init_month`: not in the game's first month; the turn goes to 인재탐색.
    expect(disband.run(ctxFor(world, 1), null)).toBe(false);
    expect(disband.alternative!(ctxFor(world, 1), null)).toEqual({ key: 'che_인재탐색', arg: null });
    expect(world.logs.at(-1)!.text).toBe('다음 턴부터 해산할 수 있습니다.');
    expect(leader.gold).toBe(5000);
    world.env.month = 2;
    expect(disband.alternative!(ctxFor(world, 1), null)).toBeNull();
    expect(disband.run(ctxFor(world, 1), null)).toBe(true);
    expect([leader.gold, leader.rice]).toEqual([1000, 1000]);
    expect([member.gold, member.rice]).toEqual([1000, 4000]);
    expect([poor.gold, poor.rice]).toEqual([300, 200]);
  });
});

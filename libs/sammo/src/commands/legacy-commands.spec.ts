import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../testing/small-world';
import { Diplo } from '../world/constants';
import type { World } from '../world/types';
import type { CommandContext } from './command';
import { contextFor, whyNot } from './feasible';
import { GENERAL_COMMANDS, NATION_COMMANDS } from './registry';
import { generalHolder, nationHolder } from '../turn/general-turn';
import { processCommand } from '../turn/process-command';
import { addDex, ArmType } from '../stats/crew-types';

// What the command differential (tools/legacy-diff, areas general-commands and
// nation-commands) found libs/sammo doing otherwise than the legacy PHP; the numbers are the
// legacy's (its code paths named per test).

function ctxFor(world: World, id: number, key: string): CommandContext {
  return { ...contextFor(world, world.generals.get(id)!, streamFromSeed(TEST_SEED, 'generalCommand', world.env.year, world.env.month, id, key)), random: seededStreams() };
}

function runGeneral(world: World, id: number, key: string, arg: unknown = null) {
  const general = world.generals.get(id)!;
  const holder = generalHolder(general);
  const outcome = processCommand(ctxFor(world, id, key), holder, GENERAL_COMMANDS.get(key)!, arg as never);
  return { outcome, holder };
}

describe('general commands as the legacy runs them', () => {
  it('하야 scales experience by 1 − 0.1 × betray and takes the level from the unrounded product, then settles stat experience', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, experience: 1999, dedication: 1999 });
    g.betray = 5;
    g.intelExp = 31;
    runGeneral(world, 1, 'che_하야');
    // che_하야: setVar(experience × 0.5 = 999.5), addExperience(0) → getExpLevel(999.5) = 9;
    // the INT column rounds 999.5 to 1000 (whose level would be 10). checkStatChange: 지력 +1.
    expect(g).toMatchObject({ experience: 1000, explevel: 9, dedication: 1000, dedlevel: 4, intel: 51, intelExp: 1, betray: 6 });
  });

  it('은퇴 (rebirth) and 선양 halve or cut experience with multiplyVar, which leaves the levels as they were', () => {
    const world = smallWorld();
    const old = addGeneral(world, { id: 1, experience: 10000, dedication: 10000, officerLevel: 12 });
    old.age = 70;
    old.lastTurn = { command: '은퇴', arg: null, term: 1 };
    const heir = addGeneral(world, { id: 2, experience: 10000 });
    runGeneral(world, 1, 'che_은퇴');
    expect(old).toMatchObject({ experience: 5000, explevel: 31, dedication: 5000, dedlevel: 10, age: 20 });
    runGeneral(world, 2, 'che_선양', { destGeneralId: 1 });
    // heir is no ruler: refused; the ruler hands the seat over and keeps level 31 at 3,500.
    runGeneral(world, 1, 'che_선양', { destGeneralId: 2 });
    expect(old).toMatchObject({ experience: 3500, explevel: 31, officerLevel: 1 });
    expect(heir.officerLevel).toBe(12);
  });

  it('거병 and 건국 are refused from the opening’s last year (BeOpeningPart(relYear + 1)); 건국 also under a join ban', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    world.env.year = 192; // relYear 2: 2 + 1 < 3 fails
    expect(whyNot(ctxFor(world, 1, 'che_거병'), GENERAL_COMMANDS.get('che_거병')!, null)).toBe('초반이 지났습니다.');
    world.env.year = 191;
    expect(whyNot(ctxFor(world, 1, 'che_거병'), GENERAL_COMMANDS.get('che_거병')!, null)).toBeNull();
    g.intelExp = 30;
    runGeneral(world, 1, 'che_거병');
    expect(g).toMatchObject({ officerLevel: 12, intel: 51, intelExp: 0 });
    addGeneral(world, { id: 2, nation: g.nation, city: g.city });
    world.cities[g.city]!.nation = 0;
    g.makelimit = 3;
    const found = { nationName: '촉', nationType: 'che_중립', color: '#FF0000' };
    // Legacy AllowJoinAction names GameConst::$joinActionLimit (12), not the turns left.
    expect(whyNot(ctxFor(world, 1, 'che_건국'), GENERAL_COMMANDS.get('che_건국')!, found)).toBe('재야가 된지 12턴이 지나야 합니다.');
  });

  it('임관 settles stat experience after joining', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12 });
    const g = addGeneral(world, { id: 2, nation: 0, officerLevel: 0, city: 3 });
    g.strengthExp = 45;
    runGeneral(world, 2, 'che_임관', { destNationId: 1 });
    expect(g).toMatchObject({ nation: 1, strength: 51, strengthExp: 15 });
  });

  it('a failed 화계 is the LastTurn all the same (che_화계 sets it before returning false)', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, city: 2, intel: 10 });
    g.gold = g.rice = 5000;
    world.cities[3]!.secu = world.cities[3]!.secuMax;
    addGeneral(world, { id: 2, nation: 2, city: 3, intel: 100, strength: 100, leadership: 100 });
    const { outcome, holder } = runGeneral(world, 1, 'che_화계', { destCityId: 3 });
    expect(outcome.result).toBe('failed');
    expect(holder.last).toEqual({ command: '화계', arg: { destCityId: 3 }, term: 0 });
    expect(g.gold).toBe(5000 - world.env.develcost * 5);
  });
});

describe('dex as the legacy writes it', () => {
  it('출병 leaves its crew/100 dex unrounded for the battle, which writes the row once (legacy 120655, not 120654)', () => {
    // che_출병 → General::addDex(crew 5600 / 100 × 0.9 for a 귀병) = 50.4 on the object; the
    // battle adds its own and applyDB rounds the sum. A command that writes at once rounds.
    const g = addGeneral(smallWorld(), { id: 1 });
    g.dex = [0, 0, 0, 0, 116485, 0];
    addDex(g, ArmType.wizard, 56, false);
    expect(g.dex[4]).toBeCloseTo(116535.4, 9);
    addDex(g, ArmType.wizard, 56);
    expect(g.dex[4]).toBeCloseTo(116585.4, 9);
  });
});

describe('nation commands as the legacy runs them', () => {
  it('go by the legacy actionName (LastTurn, cooldown keys)', () => {
    const names = Object.fromEntries([...NATION_COMMANDS.values()].map((c) => [c.key, c.name]));
    expect(names).toMatchObject({ che_불가침제의: '불가침 제의', che_종전제의: '종전 제의', che_불가침파기제의: '불가침 파기 제의', che_물자원조: '원조' });
  });

  it('원조 has no cooldown: the sender is held back by surlimit + 12 only', () => {
    const world = smallWorld();
    const chief = addGeneral(world, { id: 1, officerLevel: 12 });
    const nation = world.nations.get(1)!;
    nation.surlimit = 0;
    world.nations.get(2)!.surlimit = 0;
    world.diplomacy.set('1:2', { state: Diplo.normal, term: 0, dead: 0 });
    const holder = nationHolder(nation, 12);
    const ctx = { ...ctxFor(world, 1, 'che_물자원조'), general: chief };
    expect(processCommand(ctx, holder, NATION_COMMANDS.get('che_물자원조')!, { destNationId: 2, amountList: [1000, 0] }).result).toBe('ran');
    expect(nation.surlimit).toBe(12);
    expect(nation.nextExecute).toEqual({});
    expect(holder.last.command).toBe('원조');
  });

  it('선전포고 counts only supplied cities as borders (NearNation: isNeighbor(…, false))', () => {
    const world = smallWorld();
    world.env.year = 195;
    addGeneral(world, { id: 1, officerLevel: 12 });
    const declare = NATION_COMMANDS.get('che_선전포고')!;
    const ctx = ctxFor(world, 1, 'che_선전포고');
    expect(whyNot(ctx, declare, { destNationId: 2 })).toBeNull();
    world.cities[3]!.supply = 0; // nation 2's only city, next to nation 1's city 2
    expect(whyNot(ctx, declare, { destNationId: 2 })).toBe('인접 국가가 아닙니다.');
  });

  it('발령 to the city the general already stands in is carried out (no such condition in che_발령)', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12 });
    const b = addGeneral(world, { id: 2, city: 2 });
    const nation = world.nations.get(1)!;
    const outcome = processCommand(ctxFor(world, 1, 'che_발령'), nationHolder(nation, 12), NATION_COMMANDS.get('che_발령')!, { destGeneralId: 2, destCityId: 2 });
    expect(outcome.result).toBe('ran');
    expect(b.city).toBe(2);
  });
});

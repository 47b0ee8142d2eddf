import type { Json } from '@chronicle/engine';
import type { World } from '@chronicle/sammo';
import type { RandUtil } from '@chronicle/sammo/rules';
import type { Area } from './areas';
import { caseTable, pick } from './case-helpers';
import { MAP, fixtureWorld, randomCity, randomGeneral, type Fixture, type FixtureGeneral, type FixtureNation } from './fixtures';

interface SettingsNation extends FixtureNation { secretlimit: number; war: number; scout: number; warSettingsLeft: number }
interface SettingsGeneral extends FixtureGeneral { permission?: 'ambassador' | 'auditor' }
/**
 * The legacy API a case calls, with its arguments as the legacy names them; `SetPermission` is
 * the ruler's page j_general_set_permission.php (its POST fields).
 */
type Call =
  | ['SetRate' | 'SetBill' | 'SetSecretLimit', { amount: number }]
  | ['SetBlockWar' | 'SetBlockScout', { value: boolean }]
  | ['SetTroopName', { troopID: number; troopName: string }]
  | ['SetNotice' | 'SetScoutMsg', { msg: string }]
  | ['SetPermission', { isAmbassador: boolean; genlist: number[] }];
export interface SettingsCase extends Fixture {
  nations: SettingsNation[];
  generals: SettingsGeneral[];
  troops: [leader: number, nation: number, name: string][];
  blockChangeScout: boolean;
  /** The general whose session calls. */
  mover: number;
  call: Call;
}
/**
 * True, or the refusal's words; each nation's [id, rate, bill, secretlimit, war, scout, changes
 * of 전쟁 금지 left], its notice [text, author, author id] and scout message (null when unset);
 * the troops' [leader, name]; every general's [id, permission].
 */
interface SettingsResult {
  answer: true | string;
  nations: number[][];
  texts: [number, [string, string, number] | null, string | null][];
  troops: [number, string][];
  permissions: [number, string][];
}

/**
 * Notices and scout messages as players write them, without markup: the legacy purifies HTML
 * (WebUtil::htmlPurify) and a page shows it as HTML, this port keeps plain text and a page
 * escapes it, so a reader sees the same words when the legacy's text, its entities decoded,
 * is this port's. Markup — tags and entity references (`&lt;`), which the legacy's page
 * renders and this port shows as typed — is left out.
 */
const TEXTS = [
  '북벌을 준비한다. 모두 징병하라!', '세율 < 20 이면 내정 && 징병', 'A&B 연합 "동맹" \'우호\'', '줄 바꿈\n둘째 줄\n\n넷째 줄',
  '  앞뒤 공백  ', '<3 사랑합니다', '임관 환영! 금 1,000 지급', '',
];

const CITY_IDS = [...MAP.keys()];

function generateCase(rng: RandUtil): SettingsCase {
  const free = CITY_IDS.slice();
  rng.shuffle(free);
  const cities = [];
  const nations: SettingsNation[] = [];
  const generals: SettingsGeneral[] = [];
  const troops: SettingsCase['troops'] = [];
  let id = 1;
  for (let n = 1, count = rng.nextRangeInt(1, 2); n <= count; n++) {
    const held = free.splice(0, rng.nextRangeInt(1, 3));
    for (const city of held) cities.push(randomCity(rng, city, n));
    const nation: SettingsNation = {
      id: n, name: `국가${n}`, capital: held[0]!, level: rng.nextRangeInt(0, 7), tech: 0, gold: 1000, rice: 1000, type: 'che_중립', gennum: 0,
      bill: pick(rng, [20, 100, 150]), rate: pick(rng, [10, 15, 25]), secretlimit: rng.nextRangeInt(1, 5), war: rng.nextInt(2), scout: rng.nextInt(2),
      warSettingsLeft: pick(rng, [0, 0, 1, 2, 5]),
    };
    nations.push(nation);
    // The ruler, chiefs, city officers and plain members: who may and who may not.
    for (const level of [12, ...Array.from({ length: rng.nextRangeInt(1, 5) }, () => pick(rng, [1, 1, 2, 4, 5, 7, 11]))]) {
      const g: SettingsGeneral = { ...randomGeneral(rng, id, n, pick(rng, held), level, level >= 2 && level <= 4 ? pick(rng, held) : 0), belong: rng.nextInt(6) };
      if (rng.nextBool(0.2)) g.permission = pick(rng, ['ambassador', 'auditor'] as const);
      generals.push(g);
      id += 1;
    }
    const members = generals.filter((g) => g.nation === n);
    nation.gennum = members.length;
    if (rng.nextBool(0.7)) {
      const leader = pick(rng, members);
      troops.push([leader.id, n, `부대${leader.id}`]);
      leader.troop = leader.id;
    }
  }
  if (rng.nextBool(0.3)) {
    generals.push(randomGeneral(rng, id, 0, pick(rng, CITY_IDS), 0, 0));
    id += 1;
  }
  for (const g of generals) if (!cities.some((c) => c.id === g.city)) cities.push(randomCity(rng, g.city, 0));
  // The ruler's page is its ruler's: half its cases are a ruler's.
  const rulers = generals.filter((g) => g.officerLevel === 12);
  const calls = 9;
  const kind = rng.nextInt(calls);
  const mover = kind === 8 && rng.nextBool(0.6) ? pick(rng, rulers) : pick(rng, generals);
  const call: Call = ((): Call => {
    switch (kind) {
      case 0: return ['SetRate', { amount: rng.nextRangeInt(5, 30) }];
      case 1: return ['SetBill', { amount: rng.nextRangeInt(20, 200) }];
      case 2: return ['SetSecretLimit', { amount: rng.nextRangeInt(1, 99) }];
      case 3: return ['SetBlockWar', { value: rng.nextBool(0.5) }];
      case 4: return ['SetBlockScout', { value: rng.nextBool(0.5) }];
      case 5: return ['SetTroopName', { troopID: troops.length > 0 ? pick(rng, troops)[0] : mover.id, troopName: pick(rng, ['선봉대', '서량 기병', '호위대']) }];
      case 6: return ['SetNotice', { msg: pick(rng, TEXTS) }];
      case 7: return ['SetScoutMsg', { msg: pick(rng, TEXTS) }];
      default: {
        // Members of the mover's nation mostly, now and then the ruler, another nation's general or no general.
        const own = generals.filter((g) => g.nation === mover.nation && g.nation !== 0);
        const genlist = Array.from({ length: pick(rng, [0, 1, 1, 2, 2, 3]) }, () =>
          rng.nextBool(0.8) && own.length > 0 ? pick(rng, own).id : rng.nextBool(0.5) ? pick(rng, generals).id : 999);
        return ['SetPermission', { isAmbassador: rng.nextBool(0.5), genlist }];
      }
    }
  })();
  return {
    year: 190 + rng.nextInt(5), month: rng.nextRangeInt(1, 12), startyear: 190, cities, nations, generals, diplomacy: [], troops,
    blockChangeScout: rng.nextBool(0.3), mover: mover.id, call,
  };
}

/** The case's world in libs/sammo: the fixture's, with the settings, permissions and troops. */
function caseWorld(c: SettingsCase): World {
  const world = fixtureWorld(c);
  if (c.blockChangeScout) world.env.blockChangeScout = true;
  for (const n of c.nations) {
    Object.assign(world.nations.get(n.id)!, { secretlimit: n.secretlimit, war: n.war, scout: n.scout, availableWarSettingCnt: n.warSettingsLeft });
  }
  for (const g of c.generals) if (g.permission) world.generals.get(g.id)!.permission = g.permission;
  for (const [leader, nation, name] of c.troops) world.troops.set(leader, { leader, nation, name });
  return world;
}

/** libs/sammo's move for the legacy call, checked and applied as a table applies it; the refusal's legacy words when it is refused. */
function sammoSetting(c: SettingsCase): SettingsResult {
  const world = caseWorld(c);
  const seat = `mover-${c.mover}`;
  world.generals.get(c.mover)!.owner = seat;
  const [api, args] = c.call;
  const payload: Json = api === 'SetTroopName'
    ? { type: 'renameTroop', generalId: c.mover, troopId: args.troopID, name: args.troopName }
    : api === 'SetPermission'
      ? { type: 'setPermission', generalId: c.mover, permission: args.isAmbassador ? 'ambassador' : 'auditor', generalIds: args.genlist }
      : { type: `set${api.slice('Set'.length)}`, generalId: c.mover, ...args };
  const answer = caseTable(world, [seat]).play(seat, payload);
  const nations = [...world.nations.values()].sort((a, b) => a.id - b.id)
    .map((n) => [n.id, n.rate, n.bill, n.secretlimit ?? 3, n.war, n.scout, n.availableWarSettingCnt]);
  const texts = [...world.nations.values()].sort((a, b) => a.id - b.id)
    .map((n): SettingsResult['texts'][number] => [n.id, n.notice ? [n.notice.msg, n.notice.author, n.notice.authorId] : null, n.scoutMsg ?? null]);
  const troops = [...world.troops.values()].sort((a, b) => a.leader - b.leader).map((t): [number, string] => [t.leader, t.name]);
  const permissions = [...world.generals.values()].sort((a, b) => a.id - b.id).map((g): [number, string] => [g.id, g.permission ?? 'normal']);
  return { answer, nations, texts, troops, permissions };
}

export const nationSettingsArea: Area<SettingsCase, SettingsResult> = {
  name: 'nation-settings',
  about: 'a chief’s nation settings: the legacy API classes (Nation/SetRate, SetBill, SetSecretLimit, SetBlockWar, SetBlockScout, SetTroopName, SetNotice, SetScoutMsg) and the ruler’s j_general_set_permission in the mover’s session beside libs/sammo’s moves',
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: sammoSetting,
};

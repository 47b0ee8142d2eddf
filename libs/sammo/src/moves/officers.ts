import { IllegalMove, type JsonObject, type Randomness, type Seat } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
import { addDedication, addExperience } from '../stats/levels';
import { CHIEF_STAT_MIN, GameConst } from '../world/constants';
import { withJosa } from '../world/josa';
import { generalLog, log } from '../world/logbook';
import { lowestChiefLevel } from '../world/queries';
import { dissolveTroop } from '../world/troops';
import type { General, World } from '../world/types';
import { secretPermission } from '../views/permission';
import { postMessage } from './messages';
import { ownGeneral } from './move-fields';
import type { AppointMove, ExpelMove } from './move-types';

/**
 * The chiefs' personnel page (인사부, legacy hwe/j_myBossInfo.php): a chief (officer level 5
 * and up) appoints members to the nation's chief seats (5–11) and its cities' offices (2
 * 태수, 3 군사, 4 종사), empties a seat (`destGeneralId` 0), and expels (추방) a member, once
 * a quarter after the opening years.
 *
 * The page checks and writes as it goes: an appointment first sends the seat's holder back
 * to the ranks, then checks the appointee's strength or intel. So an appointment it refuses
 * for a stat has already emptied the seat, and that is how its page empties a chief seat
 * other than 11 (the empty appointee, the legacy's dummy general, has strength and intel
 * 10). A move whose legacy answer is a refusal after such a write is accepted here with
 * the write as its effect; a refusal that writes nothing refuses the move.
 */

/** The legacy's dummy general, standing for "nobody" in an appointment. */
const NOBODY = { id: 0, strength: 10, intel: 10 } as const;
type Appointee = General | typeof NOBODY;

const hasBit = (set: number, level: number) => (set & (1 << level)) !== 0;

/** The seat an appointment changes: who leaves it, and the legacy's refusal once they have (null: the appointee takes it). */
interface Appointment {
  demoted: General[];
  refusal: string | null;
}

/** The checks of the page before an action, in its order: the mover is a chief, the target a member of its nation. */
function target(world: World, mover: General, destGeneralId: number, expel: boolean): Appointee {
  if (mover.officerLevel < 5) throw new IllegalMove(`수뇌가 아닙니다. (${mover.name} holds no chief seat: only officer levels 5–12 use the personnel page)`);
  if (expel && destGeneralId === 0) throw new IllegalMove('장수가 지정되지 않았습니다. (expel.destGeneralId names no general)');
  if (destGeneralId === 0) return NOBODY;
  const dest = world.generals.get(destGeneralId);
  if (!dest) throw new IllegalMove(`올바르지 않은 장수입니다. (there is no general ${destGeneralId})`);
  if (dest.nation !== mover.nation) throw new IllegalMove(`아국 장수가 아닙니다 (general ${destGeneralId} is not of ${mover.name}'s nation)`);
  return dest;
}

function integerField(payload: JsonObject, key: string, what: string): number {
  const value = payload[key] ?? 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new IllegalMove(`${payload.type as string}.${key} must be ${what}`);
  return value;
}

/** The legacy's do도시임명: a city office (2–4) of one of the nation's cities. */
function cityAppointment(world: World, mover: General, dest: Appointee, cityId: number, level: number): Appointment {
  const city = world.cities[cityId];
  if (!city) throw new IllegalMove(`올바르지 않은 도시입니다 (there is no city ${cityId})`);
  if (city.nation !== mover.nation) throw new IllegalMove(`아국 도시가 아닙니다 (${city.name} is not a city of the nation)`);
  if (hasBit(city.officerSet, level)) throw new IllegalMove(`이미 다른 장수가 임명되어있습니다 (the office was filled this year: it changes hands again after January)`);
  // Any nation's general: the office's holder is a member, as the city is the nation's.
  const demoted = [...world.generals.values()].filter((g) => g.officerLevel === level && g.officerCity === cityId && g.id !== dest.id);
  let refusal: string | null = null;
  if (dest !== NOBODY) {
    if (level === 4 && dest.strength < CHIEF_STAT_MIN) refusal = '무력이 부족합니다.';
    else if (level === 3 && dest.intel < CHIEF_STAT_MIN) refusal = '지력이 부족합니다.';
  }
  return { demoted, refusal };
}

/** The legacy's do수뇌임명: a chief seat (5–11) the nation's level opens. */
function chiefAppointment(world: World, mover: General, dest: Appointee, level: number): Appointment {
  const nation = world.nations.get(mover.nation)!;
  if (level < lowestChiefLevel(nation.level)) throw new IllegalMove(`임명불가능한 관직입니다. (a nation of level ${nation.level} has chief seats from ${lowestChiefLevel(nation.level)} to 11)`);
  if (hasBit(nation.chiefSet, level)) throw new IllegalMove('지금은 임명할 수 없습니다. (the seat was filled this quarter: it changes hands again after the next 1, 4, 7 or 10월)');
  const demoted = [...world.generals.values()].filter((g) => g.nation === mover.nation && g.officerLevel === level && g.id !== dest.id);
  let refusal: string | null = null;
  if (level !== 11) {
    if (level % 2 === 0 && dest.strength < CHIEF_STAT_MIN) refusal = '무력이 부족합니다.';
    else if (level % 2 === 1 && dest.intel < CHIEF_STAT_MIN) refusal = '지력이 부족합니다.';
  }
  return { demoted, refusal };
}

function appointment(world: World, move: AppointMove): Appointment {
  const mover = world.generals.get(move.generalId)!;
  const dest = target(world, mover, move.destGeneralId, false);
  const level = move.officerLevel;
  if (level === 12) throw new IllegalMove('군주를 대상으로 할 수 없습니다. (appoint.officerLevel 12 is the ruler\'s seat)');
  if (level >= 2 && level <= 4) {
    if (move.destCityId === 0) throw new IllegalMove('도시가 지정되지 않았습니다. (appoint.destCityId names the city of a city office, levels 2–4)');
    return cityAppointment(world, mover, dest, move.destCityId, level);
  }
  if (level >= 5 && level < 12) return chiefAppointment(world, mover, dest, level);
  throw new IllegalMove('올바르지 않은 지정입니다. (appoint.officerLevel is 2–4, a city office, or 5–11, a chief seat)');
}

/**
 * The legacy's answer to an appointment: null when the appointee takes the seat, else its
 * refusal's words (the seat may have been emptied all the same: see the module's comment).
 * Throws `IllegalMove` for a refusal that changes nothing.
 */
export function appointmentAnswer(world: World, move: AppointMove): string | null {
  return appointment(world, move).refusal;
}

export function checkAppoint(world: World, seat: Seat, payload: JsonObject): AppointMove {
  const mover = ownGeneral(world, seat, payload.generalId);
  const move: AppointMove = {
    type: 'appoint', generalId: mover.id,
    officerLevel: integerField(payload, 'officerLevel', 'an officer level: 2–4 a city office, 5–11 a chief seat'),
    destGeneralId: integerField(payload, 'destGeneralId', 'a general of the nation, or 0 to empty the seat'),
    destCityId: integerField(payload, 'destCityId', 'a city of the nation (levels 2–4), else 0'),
  };
  const { demoted, refusal } = appointment(world, move);
  if (refusal !== null && demoted.length === 0) throw new IllegalMove(`${refusal} (general ${move.destGeneralId} falls short of ${CHIEF_STAT_MIN} for the seat)`);
  return move;
}

export function applyAppoint(world: World, move: AppointMove): void {
  const { demoted, refusal } = appointment(world, move);
  for (const g of demoted) {
    g.officerLevel = 1;
    g.officerCity = 0;
  }
  if (refusal !== null) return;
  const level = move.officerLevel;
  const dest = world.generals.get(move.destGeneralId);
  if (level <= 4) {
    // An empty city office is not marked filled; an empty chief seat 11 is.
    if (!dest) return;
    world.cities[move.destCityId]!.officerSet |= 1 << level;
    dest.officerLevel = level;
    dest.officerCity = move.destCityId;
    return;
  }
  world.nations.get(world.generals.get(move.generalId)!.nation)!.chiefSet |= 1 << level;
  if (dest) {
    dest.officerLevel = level;
    dest.officerCity = 0;
  }
}

export function checkExpel(world: World, seat: Seat, payload: JsonObject): ExpelMove {
  const mover = ownGeneral(world, seat, payload.generalId);
  const destGeneralId = integerField(payload, 'destGeneralId', 'a general of the nation');
  const dest = target(world, mover, destGeneralId, true) as General;
  if (secretPermission(world, dest) === 4) throw new IllegalMove('외교권자는 추방할 수 없습니다. (the ruler and the nation\'s 외교권자 cannot be expelled)');
  if (hasBit(world.nations.get(mover.nation)!.chiefSet, mover.officerLevel)) {
    throw new IllegalMove('이미 추방 권한을 사용했습니다. (a chief expels once a quarter after the opening years)');
  }
  return { type: 'expel', generalId: mover.id, destGeneralId };
}

/** What an NPC may say, now and then, on being expelled (legacy, 1 in 100). */
const NPC_BAN_LINES = [
  '날 버리다니... 곧 전장에서 복수해주겠다...',
  '추방이라... 내가 무얼 잘못했단 말인가...',
  '어디 추방해가면서 잘되나 보자... 꼭 복수하겠다...',
  '인덕이 제일이거늘... 추방이 웬말인가... 저주한다!',
  '날 추방했으니 그 복수로 적국에 정보를 팔아 넘겨야겠군요. 그럼 이만.',
];

/**
 * 추방: the member leaves with the default gold and rice (the rest stays with the nation),
 * its office, troop and permission; after the first year it loses 15 % of its experience and
 * dedication per earlier betrayal and betrays once more. In the opening years the ruler takes
 * an injury instead of the chief using its quarter's expulsion.
 */
export function applyExpel(world: World, move: ExpelMove, random: Randomness<RandUtil>): void {
  // The mover's seat as it was: a chief may expel itself.
  const moverLevel = world.generals.get(move.generalId)!.officerLevel;
  const g = world.generals.get(move.destGeneralId)!;
  const nationId = g.nation;
  const nation = world.nations.get(nationId)!;
  const { year, month, startyear } = world.env;
  const gold = Math.max(0, g.gold - GameConst.defaultGold);
  const rice = Math.max(0, g.rice - GameConst.defaultRice);
  g.gold -= gold;
  g.rice -= rice;
  g.nation = 0;
  g.officerLevel = 0;
  g.officerCity = 0;
  g.belong = 0;
  const makelimit = g.makelimit;
  g.makelimit = 12;
  delete g.permission;
  // The legacy's global action line (장수동향).
  log(world, 'world', 0, `${withJosa(g.name, '이')} ${nation.name}에서 추방당했습니다.`);
  generalLog(world, g.id, `${nation.name}에서 추방당했습니다.`);
  if (year <= startyear && g.npc < 2) {
    g.makelimit = makelimit;
  } else {
    for (const line of addExperience(g, -g.experience * 0.15 * g.betray)) generalLog(world, g.id, line);
    for (const line of addDedication(g, -g.dedication * 0.15 * g.betray)) generalLog(world, g.id, line);
    g.betray = Math.min(GameConst.maxBetrayCnt, g.betray + 1);
  }
  if (g.troop === g.id) dissolveTroop(world, g.id);
  g.troop = 0;
  if (g.npc >= 2) {
    const rng = random.stream('BanNPC', year, month, g.id);
    if (rng.nextBool(GameConst.npcBanMessageProb)) postMessage(world, { kind: 'public', from: g, fromNation: nationId, to: 0, text: rng.choice(NPC_BAN_LINES) });
  }
  if (year < startyear + 3) {
    for (const ruler of world.generals.values()) {
      if (ruler.nation === nationId && ruler.officerLevel === 12) ruler.injury = Math.min(ruler.injury + 1, GameConst.maxInjury);
    }
  } else {
    nation.chiefSet |= 1 << moverLevel;
  }
  nation.gennum -= g.npc !== 5 ? 1 : 0;
  nation.gold += gold;
  nation.rice += rice;
}

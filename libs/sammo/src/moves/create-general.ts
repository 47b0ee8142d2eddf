import { IllegalMove, type Json } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
import { addTurn, legacyRandomTurnTime } from '../world/clock';
import { AVAILABLE_PERSONALITIES, GameConst } from '../world/constants';
import { phpRound, phpStrWidth } from '../world/php-math';
import { pickSpecialWar, specialityAges } from '../traits/speciality';
import { warSpecialOf } from '../traits';
import { newGeneral } from '../state/factory';
import { chronicle, generalLog, log } from '../world/logbook';
import { withJosa } from '../world/josa';
import type { General, World } from '../world/types';
import type { CreateGeneralMove } from './move-types';
import { stringField } from './move-fields';

/** The legacy's join refusals end so: the player fills the form in again. */
const AGAIN = '다시 가입해주세요!';
const STAT_FIELDS = [['leadership', '통솔'], ['strength', '무력'], ['intel', '지력']] as const;

/**
 * Legacy General/Join's name as it stores it: `htmlspecialchars`, `removeSpecialCharacter`,
 * HTML Purifier over the (tag-free) result, then `textStrip`. The purifier, on text whose
 * only `&` begin the entities htmlspecialchars wrote, drops the control characters (C0 but
 * tab and line breaks, DEL, C1, U+FFFE/U+FFFF), makes CR a line feed, gives `&quot;` back
 * as `"` and escapes the bare `&` that removing `#` left of `&#039;` (measured on the
 * legacy's vendor HTML Purifier, tools/legacy-diff area `join`).
 */
export function legacyGeneralName(raw: string): string {
  const escaped = raw.replace(/[&"'<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', "'": '&#039;', '<': '&lt;', '>': '&gt;' })[c]!);
  const removed = escaped.replace(/["'ⓝⓜⓖⓞⓧ㉥\\/`#\-|]/gu, '');
  const purified = removed
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/gu, '')
    .replace(/&quot;/g, '"')
    .replace(/&039;/g, '&amp;039;');
  return purified.replace(/^[\p{Z}\p{C}]+|[\p{Z}\p{C}]+$/gu, '');
}

/**
 * Legacy General/Join's argument checks (its validator, then `launch`'s own refusals in its
 * order and words), for a seat with no general yet. The inheritance options (유산 포인트:
 * a chosen city, bonus stats, war speciality or turn time) are not offered: no seat carries
 * points between worlds here.
 */
export function checkCreateGeneral(world: World, seat: string, payload: { [key: string]: Json | undefined }): CreateGeneralMove {
  const raw = stringField(payload.name, 'createGeneral.name');
  if (/\p{Cs}/u.test(raw)) throw new IllegalMove(`이름이 유효하지 않습니다. ${AGAIN} (createGeneral.name holds a lone surrogate)`);
  const rawWidth = phpStrWidth(raw);
  if (rawWidth < 1 || rawWidth > 18) throw new IllegalMove(`이름은 1~18칸이어야 합니다. ${AGAIN} (createGeneral.name is ${rawWidth} columns wide)`);
  const stats = STAT_FIELDS.map(([field, label]) => {
    const v = payload[field];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < GameConst.defaultStatMin || v > GameConst.defaultStatMax) {
      throw new IllegalMove(`${label}은 ${GameConst.defaultStatMin}~${GameConst.defaultStatMax} 사이의 정수여야 합니다. ${AGAIN} (createGeneral.${field})`);
    }
    return v;
  });
  const personality = payload.personality ?? null;
  if (personality !== null && personality !== 'Random' && !AVAILABLE_PERSONALITIES.includes(personality as string)) {
    throw new IllegalMove(`성격이 잘못 지정되었습니다. ${AGAIN} (createGeneral.personality must be one of ${AVAILABLE_PERSONALITIES.join(', ')} or Random)`);
  }
  const stored = legacyGeneralName(raw);
  // Kept as text: the entities the legacy stores (and measures) are decoded, one to one.
  const name = stored.replace(/&(amp|lt|gt);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>' })[e]!);
  // launch(): its refusals in its order.
  for (const g of world.generals.values()) {
    if (g.owner === seat) throw new IllegalMove(`이미 등록하셨습니다! (seat ${seat} already plays a general)`);
  }
  for (const g of world.generals.values()) {
    if (g.name === name) throw new IllegalMove(`이미 있는 장수입니다. 다른 이름으로 등록해 주세요! (createGeneral.name ${name} is taken)`);
  }
  let players = 0;
  for (const g of world.generals.values()) if (g.npc < 2) players += 1;
  if (world.env.maxgeneral <= players) throw new IllegalMove(`더이상 등록할 수 없습니다! (the world is full: ${players} of ${world.env.maxgeneral} player generals)`);
  if (stored === '') throw new IllegalMove(`이름이 짧습니다. ${AGAIN} (createGeneral.name is empty once cleaned)`);
  if (phpStrWidth(stored) > 18) throw new IllegalMove(`이름이 유효하지 않습니다. ${AGAIN} (createGeneral.name is ${phpStrWidth(stored)} columns wide once escaped; at most 18)`);
  const total = stats[0]! + stats[1]! + stats[2]!;
  if (total > GameConst.defaultStatTotal) {
    throw new IllegalMove(`능력치가 ${GameConst.defaultStatTotal}을 넘어섰습니다. ${AGAIN} (createGeneral: leadership + strength + intel is ${total})`);
  }
  return {
    type: 'createGeneral', name, leadership: stats[0]!, strength: stats[1]!, intel: stats[2]!,
    personality: personality === 'Random' ? null : (personality as string | null),
  };
}

/** The geniuses (천재) the world may still see: legacy game_env `genius`, absent before the first. */
export function geniusesLeft(world: World): number {
  return world.env.genius ?? GameConst.defaultMaxGenius;
}

/**
 * Legacy General/Join's new general, draw for draw on `rng` (the legacy's `MakeGeneral`
 * stream): a 1% genius while the world has geniuses left, the birth city among the unowned
 * cities of level 5–6 (any of them when all are owned), 3–5 bonus stat points by the chosen
 * stats' weights, the age, a genius's war speciality, the turn time in the window from the
 * world's turn time (a turn on when it is not after `now`), the personality when left to
 * chance, the affinity; then the welcome lines. `now` is the legacy's clock reading.
 */
export function makeGeneral(world: World, seat: string, move: CreateGeneralMove, rng: RandUtil, now: number): General {
  const env = world.env;
  let genius = rng.nextBool(0.01);
  if (genius && geniusesLeft(world) > 0) env.genius = geniusesLeft(world) - 1;
  else genius = false;

  let births = world.cities.filter((c) => c !== undefined && c.level >= 5 && c.level <= 6 && c.nation === 0);
  if (births.length === 0) births = world.cities.filter((c) => c !== undefined && c.level >= 5 && c.level <= 6);
  // A map without such cities (the legacy's maps all have them; its draw would fail): any city.
  if (births.length === 0) births = world.cities.filter((c) => c !== undefined);
  const city = rng.choice(births);

  const bonus = [0, 0, 0];
  const weights = [[0, move.leadership], [1, move.strength], [2, move.intel]] as const;
  for (let i = rng.nextRangeInt(3, 5); i > 0; i--) bonus[rng.choiceUsingWeight(weights)]! += 1;
  const [leadership, strength, intel] = [move.leadership + bonus[0]!, move.strength + bonus[1]!, move.intel + bonus[2]!];

  const age = 20 + (bonus[0]! + bonus[1]! + bonus[2]!) * 2 - rng.nextRangeInt(0, 1);
  const ages = env.scenarioId >= 1000 ? { specage: age + 3, specage2: age + 3 } : specialityAges(age, env.year, env.startyear);
  let special2: string | null = null;
  if (genius) {
    special2 = pickSpecialWar(rng, { leadership, strength, intel, dex: [0, 0, 0, 0, 0, 0] });
    if (env.scenarioId < 1000) ages.specage2 = age;
  }

  const relYear = Math.max(0, env.year - env.startyear);
  const experience = relYear < 3 ? 0 : joiningExperience(world);

  let turntime = legacyRandomTurnTime(env.turntime, env.turnterm, rng);
  if (now >= turntime) turntime = addTurn(turntime, env.turnterm);
  const personal = move.personality ?? rng.choice(AVAILABLE_PERSONALITIES);
  const affinity = rng.nextRangeInt(1, 150);

  const id = env.nextGeneralId++;
  const general = newGeneral({
    id, name: move.name, npc: 0, owner: seat, nation: 0, city: city.id, officerLevel: 0, leadership, strength, intel,
    // The legacy's row defaults: born 180, dies 300 (only a possessed NPC's killturn reads them).
    bornyear: 180, deadyear: 300, year: env.year, affinity, turntime, killturn: 6, personal, special2, ...ages, experience,
  });
  // The legacy's row: the age it drew, and the column defaults it leaves: `belong` 1 and the
  // levels 0 (the experience's level is first reckoned when the general's turn gains some).
  Object.assign(general, { age, belong: 1, betray: relYear >= 4 ? 2 : 0, explevel: 0, dedlevel: 0 });
  world.generals.set(id, general);
  welcome(world, general, city.name, genius, bonus, age);
  return general;
}

/**
 * The experience a general joining after the opening years starts with: 80% of the
 * experience ranked at the fifth (`round(n × 0.2)`-th lowest) among the nations' generals
 * (npc < 4). The legacy's query fails when that rank is 0 (fewer than 3 such generals);
 * here the joiner starts with none then.
 */
function joiningExperience(world: World): number {
  const ranked = [...world.generals.values()].filter((g) => g.nation !== 0 && g.npc < 4).map((g) => g.experience).sort((a, b) => a - b);
  const order = phpRound(ranked.length * 0.2);
  if (order < 1) return 0;
  // The INT column rounds 0.8 × an integer (never a half) as PHP rounds.
  return phpRound(ranked[order - 1]! * 0.8);
}

function welcome(world: World, general: General, cityName: string, genius: boolean, bonus: readonly number[], age: number): void {
  const name = general.name;
  const special = warSpecialOf(general.special2)?.label ?? '-';
  log(world, 'world', 0, `${cityName}에서 ${withJosa(name, '이라')}는 ${genius ? '기재가' : '호걸이'} 천하에 이름을 알립니다.`);
  if (genius) {
    log(world, 'world', 0, `${special} 특기를 가진 천재의 등장으로 온 천하가 떠들썩합니다.`);
    chronicle(world, `【천재】${cityName}에 천재가 등장했습니다.`);
  }
  for (const line of [
    '삼국지 모의전투 PHP의 세계에 오신 것을 환영합니다 ^o^',
    '처음 하시는 경우에는 도움말을 참고하시고,',
    '문의사항이 있으시면 게시판에 글을 남겨주시면 되겠네요~',
    '부디 즐거운 삼모전 되시길 바랍니다 ^^',
    `통솔 ${bonus[0]} 무력 ${bonus[1]} 지력 ${bonus[2]} 의 보너스를 받으셨습니다.`,
    `연령은 ${age}세로 시작합니다.`,
  ]) generalLog(world, general.id, line);
  if (genius) generalLog(world, general.id, `축하합니다! 천재로 태어나 처음부터 ${special} 특기를 가지게 됩니다!`);
}

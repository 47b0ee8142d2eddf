import { IllegalMove, type Json, type JsonObject, type Seat } from '@chronicle/engine';
import { secretPermission } from '../views/permission';
import type { General, World } from '../world/types';
import { ownGeneral } from './move-fields';
import type { NationSettingMove } from './move-types';

export const NATION_SETTING_TYPES = ['setRate', 'setBill', 'setSecretLimit', 'setBlockWar', 'setBlockScout', 'setNotice', 'setScoutMsg'] as const;

/** The legacy's limits (hwe/sammo/API/Nation/*: their validators). */
const RATE = [5, 30] as const;
const BILL = [20, 200] as const;
const SECRET_LIMIT = [1, 99] as const;
const NOTICE_MAX = 16_384;
const SCOUT_MSG_MAX = 1_000;

/**
 * The settings a nation's chief changes from the nation's page, as the legacy API judges them
 * (hwe/sammo/API/Nation/SetRate, SetBill, SetSecretLimit, SetBlockWar, SetBlockScout,
 * SetNotice, SetScoutMsg): the mover's general must hold secret permission and be a chief
 * (officer level 5 or more) or the ambassador (permission 4), else 권한이 부족합니다.
 * 전쟁 금지 (`setBlockWar`) spends one of the nation's changes (`availableWarSettingCnt`,
 * which the month refills); 임관 금지 (`setBlockScout`) is refused while the world forbids
 * changing it. A notice and a scout message are kept as plain text: a page shows them escaped.
 */
export function checkNationSetting(world: World, seat: Seat, payload: JsonObject): NationSettingMove {
  const type = payload.type as NationSettingMove['type'];
  const general = ownGeneral(world, seat, payload.generalId);
  requireChief(world, general, type);
  const nation = world.nations.get(general.nation)!;
  switch (type) {
    case 'setRate':
      return { type, generalId: general.id, amount: amount(payload.amount, type, RATE, '세율 (tax, percent)') };
    case 'setBill':
      return { type, generalId: general.id, amount: amount(payload.amount, type, BILL, '지급률 (salary, percent)') };
    case 'setSecretLimit':
      return { type, generalId: general.id, amount: amount(payload.amount, type, SECRET_LIMIT, '기밀 권한 (years of service before a member reads the nation\'s secrets)') };
    case 'setBlockWar':
      if (nation.availableWarSettingCnt <= 0) throw new IllegalMove(`잔여 횟수가 부족합니다. (${nation.name} has no change of its 전쟁 금지 setting left: one comes back each month, up to the game's limit)`);
      return { type, generalId: general.id, value: flag(payload.value, type) };
    case 'setBlockScout':
      if (world.env.blockChangeScout) throw new IllegalMove('임관 설정을 바꿀 수 없도록 설정되어 있습니다. (the world forbids changing a nation\'s 임관 setting now)');
      return { type, generalId: general.id, value: flag(payload.value, type) };
    case 'setNotice':
      return { type, generalId: general.id, msg: text(payload.msg, type, NOTICE_MAX) };
    case 'setScoutMsg':
      return { type, generalId: general.id, msg: text(payload.msg, type, SCOUT_MSG_MAX) };
  }
}

export function applyNationSetting(world: World, move: NationSettingMove): void {
  const general = world.generals.get(move.generalId)!;
  const nation = world.nations.get(general.nation)!;
  switch (move.type) {
    case 'setRate':
      nation.rate = move.amount;
      return;
    case 'setBill':
      nation.bill = move.amount;
      return;
    case 'setSecretLimit':
      nation.secretlimit = move.amount;
      return;
    case 'setBlockWar':
      nation.war = move.value ? 1 : 0;
      nation.availableWarSettingCnt -= 1;
      return;
    case 'setBlockScout':
      nation.scout = move.value ? 1 : 0;
      return;
    case 'setNotice':
      nation.notice = { msg: move.msg, author: general.name, authorId: general.id, at: world.env.turntime };
      return;
    case 'setScoutMsg':
      nation.scoutMsg = move.msg;
      return;
  }
}

function requireChief(world: World, general: General, type: string): void {
  const permission = secretPermission(world, general);
  if (permission < 0 || (general.officerLevel < 5 && permission !== 4)) {
    throw new IllegalMove(`권한이 부족합니다. (${type}: ${general.name} is neither a chief, officer level 5 or more, nor the ambassador of a nation)`);
  }
}

function amount(value: Json | undefined, type: string, [min, max]: readonly [number, number], what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new IllegalMove(`${type}.amount must be a whole number from ${min} to ${max}: ${what}`);
  }
  return value;
}

function flag(value: Json | undefined, type: string): boolean {
  if (typeof value !== 'boolean') throw new IllegalMove(`${type}.value must be true (금지) or false (허가)`);
  return value;
}

function text(value: Json | undefined, type: string, max: number): string {
  if (typeof value !== 'string') throw new IllegalMove(`${type}.msg must be a string`);
  if (value.length > max) throw new IllegalMove(`${type}.msg must be at most ${max} characters, not ${value.length}`);
  return value;
}

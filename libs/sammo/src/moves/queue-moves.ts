import { IllegalMove, type Json, type JsonObject, type Seat } from '@chronicle/engine';
import { findCommand } from '../commands/registry';
import { ITEM_SLOTS, itemIn, setItem, type ItemSlot } from '../items';
import { GameConst } from '../world/constants';
import { offersCommand } from '../world/command-lists';
import { josa, withJosa } from '../world/josa';
import { chronicle, generalLog, log } from '../world/logbook';
import type { General, TurnSlot, World } from '../world/types';
import { ownGeneral } from './move-fields';
import type { QueueMove } from './move-types';

export const QUEUE_MOVE_TYPES = ['pushQueue', 'repeatQueue', 'reserveBulk', 'dropItem'] as const;

/** Legacy ReserveBulkCommand takes at most this many reservations at once (a queue's worth). */
const MAX_BULK = GameConst.maxTurn;

/**
 * A player's own queue as a whole (legacy Command/PushCommand, RepeatCommand,
 * ReserveBulkCommand, and their NationCommand twins for a chief's queue with `nation: true`),
 * and dropping an item (General/DropItem). Each is judged as the legacy's API judges it and
 * changes the queue in one move.
 */
export function checkQueueMove(world: World, seat: Seat, payload: JsonObject): QueueMove {
  const general = ownGeneral(world, seat, payload.generalId);
  switch (payload.type as QueueMove['type']) {
    case 'pushQueue': {
      const nation = nationFlag(payload.nation);
      const amount = wholeNumber(payload.amount, 'pushQueue.amount', -12, 12);
      if (amount === 0) throw new IllegalMove('0은 불가능합니다 (pushQueue.amount: turns to push back, or a negative number to pull forward)');
      if (nation) chiefQueue(world, general);
      return { type: 'pushQueue', generalId: general.id, nation, amount };
    }
    case 'repeatQueue': {
      const nation = nationFlag(payload.nation);
      const amount = wholeNumber(payload.amount, 'repeatQueue.amount', 1, 12);
      if (nation) chiefQueue(world, general);
      return { type: 'repeatQueue', generalId: general.id, nation, amount };
    }
    case 'reserveBulk': {
      const nation = nationFlag(payload.nation);
      if (nation) chiefQueue(world, general);
      const list = payload.reservations;
      if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BULK) {
        throw new IllegalMove(`reserveBulk.reservations must be a list of 1 to ${MAX_BULK} { command, arg, slots }`);
      }
      const length = queueLength(general, nation);
      const reservations = list.map((item, i) => {
        if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new IllegalMove(`reserveBulk.reservations[${i}] must be { command, arg, slots }`);
        if (typeof item.command !== 'string') throw new IllegalMove(`reserveBulk.reservations[${i}].command must be a string`);
        const command = findCommand(nation ? 'nation' : 'general', item.command);
        if (!offersCommand(world, command.kind, command.key)) throw new IllegalMove(`reserveBulk.reservations[${i}]: ${command.key} (${command.name}) is not offered in this game`);
        const arg = item.arg ?? null;
        command.readArg(arg, world);
        return { command: command.key, arg, slots: slotList(item.slots, length, `reserveBulk.reservations[${i}].slots`) };
      });
      return { type: 'reserveBulk', generalId: general.id, nation, reservations };
    }
    case 'dropItem': {
      const slot = payload.itemType;
      if (typeof slot !== 'string' || !(ITEM_SLOTS as readonly string[]).includes(slot)) throw new IllegalMove(`dropItem.itemType must be one of ${ITEM_SLOTS.join(', ')}`);
      if (itemIn(general, slot as ItemSlot) === undefined) throw new IllegalMove('아이템을 가지고 있지 않습니다.');
      return { type: 'dropItem', generalId: general.id, itemType: slot as ItemSlot };
    }
  }
}

export function applyQueueMove(world: World, move: QueueMove): void {
  const general = world.generals.get(move.generalId)!;
  switch (move.type) {
    case 'pushQueue':
      push(queueOf(world, general, move.nation), move.amount);
      return;
    case 'repeatQueue':
      repeat(queueOf(world, general, move.nation), move.amount);
      return;
    case 'reserveBulk': {
      const queue = queueOf(world, general, move.nation);
      for (const r of move.reservations) for (const slot of r.slots) queue[slot] = { action: r.command, arg: structuredClone(r.arg) };
      return;
    }
    case 'dropItem': {
      const item = itemIn(general, move.itemType)!;
      setItem(general, move.itemType, null);
      const lost = `${item.name}${josa(item.rawName, '을')}`;
      generalLog(world, general.id, `${lost} 버렸습니다.`);
      if (!item.buyable) {
        const nationName = world.nations.get(general.nation)?.name ?? '재야';
        log(world, 'world', 0, `${withJosa(general.name, '이')} ${lost} 잃었습니다!`);
        chronicle(world, `【망실】 ${nationName}의 ${withJosa(general.name, '이')} ${lost} 잃었습니다!`);
      }
      return;
    }
  }
}

/** Legacy pushGeneralCommand / pullGeneralCommand: the queue moves back (rest fills the front) or forward (rest fills the end). */
function push(queue: TurnSlot[], amount: number): void {
  const rest = (): TurnSlot => ({ action: '휴식', arg: {} });
  if (Math.abs(amount) >= queue.length) return;
  if (amount > 0) queue.splice(0, queue.length, ...Array.from({ length: amount }, rest), ...queue.slice(0, queue.length - amount));
  else queue.splice(0, queue.length, ...queue.slice(-amount), ...Array.from({ length: -amount }, rest));
}

/** Legacy repeatGeneralCommand: the first `amount` turns repeated over the whole queue (at most half of it is copied). */
function repeat(queue: TurnSlot[], amount: number): void {
  if (amount >= queue.length) return;
  const copied = amount * 2 > queue.length ? queue.length - amount : amount;
  for (let i = 0; i < copied; i++) {
    for (let target = i + amount; target < queue.length; target += amount) queue[target] = { action: queue[i]!.action, arg: structuredClone(queue[i]!.arg) };
  }
}

function nationFlag(value: Json | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new IllegalMove('nation must be true (the chief\'s nation queue) or false (the general\'s own)');
  return value;
}

function wholeNumber(value: Json | undefined, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new IllegalMove(`${path} must be a whole number from ${min} to ${max}`);
  return value;
}

function slotList(value: Json | undefined, length: number, path: string): number[] {
  if (!Array.isArray(value) || value.length === 0) throw new IllegalMove(`${path} must be a non-empty list of queue slots from 0 to ${length - 1}`);
  const slots = value.map((v) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= length) throw new IllegalMove(`${path} must be queue slots from 0 to ${length - 1}`);
    return v;
  });
  if (new Set(slots).size !== slots.length) throw new IllegalMove(`${path} lists a slot twice`);
  return slots;
}

function queueLength(general: General, nation: boolean): number {
  return nation ? GameConst.maxChiefTurn : Math.min(GameConst.maxTurn, general.queue.length);
}

/** The chief's queue of the general's office (legacy: a nation and officer level 5 or more). */
function chiefQueue(world: World, general: General): TurnSlot[] {
  const nation = world.nations.get(general.nation);
  if (!nation || general.officerLevel < 5) throw new IllegalMove('수뇌부가 아닙니다. (only a chief, officer level 5 or more, has a nation queue)');
  const queue = nation.chiefQueues[general.officerLevel];
  if (!queue) throw new IllegalMove(`${nation.name} has no chief queue for level ${general.officerLevel}`);
  return queue as TurnSlot[];
}

function queueOf(world: World, general: General, nation: boolean): TurnSlot[] {
  return nation ? chiefQueue(world, general) : (general.queue as TurnSlot[]);
}

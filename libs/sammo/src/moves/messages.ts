import { IllegalMove, type JsonObject, type Seat } from '@chronicle/engine';
import { secretPermission } from '../views/permission';
import type { General, Message, World } from '../world/types';
import { ownGeneral } from './move-fields';
import type { SendMessageMove } from './move-types';

/** The legacy's mailbox numbers (Message::MAILBOX_PUBLIC, MAILBOX_NATIONAL): 9999 anyone, 9000 + a nation, a general's id. */
export const MAILBOX_PUBLIC = 9999;
export const MAILBOX_NATIONAL = 9000;
/** How many messages a world keeps, the newest (the legacy keeps every row; a table's state stays bounded). */
export const MESSAGE_CAPACITY = 1000;
/** The longest text a message may carry (the legacy's column is TEXT; a move stays small). */
export const MESSAGE_MAX = 2000;

/**
 * A general writes a message (legacy Message/SendMessage), to the mailbox the legacy numbers:
 * 9999 everyone (public); 9000 + a nation: its own nation's members (national) — anyone
 * below secret permission 4 writes to its own nation whatever it names —, another nation's
 * chiefs (diplomacy: permission 4 only; 9000 itself, the wanderers' 재야, takes it too); a general's id: that general (private), never
 * between two nations' holders of permission 4. A block of level 1 or 3 (발언권) silences it.
 * The legacy's two-second pause between private messages is the gateway's to enforce (a move
 * has no wall clock).
 */
export function checkSendMessage(world: World, seat: Seat, payload: JsonObject): SendMessageMove {
  const general = ownGeneral(world, seat, payload.generalId);
  const { mailbox, text } = payload;
  if (typeof mailbox !== 'number' || !Number.isInteger(mailbox)) throw new IllegalMove('sendMessage.mailbox must be 9999 (everyone), 9000 + a nation\'s id, or a general\'s id');
  if (typeof text !== 'string' || text.length < 1) throw new IllegalMove('sendMessage.text must be a text of 1 character or more');
  if (text.length > MESSAGE_MAX) throw new IllegalMove(`sendMessage.text must be at most ${MESSAGE_MAX} characters, not ${text.length}`);
  if (general.block === 1 || general.block === 3) throw new IllegalMove(`차단되었습니다. (${general.name} is blocked at level ${general.block}: it may send no message)`);
  const move = (kind: SendMessageMove['kind'], to: number): SendMessageMove => ({ type: 'sendMessage', generalId: general.id, kind, to, text });
  if (mailbox === MAILBOX_PUBLIC) return move('public', 0);
  const permission = secretPermission(world, general);
  if (mailbox >= MAILBOX_NATIONAL) {
    const to = permission < 4 ? general.nation : mailbox - MAILBOX_NATIONAL;
    if (to === general.nation) return move('national', to);
    // Nation 0 is the legacy's 재야 (getNationStaticInfo(0)): the wanderers' mailbox takes diplomacy too.
    if (to !== 0 && !world.nations.has(to)) throw new IllegalMove(`존재하지 않는 국가입니다. (there is no nation ${to})`);
    return move('diplomacy', to);
  }
  if (mailbox > 0) {
    const dest = world.generals.get(mailbox);
    if (!dest) throw new IllegalMove(`존재하지 않는 유저입니다. (there is no general ${mailbox})`);
    if (permission === 4 && secretPermission(world, dest) === 4 && dest.nation !== general.nation) {
      throw new IllegalMove('외교권자끼리는 메시지를 보낼 수 없습니다. (two nations\' holders of diplomatic permission write as nations: mailbox 9000 + the nation)');
    }
    return move('private', dest.id);
  }
  throw new IllegalMove('알 수 없는 에러입니다. (sendMessage.mailbox must be 9999, 9000 + a nation\'s id, or a general\'s id)');
}

export function applySendMessage(world: World, move: SendMessageMove): void {
  const general = world.generals.get(move.generalId)!;
  postMessage(world, { kind: move.kind, from: general, fromNation: general.nation, to: move.to, text: move.text });
}

/** A message into the world's mailboxes, from a general of `fromNation` (the nation it wrote as), sent now. */
export function postMessage(world: World, { kind, from, fromNation, to, text }: { kind: Message['kind']; from: General; fromNation: number; to: number; text: string }): void {
  const id = world.env.nextMessageId ?? 1;
  world.env.nextMessageId = id + 1;
  const message: Message = { id, kind, from: from.id, fromName: from.name, fromNation, to, text, at: world.env.turntime };
  const messages = (world.messages ??= []);
  messages.push(message);
  if (messages.length > MESSAGE_CAPACITY) messages.splice(0, messages.length - MESSAGE_CAPACITY);
}

import type { General, Message, World } from '../world/types';

/** How many of each mailbox's newest messages a view carries (legacy GetRecentMessage's 15). */
export const MESSAGES_SHOWN = 15;
/** What a diplomatic message reads as below secret permission 3 (legacy GetRecentMessage). */
export const DIPLOMACY_MASK = '(외교 메시지입니다)';

/** A message as a reader gets it: `masked` when its words are hidden from the reader. */
export type MessageView = Message & { masked?: true };

/** The mailboxes a general reads (legacy Message/GetRecentMessage), each its newest messages, oldest first. */
export type MailboxView = {
  public: MessageView[];
  /** To its nation (a wanderer's: to 재야, nation 0). */
  national: MessageView[];
  /** Between its nation and another, the words hidden below secret permission 3 (but a letter to 재야, nation 0: the legacy masks one to a nation). */
  diplomacy: MessageView[];
  /** Sent by it or to it. */
  private: MessageView[];
}

/** The public mailbox: what anyone reads. */
export function publicMessages(world: World): MessageView[] {
  return newest(world, (m) => m.kind === 'public');
}

/** What `general`, holding secret permission `permission`, reads of the world's messages. */
export function mailboxOf(world: World, general: General, permission: number): MailboxView {
  const nation = general.nation;
  return {
    public: publicMessages(world),
    national: newest(world, (m) => m.kind === 'national' && m.to === nation),
    diplomacy: newest(world, (m) => m.kind === 'diplomacy' && (m.to === nation || m.fromNation === nation))
      .map((m) => (permission < 3 && m.to !== 0 ? { ...m, text: DIPLOMACY_MASK, masked: true } : m)),
    private: newest(world, (m) => m.kind === 'private' && (m.to === general.id || m.from === general.id)),
  };
}

function newest(world: World, keep: (m: Message) => boolean): MessageView[] {
  const out: MessageView[] = [];
  const messages = world.messages ?? [];
  for (let i = messages.length - 1; i >= 0 && out.length < MESSAGES_SHOWN; i--) if (keep(messages[i]!)) out.push({ ...messages[i]! });
  return out.reverse();
}

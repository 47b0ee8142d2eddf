import type { Choice } from './command-forms';
import { button, text } from './dom';
import { t, type WordKey } from './i18n';
import { playerApi, Refusal, type Mailbox, type Message } from './player-api';

/** The legacy's mailbox numbers (Message::MAILBOX_PUBLIC, MAILBOX_NATIONAL): 9999 everyone, 9000 + a nation, a general's id. */
const MAILBOX_PUBLIC = 9999;
const MAILBOX_NATIONAL = 9000;
/** A message's length (legacy SendMessage). */
const TEXT_MAX = 2_000;
/** From this secret permission a general writes to other nations (외교, legacy's ambassador and ruler). */
const DIPLOMAT = 4;

const BOXES: Array<[keyof Mailbox, WordKey]> = [['private', 'mailPrivate'], ['national', 'mailNational'], ['diplomacy', 'mailDiplomacy'], ['public', 'mailPublic']];

export interface MailboxContext {
  me: { id: number; nation: number; permission: number };
  generals(): Promise<Choice[]>;
  nations(): Promise<Choice[]>;
  /** Sends, then reads the panel again; a refusal is shown in the game's words. */
  send(mailbox: number, text: string): Promise<void>;
}

/**
 * The mailbox (legacy Message/GetRecentMessage and SendMessage): the private messages the
 * general sent or got, its nation's, its nation's diplomacy (their words hidden below secret
 * permission 3, as the game hides them) and the public ones, newest first; a form to write to
 * everyone, the nation, another nation (from permission 4) or a general.
 */
export async function mailboxPanel(here: string, ctx: MailboxContext): Promise<HTMLElement> {
  const box = document.createElement('div');
  box.id = 'mailbox';
  box.append(text('h3', t('mailbox')));
  let mail: Mailbox | null = null;
  try {
    mail = await playerApi.messages(here);
  } catch (error) {
    if (!(error instanceof Refusal && error.status === 404)) throw error;
  }
  if (mail) {
    for (const [kind, words] of BOXES) {
      const list = document.createElement('div');
      list.className = 'lines';
      list.id = `mail-${kind}`;
      for (const m of [...mail[kind]].reverse()) list.append(line(m));
      if (mail[kind].length === 0) list.append(text('div', t('none')));
      const section = document.createElement('details');
      section.open = kind === 'private' || mail[kind].length > 0;
      const summary = document.createElement('summary');
      summary.textContent = `${t(words)} (${mail[kind].length})`;
      section.append(summary, list);
      box.append(section);
    }
  } else {
    box.append(text('p', t('mailNotServed')));
  }
  box.append(await sendForm(ctx));
  return box;
}

function line(m: Message): HTMLElement {
  // `at` is the world's turn time (a game clock), not the wall's: the sender and the words only.
  const div = text('div', `${m.fromName}: ${m.text}`);
  div.dataset.message = String(m.id);
  if (m.masked) div.className = 'muted';
  return div;
}

async function sendForm(ctx: MailboxContext): Promise<HTMLElement> {
  const form = document.createElement('div');
  form.className = 'send';
  const to = document.createElement('select');
  to.id = 'mail-to';
  to.setAttribute('aria-label', t('mailTo'));
  const option = (value: number, words: string) => {
    const o = document.createElement('option');
    o.value = String(value);
    o.textContent = words;
    to.append(o);
  };
  option(MAILBOX_PUBLIC, t('mailPublic'));
  if (ctx.me.nation !== 0) option(MAILBOX_NATIONAL + ctx.me.nation, t('mailNational'));
  if (ctx.me.permission >= DIPLOMAT) {
    for (const n of await ctx.nations().catch(() => [])) if (n.id !== ctx.me.nation) option(MAILBOX_NATIONAL + n.id, `${t('mailDiplomacy')}: ${n.name}`);
  }
  for (const g of await ctx.generals().catch(() => [])) if (g.id !== ctx.me.id) option(g.id, g.name);
  const words = document.createElement('textarea');
  words.id = 'mail-text';
  words.maxLength = TEXT_MAX;
  words.rows = 2;
  words.setAttribute('aria-label', t('mailText'));
  const send = button(t('mailSend'), () => void ctx.send(Number(to.value), words.value).then(() => (words.value = '')).catch(() => undefined), 'mail-send');
  form.append(to, ' ', words, ' ', send);
  return form;
}

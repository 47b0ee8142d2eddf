import type { Choice } from './command-forms';
import { button, numberInput, row, text } from './dom';
import { num, t, type WordKey } from './i18n';
import type { NationInfo, NationSetting } from './player-api';

/** Relations in the legacy's words (GetDiplomacy's states). */
const STATES: Record<number, WordKey> = { 0: 'atWar', 1: 'warDeclared', 2: 'trading', 7: 'nonAggression' };
/** Who may change the nation's settings (legacy Nation/Set*): a chief (officer level 5 and up) or the ambassador (secret permission 4). */
const CHIEF_LEVEL = 5;
const AMBASSADOR = 4;
/** The settings' bounds (legacy Nation/SetRate, SetBill, SetSecretLimit; the notice and scout message's lengths). */
const RATE: [number, number] = [5, 30];
const BILL: [number, number] = [20, 200];
const SECRET_LIMIT: [number, number] = [1, 99];
const NOTICE_MAX = 16_384;
const SCOUT_MSG_MAX = 1_000;

/**
 * The nation's office as the general's place in it allows: the notice (국가 방침) and the
 * relations with each nation, which every member reads; for a chief or the ambassador, the
 * settings (legacy Nation/Set*: 세율, 지급률, 기밀 권한, 전쟁 금지, 임관 금지, 국가 방침, 임관
 * 권유문; the gateway's `nation/*` routes), each one move the game judges.
 */
export function officePanel(
  info: NationInfo, me: { officerLevel: number; permission: number }, nations: Choice[],
  set: (setting: NationSetting, body: { amount: number } | { value: boolean } | { msg: string }) => Promise<void>,
): HTMLElement {
  const n = info.nation;
  const box = document.createElement('div');
  box.id = 'office';
  const notice = text('div', n.notice ? n.notice.msg : t('none'));
  notice.id = 'nation-notice';
  notice.className = 'notice';
  box.append(text('h3', t('notice')), notice);
  if (n.notice) {
    // Its time is the world's turn time (a game clock), not the wall's: the author alone is shown.
    const by = text('div', n.notice.author);
    by.className = 'muted';
    box.append(by);
  }

  const relations = document.createElement('table');
  relations.id = 'diplomacy';
  relations.append(row([t('nation'), t('relation')]));
  const name = (id: number) => nations.find((x) => x.id === id)?.name ?? `#${id}`;
  for (const [a, b, state] of info.diplomacy) {
    if (a !== n.id) continue;
    const tr = row([name(b), t(STATES[state] ?? 'trading')]);
    tr.dataset.nation = String(b);
    tr.dataset.state = String(state);
    relations.append(tr);
  }
  const scroll = document.createElement('div');
  scroll.className = 'scroll';
  scroll.append(relations);
  box.append(text('h3', t('diplomacy')), scroll);

  if (me.officerLevel < CHIEF_LEVEL && me.permission < AMBASSADOR) return box;
  const settings = document.createElement('div');
  settings.id = 'nation-settings';
  const amount = (id: string, words: WordKey, [min, max]: [number, number], value: number, setting: NationSetting) => {
    const input = numberInput(id, min, max, value);
    const l = document.createElement('label');
    l.append(`${t(words)} `, input, ` (${num(min)}–${num(max)}) `, button(t('change'), () => void set(setting, { amount: Number(input.value) }), `${id}-set`));
    settings.append(l, ' ');
  };
  amount('set-rate', 'rate', RATE, n.rate, 'rate');
  amount('set-bill', 'bill', BILL, n.bill, 'bill');
  amount('set-secret-limit', 'secretLimit', SECRET_LIMIT, n.secretlimit, 'secret-limit');
  const toggle = (id: string, words: WordKey, on: boolean, setting: NationSetting, note = '') => {
    const l = document.createElement('div');
    l.id = id;
    l.dataset.on = String(on);
    l.append(`${t(words)}: ${on ? t('on') : t('off')}${note} `, button(on ? t('turnOff') : t('turnOn'), () => void set(setting, { value: !on }), `${id}-set`));
    settings.append(l);
  };
  toggle('block-war', 'blockWar', n.war !== 0, 'block-war', ` (${t('changesLeft', { n: n.warSettingsLeft })})`);
  toggle('block-scout', 'blockScout', n.scout !== 0, 'block-scout');
  const words = (id: string, label: WordKey, value: string, max: number, setting: NationSetting) => {
    const area = document.createElement('textarea');
    area.id = id;
    area.maxLength = max;
    area.rows = 3;
    area.value = value;
    const l = document.createElement('label');
    l.append(`${t(label)} `, area, ' ', button(t('change'), () => void set(setting, { msg: area.value }), `${id}-set`));
    settings.append(l);
  };
  words('set-notice', 'notice', n.notice?.msg ?? '', NOTICE_MAX, 'notice');
  words('set-scout-msg', 'scoutMsg', n.scoutMsg ?? '', SCOUT_MSG_MAX, 'scout-message');
  box.append(text('h3', t('nationSettings')), settings);
  return box;
}

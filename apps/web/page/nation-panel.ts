import type { Choice } from './command-forms';
import { button, row, text } from './dom';
import { num, t } from './i18n';
import { officePanel } from './office';
import { playerApi, type MemberRow, type NationInfo, type NationSetting } from './player-api';

/**
 * A member's view of its nation (Nation/GetNationInfo and Nation/GeneralList, as its office
 * reads them): the treasury, rates, population and crews, the chiefs, the members, and the
 * troops — to create, join, leave or rename (the game's troop moves) — and its office
 * (`office.ts`: the notice, relations and, for a chief, the settings).
 */
export async function nationPanel(
  here: string, me: { id: number; troop: number; officerLevel: number; permission: number }, nations: () => Promise<Choice[]>,
  act: (move: Record<string, unknown>) => Promise<void>,
  set: (setting: NationSetting, body: { amount: number } | { value: boolean } | { msg: string }) => Promise<void>,
): Promise<HTMLElement | null> {
  let info: NationInfo;
  let members: MemberRow[];
  let named: Choice[];
  try {
    [info, members, named] = await Promise.all([playerApi.nation(here), playerApi.members(here).then((m) => m.members), nations().catch(() => [])]);
  } catch {
    return null;
  }
  const n = info.nation;
  const box = document.createElement('div');
  box.id = 'nation-panel';
  box.append(
    text('h3', `${t('nation')}: ${n.name}`),
    text('div', `${t('gold')} ${num(n.gold)} · ${t('rice')} ${num(n.rice)} · ${t('tech')} ${num(n.tech)} · ${t('power')} ${num(n.power)} · ${t('rate')} ${n.rate}% · ${t('bill')} ${n.bill}%`),
    text('div', `${t('population')} ${num(n.population.now)} / ${num(n.population.max)} (${t('cities')} ${num(n.population.cities)}) · ${t('crew')} ${num(n.crew.now)} / ${num(n.crew.max)}`),
    text('div', n.topChiefs.map((c) => `${c.level === 12 ? t('ruler') : t('firstChief')} ${c.name}`).join(' · ')),
  );
  const list = document.createElement('table');
  list.id = 'nation-members';
  list.append(row([t('name'), t('office'), t('leadership'), t('strength'), t('intel'), t('gold'), t('rice')]));
  for (const m of members) list.append(row([m.name, m.officerTitle, String(m.leadership), String(m.strength), String(m.intel), num(m.gold), num(m.rice)]));
  const scroll = document.createElement('div');
  scroll.className = 'scroll';
  scroll.append(list);
  box.append(text('h3', t('members')), scroll, text('h3', t('troops')));

  const troops = document.createElement('div');
  troops.id = 'troops';
  for (const troop of n.troops) {
    const line = text('div', `${troop.name} (${members.find((m) => m.id === troop.leader)?.name ?? `#${troop.leader}`})`);
    line.dataset.troop = String(troop.leader);
    if (me.troop === 0) line.append(' ', button(t('joinTroop'), () => void act({ type: 'joinTroop', troopId: troop.leader })));
    if (me.troop === troop.leader) line.append(' ', button(t('leaveTroop'), () => void act({ type: 'leaveTroop' }), 'leave-troop'));
    troops.append(line);
  }
  if (me.troop === 0) {
    const name = document.createElement('input');
    name.id = 'troop-name';
    name.maxLength = 18;
    name.setAttribute('aria-label', t('troopName'));
    troops.append(name, ' ', button(t('createTroop'), () => void act({ type: 'createTroop', name: name.value }), 'create-troop'));
  } else if (me.troop === me.id) {
    const name = document.createElement('input');
    name.id = 'troop-rename';
    name.maxLength = 18;
    name.setAttribute('aria-label', t('troopName'));
    troops.append(name, ' ', button(t('renameTroop'), () => void act({ type: 'renameTroop', troopId: me.id, name: name.value }), 'rename-troop'));
  }
  box.append(troops, officePanel(info, me, named, set));
  return box;
}

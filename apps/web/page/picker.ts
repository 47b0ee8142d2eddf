import { argForm, fieldsOf, type FormContext } from './command-forms';
import { button, numberInput, text } from './dom';
import { t } from './i18n';
import type { CommandChoice } from './player-api';

/** What the picker does with a choice: reserve it into the selected slots, push or repeat the queue. */
export interface PickerActions {
  reserve(command: string, arg: unknown): Promise<void>;
  shift(how: 'push' | 'repeat', amount: number): Promise<void>;
}

/** The legacy's bounds: push −12…12 (not 0; negative pulls), repeat 1…12. */
const SHIFT_MAX = 12;

/**
 * The command picker (legacy's reserve form over General/GetCommandTable): the commands
 * possible now first, in the game's order, then the others with the first condition they
 * fail in the game's words; the chosen command's argument form (`command-forms.ts`); reserve
 * into the selected slots; push and repeat. The chief's picker's elements are named
 * `nation-…`. `update` gives it the table read anew without losing what the player chose.
 */
export function commandPicker(prefix: '' | 'nation-', actions: PickerActions, context: () => FormContext): { element: HTMLElement; update(choices: CommandChoice[]): void } {
  const id = (name: string) => `${prefix}${name}`;
  const box = document.createElement('div');
  box.id = id('picker');
  const select = document.createElement('select');
  select.id = id('command');
  select.setAttribute('aria-label', t('pickCommand'));
  const reason = text('div', '');
  reason.id = id('command-reason');
  reason.className = 'unavailable';
  reason.setAttribute('aria-live', 'polite');
  const args = document.createElement('div');
  args.id = id('command-args');
  args.className = 'args';
  let choices: CommandChoice[] = [];
  let arg: () => unknown = () => null;

  const explain = () => {
    const chosen = choices.find((c) => c.key === select.value);
    reason.textContent = chosen && !chosen.possible ? `${t('notNow')}: ${chosen.reason ?? ''}` : '';
  };
  const form = () => {
    args.replaceChildren();
    arg = argForm(select.value, args, context());
    explain();
  };
  select.addEventListener('change', form);

  const outcome = text('span', '');
  outcome.id = id('reserve-outcome');
  outcome.setAttribute('aria-live', 'polite');
  const reserve = button(t('reserve'), () => void (async () => {
    outcome.textContent = t('pending');
    try {
      await actions.reserve(select.value, arg());
      outcome.textContent = t('accepted');
    } catch {
      outcome.textContent = '';
    }
  })(), id('reserve'));

  const amount = numberInput(id('shift-amount'), -SHIFT_MAX, SHIFT_MAX, 1);
  const amountLabel = document.createElement('label');
  amountLabel.append(`${t('shiftBy')} `, amount);
  const shift = (how: 'push' | 'repeat') => button(t(how), () => void actions.shift(how, Number(amount.value)), id(how));
  const shifts = document.createElement('div');
  shifts.append(amountLabel, ' ', shift('push'), ' ', shift('repeat'), ' ', text('span', t('shiftHint')));
  shifts.lastElementChild!.className = 'muted';

  box.append(text('p', t('selectSlots')), select, ' ', reserve, ' ', outcome, reason, args, shifts);

  return {
    element: box,
    update(next: CommandChoice[]) {
      const before = select.value;
      const same = next.length === choices.length && next.every((c, i) => c.key === choices[i]!.key && c.possible === choices[i]!.possible && c.reason === choices[i]!.reason);
      choices = next;
      if (same && select.options.length > 0) return;
      const option = (c: CommandChoice) => {
        const o = document.createElement('option');
        o.value = c.key;
        o.textContent = c.possible ? c.name : `${c.name} — ${c.reason ?? t('notNow')}`;
        o.dataset.possible = String(c.possible);
        if (!c.possible) o.className = 'unavailable';
        return o;
      };
      const group = (label: string, list: CommandChoice[], name: string) => {
        const g = document.createElement('optgroup');
        g.label = label;
        g.dataset.group = name;
        g.append(...list.map(option));
        return g;
      };
      // Possible now first; the others can still be reserved (their conditions are judged when their turn runs), with why not now.
      select.replaceChildren(
        group(t('possibleNow'), next.filter((c) => c.possible), 'possible'),
        group(t('notPossibleNow'), next.filter((c) => !c.possible), 'unavailable'),
      );
      if (next.some((c) => c.key === before)) select.value = before;
      if (select.value !== before || args.childElementCount === 0 && fieldsOf(select.value).length > 0) form();
      else explain();
    },
  };
}

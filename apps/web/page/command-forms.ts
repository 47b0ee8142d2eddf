import { numberInput } from './dom';
import { num, t, type WordKey } from './i18n';
import type { NamedKey, ShopItem } from './player-api';

/**
 * The argument form of each command, by the legacy's key: the fields its `readArg` reads
 * (libs/sammo `src/commands`), each as the player gives it — a city picked on the map, a
 * general or a nation from a list, a crew type with its cost, an amount within the range the
 * game allows. The game judges the argument again when it is reserved.
 */
type Field =
  | 'city' | 'member' | 'general' | 'nation' | 'crew' | 'purse' | 'treasury' | 'tradeRice' | 'nationName' | 'foundNation'
  | 'yearMonth' | 'colorType' | 'strategy' | 'aidAmounts' | 'arms' | 'equipment' | 'population';

const FORMS: Record<string, readonly Field[]> = {
  che_이동: ['city'], che_강행: ['city'], che_출병: ['city'], che_첩보: ['city'], che_NPC능동: ['city'],
  che_화계: ['city'], che_선동: ['city'], che_파괴: ['city'], che_탈취: ['city'],
  che_징병: ['crew'], che_모병: ['crew'],
  che_헌납: ['purse'], che_증여: ['member', 'purse'], che_군량매매: ['tradeRice'],
  che_임관: ['nation'], che_장수대상임관: ['general'], che_등용: ['general'], che_선양: ['member'],
  che_건국: ['foundNation'], cr_건국: ['foundNation'], che_숙련전환: ['arms'], che_장비매매: ['equipment'],
  // The chiefs' nation commands.
  che_포상: ['member', 'treasury'], che_몰수: ['member', 'treasury'], che_발령: ['member', 'city'],
  che_선전포고: ['nation'], che_종전제의: ['nation'], che_불가침파기제의: ['nation'], che_불가침제의: ['nation', 'yearMonth'],
  che_급습: ['nation'], che_이호경식: ['nation'], che_피장파장: ['nation', 'strategy'], che_물자원조: ['nation', 'aidAmounts'],
  che_천도: ['city'], che_초토화: ['city'], che_백성동원: ['city'], che_수몰: ['city'], che_허보: ['city'], cr_인구이동: ['city', 'population'],
  che_국기변경: ['colorType'], che_국호변경: ['nationName'],
};

/** The strategic commands 피장파장 may name (legacy che_피장파장's list). */
const STRATEGIES = ['che_필사즉생', 'che_백성동원', 'che_수몰', 'che_허보', 'che_의병모집', 'che_이호경식', 'che_급습'];
/** The arms 숙련전환 converts between (legacy armtype 1–5). */
const ARMS: Array<[number, string]> = [[1, '보병'], [2, '궁병'], [3, '기병'], [4, '귀병'], [5, '차병']];
const ITEM_SLOTS: Array<[string, WordKey]> = [['horse', 'horse'], ['weapon', 'weapon'], ['book', 'book'], ['item', 'item']];
/** The most people 인구이동 moves (legacy's limit). */
const POPULATION_LIMIT = 100_000;
/** The legacy's key for "no item": 장비매매 with it sells the one held. */
const NO_ITEM = 'None';

export interface Choice { id: number; name: string }
export interface CrewTypeRow { id: number; name: string; cost?: number; reqTech?: number; impossible?: boolean }

/** What a form needs of the player and the world. */
export interface FormContext {
  /** Prefix for the elements' ids (`''` for the general's picker, `nation-` for a chief's). */
  prefix: string;
  general: { leadership: number; gold: number; rice: number };
  /** The nation's treasury, for a chief's 포상. */
  treasury: { gold: number; rice: number } | null;
  year: number;
  crewTypes: CrewTypeRow[];
  /** What the gateway's constants name (empty from an older gateway): 건국's nation types, the flag colours, the shop's items. */
  nationTypes: NamedKey[];
  nationColors: string[];
  shopItems: ShopItem[];
  commandName(key: string): string;
  members(): Promise<Choice[]>;
  generals(): Promise<Choice[]>;
  nations(): Promise<Choice[]>;
  /** Waits for a city picked on the map. */
  pickCity(picked: (cityId: number) => void): void;
  /** The map picks nothing (a form without a city). */
  pickNone(): void;
}

/** The fields `command` takes (none for a command without an argument). */
export function fieldsOf(command: string): readonly Field[] {
  return FORMS[command] ?? [];
}

/**
 * Fills `box` with the form of `command`'s argument and returns what reads it back (null: no
 * argument). Lists (members, generals, nations) arrive as they are read.
 */
export function argForm(command: string, box: HTMLElement, ctx: FormContext): () => unknown {
  const id = (name: string) => `${ctx.prefix}arg-${name}`;
  ctx.pickNone();
  const readers: Array<(arg: Record<string, unknown>) => void> = [];
  const label = (words: string, ...inputs: Node[]) => {
    const l = document.createElement('label');
    l.append(`${words} `, ...inputs);
    box.append(l, ' ');
    return l;
  };
  const numberArg = (name: string, words: string, min: number, max: number, value: number, step = 1) => {
    const top = Math.max(min, max);
    const input = numberInput(id(name), min, top, Math.min(Math.max(value, min), top));
    input.step = String(step);
    const range = document.createElement('span');
    range.className = 'muted';
    range.textContent = ` (${num(min)}–${num(Math.max(min, max))})`;
    label(words, input, range);
    return input;
  };
  const select = (name: string, words: string, options: Array<[string, string]>) => {
    const s = document.createElement('select');
    s.id = id(name);
    for (const [value, text] of options) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      s.append(o);
    }
    label(words, s);
    return s;
  };
  const listed = (name: string, words: string, list: () => Promise<Choice[]>) => {
    const s = select(name, words, []);
    s.disabled = true;
    void list().then((choices) => {
      s.replaceChildren(...choices.map((c) => {
        const o = document.createElement('option');
        o.value = String(c.id);
        o.textContent = c.name;
        return o;
      }));
      s.disabled = false;
    }).catch(() => {
      // The list could not be read (the legacy's 10-second limit on the general list): the id by hand.
      const input = document.createElement('input');
      input.type = 'number';
      input.id = s.id;
      input.min = '1';
      input.setAttribute('aria-label', words);
      s.replaceWith(input);
    });
    return () => Number((document.getElementById(s.id) as HTMLInputElement | HTMLSelectElement | null)?.value ?? 0);
  };
  const goldOrRice = (max: { gold: number; rice: number }) => {
    const kind = select('resource', t('resource'), [['gold', t('gold')], ['rice', t('rice')]]);
    const amount = numberArg('amount', t('amount'), 1, max.gold, Math.min(1_000, max.gold), 1);
    kind.addEventListener('change', () => {
      const top = Math.max(1, kind.value === 'gold' ? max.gold : max.rice);
      amount.max = String(top);
      amount.nextElementSibling!.textContent = ` (${num(1)}–${num(top)})`;
      if (Number(amount.value) > top) amount.value = String(top);
    });
    return (arg: Record<string, unknown>) => Object.assign(arg, { isGold: kind.value === 'gold', amount: Number(amount.value) });
  };

  for (const field of fieldsOf(command)) {
    switch (field) {
      case 'city': {
        let city: number | null = null;
        const shown = document.createElement('span');
        shown.id = id('city');
        shown.textContent = t('pickCity');
        box.append(shown, ' ');
        ctx.pickCity((picked) => {
          city = picked;
          shown.textContent = `${t('city')}: #${picked}`;
          shown.dataset.city = String(picked);
        });
        readers.push((arg) => (arg.destCityId = city));
        break;
      }
      case 'member': {
        const read = listed('general', t('target'), ctx.members);
        readers.push((arg) => (arg.destGeneralId = read()));
        break;
      }
      case 'general': {
        const read = listed('general', t('target'), ctx.generals);
        readers.push((arg) => (arg.destGeneralId = read()));
        break;
      }
      case 'nation': {
        const read = listed('nation', t('nation'), ctx.nations);
        readers.push((arg) => (arg.destNationId = read()));
        break;
      }
      case 'crew': {
        // A conscription raises at most 100 soldiers a point of leadership; the cost is per 100.
        const types = ctx.crewTypes.filter((c) => !c.impossible);
        const crew = select('crew', t('crewType'), types.map((c) => [String(c.id), `${c.name}${c.cost !== undefined ? ` (${t('gold')} ${num(c.cost)}/100)` : ''}`]));
        const top = 100 * Math.max(1, ctx.general.leadership);
        const amount = numberArg('amount', t('amount'), 100, top, top, 100);
        const cost = document.createElement('span');
        cost.id = id('cost');
        cost.className = 'muted';
        const update = () => {
          const type = types.find((c) => String(c.id) === crew.value);
          cost.textContent = type?.cost === undefined ? '' : `≈ ${t('gold')} ${num(Math.round((type.cost * Number(amount.value)) / 100))}`;
        };
        crew.addEventListener('change', update);
        amount.addEventListener('input', update);
        update();
        box.append(cost, ' ');
        readers.push((arg) => Object.assign(arg, { crewType: Number(crew.value), amount: Number(amount.value) }));
        break;
      }
      case 'purse':
        readers.push(goldOrRice(ctx.general));
        break;
      case 'treasury':
        readers.push(goldOrRice(ctx.treasury ?? { gold: 1_000_000, rice: 1_000_000 }));
        break;
      case 'tradeRice': {
        const way = select('trade', t('trade'), [['buy', t('buyRice')], ['sell', t('sellRice')]]);
        const amount = numberArg('amount', t('amount'), 1, Math.max(ctx.general.gold, ctx.general.rice), 1_000);
        readers.push((arg) => Object.assign(arg, { buyRice: way.value === 'buy', amount: Number(amount.value) }));
        break;
      }
      case 'nationName': {
        const name = textInput(box, id('nation-name'), t('nationName'), 18);
        readers.push((arg) => (arg.nationName = name.value));
        break;
      }
      case 'foundNation': {
        const name = textInput(box, id('nation-name'), t('nationName'), 18);
        const types: Array<[string, string]> = ctx.nationTypes.length > 0 ? ctx.nationTypes.map((n) => [n.key, n.name]) : [['che_중립', t('neutral')]];
        const type = select('nation-type', t('nationType'), types);
        const colour = ctx.nationColors.length > 0 ? colourSelect(id('color'), ctx.nationColors) : colourInput(id('color'));
        label(t('colour'), colour);
        const chosen = () => (colour instanceof HTMLSelectElement ? ctx.nationColors[Number(colour.value)]! : colour.value.toUpperCase());
        readers.push((arg) => Object.assign(arg, { nationName: name.value, nationType: type.value, color: chosen() }));
        break;
      }
      case 'yearMonth': {
        const year = numberArg('year', t('year'), ctx.year, ctx.year + 100, ctx.year + 1);
        const month = numberArg('month', t('month'), 1, 12, 1);
        readers.push((arg) => Object.assign(arg, { year: Number(year.value), month: Number(month.value) }));
        break;
      }
      case 'colorType': {
        // The legacy's colours by their place; without the gateway's list, the place by hand.
        const colour = ctx.nationColors.length > 0 ? colourSelect(id('color-type'), ctx.nationColors) : numberArg('color-type', t('colour'), 0, 32, 0);
        if (colour instanceof HTMLSelectElement) label(t('colour'), colour);
        readers.push((arg) => (arg.colorType = Number(colour.value)));
        break;
      }
      case 'strategy': {
        const which = select('strategy', t('command'), STRATEGIES.map((k) => [k, ctx.commandName(k)]));
        readers.push((arg) => (arg.commandType = which.value));
        break;
      }
      case 'aidAmounts': {
        const gold = numberArg('aid-gold', t('gold'), 0, ctx.treasury?.gold ?? 1_000_000, 0, 100);
        const rice = numberArg('aid-rice', t('rice'), 0, ctx.treasury?.rice ?? 1_000_000, 0, 100);
        readers.push((arg) => (arg.amountList = [Number(gold.value), Number(rice.value)]));
        break;
      }
      case 'arms': {
        const arms = ARMS.map(([n, name]): [string, string] => [String(n), name]);
        const from = select('src-arm', t('from'), arms);
        const to = select('dest-arm', t('to'), arms);
        to.value = '2';
        readers.push((arg) => Object.assign(arg, { srcArmType: Number(from.value), destArmType: Number(to.value) }));
        break;
      }
      case 'equipment': {
        // The slot, then what the shop sells for it (its name and price) or selling the one held.
        const slot = select('item-type', t('itemType'), ITEM_SLOTS.map(([k, w]) => [k, t(w)]));
        const code = select('item-code', t('itemCode'), []);
        const fill = () => code.replaceChildren(...[[NO_ITEM, t('sellItem')] as [string, string], ...ctx.shopItems
          .filter((i) => i.slot === slot.value).map((i): [string, string] => [i.key, `${i.name} (${t('gold')} ${num(i.cost)})`])].map(([value, words]) => option(value, words)));
        slot.addEventListener('change', fill);
        fill();
        readers.push((arg) => Object.assign(arg, { itemType: slot.value, itemCode: code.value }));
        break;
      }
      case 'population': {
        const amount = numberArg('amount', t('amount'), 0, POPULATION_LIMIT, 10_000, 100);
        readers.push((arg) => (arg.amount = Number(amount.value)));
        break;
      }
    }
  }
  if (readers.length === 0) return () => null;
  return () => {
    const arg: Record<string, unknown> = {};
    for (const read of readers) read(arg);
    return arg;
  };
}

/**
 * What a reserved command's argument says, in the page's words: each field named as its form
 * names it, and keys (a nation type, an item, a colour, an arm, a strategy, a crew type) by
 * their names.
 */
export function argWords(arg: unknown, ctx: Pick<FormContext, 'commandName' | 'crewTypes' | 'nationTypes' | 'nationColors' | 'shopItems'>): string {
  if (arg === null || typeof arg !== 'object') return '';
  const a = arg as Record<string, unknown>;
  const colour = (c: unknown) => {
    const at = typeof c === 'number' ? c : ctx.nationColors.findIndex((x) => x.toUpperCase() === String(c).toUpperCase());
    return at >= 0 ? t('colourN', { n: at + 1 }) : String(c);
  };
  const arm = (n: unknown) => ARMS.find(([k]) => k === n)?.[1] ?? String(n);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(a)) {
    switch (key) {
      case 'destCityId': parts.push(`${t('city')} #${String(value)}`); break;
      case 'destGeneralId': parts.push(`${t('target')} #${String(value)}`); break;
      case 'destNationId': parts.push(`${t('nation')} #${String(value)}`); break;
      case 'crewType': parts.push(`${t('crewType')} ${ctx.crewTypes.find((c) => c.id === value)?.name ?? String(value)}`); break;
      case 'amount': parts.push(`${t('amount')} ${num(Number(value))}`); break;
      case 'isGold': parts.push(t(value ? 'gold' : 'rice')); break;
      case 'buyRice': parts.push(t(value ? 'buyRice' : 'sellRice')); break;
      case 'nationName': parts.push(`${t('nationName')} ${String(value)}`); break;
      case 'nationType': parts.push(`${t('nationType')} ${ctx.nationTypes.find((n) => n.key === value)?.name ?? String(value).replace(/^che_/, '')}`); break;
      case 'color': case 'colorType': parts.push(colour(value)); break;
      case 'year': parts.push(`${String(value)}${t('year')} ${String(a.month ?? '')}${a.month === undefined ? '' : t('month')}`); break;
      case 'month': break;
      case 'commandType': parts.push(ctx.commandName(String(value))); break;
      case 'amountList': {
        const [gold, rice] = Array.isArray(value) ? value as number[] : [];
        parts.push(`${t('gold')} ${num(gold ?? 0)}, ${t('rice')} ${num(rice ?? 0)}`);
        break;
      }
      case 'srcArmType': parts.push(`${arm(value)} → ${arm(a.destArmType)}`); break;
      case 'destArmType': break;
      case 'itemType': parts.push(t(ITEM_SLOTS.find(([k]) => k === value)?.[1] ?? 'item')); break;
      case 'itemCode': parts.push(value === NO_ITEM ? t('sellItem') : ctx.shopItems.find((i) => i.key === value)?.name ?? String(value)); break;
      default: parts.push(`${key} ${typeof value === 'number' ? num(value) : JSON.stringify(value)}`);
    }
  }
  return parts.join(', ');
}

function option(value: string, words: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = words;
  return o;
}

/** The legacy's flag colours to choose from, each option in its colour (its value: the colour's place). */
function colourSelect(id: string, colours: readonly string[]): HTMLSelectElement {
  const s = document.createElement('select');
  s.id = id;
  const paint = (el: HTMLElement, colour: string) => {
    el.style.backgroundColor = colour;
    el.style.color = contrast(colour);
  };
  s.append(...colours.map((c, i) => {
    const o = option(String(i), t('colourN', { n: i + 1 }));
    paint(o, c);
    return o;
  }));
  s.addEventListener('change', () => paint(s, colours[Number(s.value)]!));
  paint(s, colours[0]!);
  return s;
}

function colourInput(id: string): HTMLInputElement {
  const colour = document.createElement('input');
  colour.type = 'color';
  colour.id = id;
  colour.value = '#ff0000';
  return colour;
}

/** Black or white, whichever reads on `hex`. */
function contrast(hex: string): string {
  const v = Number.parseInt(hex.slice(1), 16);
  const luminance = (0.299 * ((v >> 16) & 255) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255)) / 255;
  return luminance > 0.55 ? '#000' : '#fff';
}

function textInput(box: HTMLElement, id: string, words: string, maxLength: number): HTMLInputElement {
  const input = document.createElement('input');
  input.id = id;
  input.maxLength = maxLength;
  const l = document.createElement('label');
  l.append(`${words} `, input);
  box.append(l, ' ');
  return input;
}

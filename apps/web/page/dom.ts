/** Small DOM helpers the page's modules share. */
export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export function row(cells: Array<string | Node>, key?: string): HTMLTableRowElement {
  const tr = document.createElement('tr');
  if (key) tr.dataset.table = key;
  for (const cell of cells) {
    const td = document.createElement('td');
    td.append(cell);
    tr.append(td);
  }
  return tr;
}

export function link(href: string, label: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = label;
  return a;
}

export function text(tag: string, content: string): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = content;
  return el;
}

export function button(label: string, onClick: () => void, id?: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (id) b.id = id;
  b.addEventListener('click', onClick);
  return b;
}

/** A number field: its id, bounds and first value (the value as given: a caller that clamps does so). */
export function numberInput(id: string, min: number, max: number, value: number): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'number';
  input.id = id;
  input.min = String(min);
  input.max = String(max);
  input.value = String(value);
  return input;
}

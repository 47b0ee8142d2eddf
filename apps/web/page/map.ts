import { NEUTRAL_CITY } from '../src/view/api';
import type { CityView, WorldView } from '../src/view/world-view';
import { t } from './i18n';

const SVG = 'http://www.w3.org/2000/svg';

/** The colour a city is drawn in: its nation's, or white when none holds it. */
export function cityColour(view: WorldView, city: CityView): string {
  return view.nations.find((n) => n.id === city.nation)?.color ?? NEUTRAL_CITY;
}

/**
 * Draws the map: roads between neighbouring cities, each city a circle in its nation's
 * colour (a capital ringed thicker), sized by its level (the public map's measure, as the
 * legacy's map draws it). Each circle carries its city's id and nation (`data-*`), for the
 * click and for the browser tests, and is a button for the keyboard (Tab, Enter).
 * `picked`: a city chosen in a form, outlined.
 */
export function drawMap(svg: SVGSVGElement, view: WorldView, revision: number, onCity: (cityId: number) => void, picked: number | null = null): void {
  const capitals = new Set(view.nations.map((n) => n.capital));
  const owner = new Map(view.nations.map((n) => [n.id, n.name]));
  const roads = document.createElementNS(SVG, 'g');
  const towns = document.createElementNS(SVG, 'g');
  const byId = new Map(view.cities.map((c) => [c.id, c]));
  for (const city of view.cities) {
    for (const other of city.neighbours) {
      const to = byId.get(other);
      if (!to || other < city.id) continue;
      const line = document.createElementNS(SVG, 'line');
      line.setAttribute('x1', String(city.x));
      line.setAttribute('y1', String(city.y));
      line.setAttribute('x2', String(to.x));
      line.setAttribute('y2', String(to.y));
      roads.appendChild(line);
    }
  }
  for (const city of view.cities) {
    const circle = document.createElementNS(SVG, 'circle');
    circle.setAttribute('cx', String(city.x));
    circle.setAttribute('cy', String(city.y));
    circle.setAttribute('r', (3 + 1.1 * Math.max(1, Math.min(8, city.level))).toFixed(1));
    circle.setAttribute('fill', cityColour(view, city));
    circle.dataset.city = String(city.id);
    circle.dataset.nation = String(city.nation);
    if (capitals.has(city.id) && city.nation !== 0) circle.classList.add('capital');
    if (picked === city.id) circle.classList.add('picked');
    const label = `${city.name} (${city.nation === 0 ? t('unowned') : owner.get(city.nation) ?? city.nation})`;
    circle.setAttribute('tabindex', '0');
    circle.setAttribute('role', 'button');
    circle.setAttribute('aria-label', label);
    const title = document.createElementNS(SVG, 'title');
    title.textContent = label;
    circle.appendChild(title);
    circle.addEventListener('click', () => onCity(city.id));
    circle.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onCity(city.id);
      }
    });
    towns.appendChild(circle);
    const name = document.createElementNS(SVG, 'text');
    name.setAttribute('x', String(city.x + 6));
    name.setAttribute('y', String(city.y - 5));
    name.textContent = city.name;
    towns.appendChild(name);
  }
  svg.replaceChildren(roads, towns);
  svg.dataset.revision = String(revision);
  svg.dataset.date = view.date;
}

/** The legend: each nation's colour and name with its cities, and the unowned cities' white. */
export function drawLegend(box: HTMLElement, view: WorldView): void {
  const item = (colour: string, text: string, nation: number) => {
    const span = document.createElement('span');
    span.dataset.nation = String(nation);
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = colour;
    span.append(swatch, text);
    return span;
  };
  const unowned = view.cities.filter((c) => c.nation === 0).length;
  box.replaceChildren(
    ...view.nations.map((n) => item(n.color, `${n.name} (${n.cities})`, n.id)),
    ...(unowned > 0 ? [item(NEUTRAL_CITY, `${t('unowned')} (${unowned})`, 0)] : []),
  );
}

import { NEUTRAL_CITY } from '../src/view/api';
import type { CityView, WorldView } from '../src/view/world-view';

const SVG = 'http://www.w3.org/2000/svg';
/** The largest population a city of the `che` map can reach (업, 620,500). */
const POP_SCALE = 620_500;

/** The colour a city is drawn in: its nation's, or white when none holds it. */
export function cityColour(view: WorldView, city: CityView): string {
  return view.nations.find((n) => n.id === city.nation)?.color ?? NEUTRAL_CITY;
}

/**
 * Draws the map: roads between neighbouring cities, each city a circle in its nation's
 * colour, sized by population. Each circle carries its city's id and nation (`data-*`), for
 * the click and for the browser tests.
 */
export function drawMap(svg: SVGSVGElement, view: WorldView, revision: number, onCity: (cityId: number) => void): void {
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
    circle.setAttribute('r', (3 + 9 * Math.sqrt(Math.min(1, city.pop / POP_SCALE))).toFixed(1));
    circle.setAttribute('fill', cityColour(view, city));
    circle.dataset.city = String(city.id);
    circle.dataset.nation = String(city.nation);
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `${city.name}: population ${city.pop.toLocaleString()}`;
    circle.appendChild(title);
    circle.addEventListener('click', () => onCity(city.id));
    towns.appendChild(circle);
    const label = document.createElementNS(SVG, 'text');
    label.setAttribute('x', String(city.x + 6));
    label.setAttribute('y', String(city.y - 5));
    label.textContent = city.name;
    towns.appendChild(label);
  }
  svg.replaceChildren(roads, towns);
  svg.dataset.revision = String(revision);
  svg.dataset.date = view.date;
}

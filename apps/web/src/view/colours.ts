/** The colour the map gives a city no nation holds. */
export const NEUTRAL_CITY = '#ffffff';

/**
 * Okabe and Ito's palette ("Color Universal Design", 2008): eight colours people with any
 * common colour-vision deficiency can still tell apart.
 */
export const COLOUR_BLIND_SAFE = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#d55e00', '#56b4e9', '#f0e442', '#000000'] as const;

/** How far apart (CIE76 ΔE in Lab) two nations' colours must be to tell them apart on the map. */
const DISTINCT = 20;

/**
 * The colour each nation is drawn in, by id. The legacy's colours repeat (two navy nations,
 * white ones that read as unowned), so: up to eight nations get the colour-blind-safe palette,
 * strongest first (the order given); more keep the game's colour where it is far enough from
 * every colour already given and from an unowned city's white, else the next hue round the
 * colour wheel that is. Pure: the same nations in the same order get the same colours.
 */
export function displayColours(nations: ReadonlyArray<{ id: number; color: string }>): Map<number, string> {
  const out = new Map<number, string>();
  if (nations.length <= COLOUR_BLIND_SAFE.length) {
    nations.forEach((n, i) => out.set(n.id, COLOUR_BLIND_SAFE[i]!));
    return out;
  }
  const taken: Lab[] = [lab(NEUTRAL_CITY)];
  let hue = 0;
  for (const n of nations) {
    let colour = /^#[0-9a-f]{6}$/i.test(n.color) ? n.color.toLowerCase() : null;
    for (let tries = 0; colour === null || taken.some((t) => distance(t, lab(colour!)) < DISTINCT); tries++) {
      // The golden angle spreads successive hues evenly; lightness alternates so neighbours differ in more than hue.
      hue = (hue + 137.508) % 360;
      colour = hsl(hue, 0.65, [0.35, 0.5, 0.65][tries % 3]!);
      if (tries > 60) break;
    }
    taken.push(lab(colour));
    out.set(n.id, colour);
  }
  return out;
}

type Lab = [number, number, number];

function lab(hex: string): Lab {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [channel(0), channel(1), channel(2)];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

function distance(a: Lab, b: Lab): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[0, 8, 4].map((n) => channel(n).toString(16).padStart(2, '0')).join('')}`;
}

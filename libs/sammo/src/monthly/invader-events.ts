import { Diplo } from '../world/constants';
import { chronicle } from '../world/logbook';
import type { World } from '../world/types';

/** The name mark of an invader nation (`ⓞ<city>족`) and of its generals (npc 9). */
export const INVADER_MARK = 'ⓞ';

function deleteEvent(world: World, eventId: number): void {
  world.events = world.events?.filter((e) => e.id !== eventId);
}

/**
 * Legacy AutoDeleteInvader (a monthly event RaiseInvader adds for each invader nation, `eventId`
 * its own): once the nation is at war with no one (no relation at war or declared), its ruler's
 * every reserved turn becomes 방랑, and the event goes; a fallen nation's event just goes.
 */
export function autoDeleteInvader(world: World, nationId: number, eventId: number): void {
  if (!world.nations.has(nationId)) {
    deleteEvent(world, eventId);
    return;
  }
  const prefix = `${nationId}:`;
  for (const [key, d] of world.diplomacy) {
    if (key.startsWith(prefix) && (d.state === Diplo.war || d.state === Diplo.declared)) return;
  }
  for (const g of world.generals.values()) {
    if (g.nation === nationId && g.officerLevel === 12) g.queue = g.queue.map(() => ({ action: 'che_방랑', arg: null }));
  }
  deleteEvent(world, eventId);
}

/** How the invader game ended: the land held by a nation of the land (`land`) or left to the invaders. */
export type InvaderEndingKind = 'land' | 'invaders';

/**
 * The ending InvaderEnding sees, or null while the game goes on: with fewer than two nations
 * left, one holding every city wins for the land unless it is an invader nation; every city
 * empty is the invaders' ending.
 */
export function invaderEnding(world: World): InvaderEndingKind | null {
  if (world.nations.size >= 2) return null;
  const cities = world.cities.slice(1);
  const empty = cities.filter((c) => c.nation === 0).length;
  if (empty === 0) {
    const [only] = world.nations.values();
    return only !== undefined && !only.name.startsWith(INVADER_MARK) ? 'land' : 'invaders';
  }
  return empty === cities.length ? 'invaders' : null;
}

/**
 * Legacy InvaderEnding (the monthly event RaiseInvader adds last, `eventId`): while invaders
 * are raised (isunited 1), an ending (see {@link invaderEnding}) is told in the chronicle,
 * freezes the world (isunited 3), multiplies the refresh limit by 100 as unification does,
 * and the event goes.
 */
export function runInvaderEnding(world: World, eventId: number): void {
  if (world.env.isunited === 0 || world.env.isunited === 2) return;
  const ending = invaderEnding(world);
  if (ending === null) return;
  if (ending === 'land') {
    chronicle(world, '【이벤트】 이민족을 모두 소탕했습니다!');
    chronicle(world, '【이벤트】 중원은 당분간 태평성대를 누릴 것입니다.');
  } else {
    chronicle(world, '【이벤트】 중원은 이민족에 의해 혼란에 빠졌습니다.');
    chronicle(world, '【이벤트】 백성은 언젠가 영웅이 나타나길 기다립니다.');
  }
  world.env.isunited = 3;
  world.env.conlimit *= 100;
  deleteEvent(world, eventId);
}

import { IllegalMove, type GameState, type Json, type Randomness } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
import { randomTurnTime } from '../world/clock';
import { specialityAges } from '../traits/speciality';
import { newGeneral } from '../state/factory';
import { chronicle } from '../world/logbook';
import { withJosa } from '../world/josa';
import type { World } from '../world/types';
import { stringField } from './move-fields';

/**
 * Rules version 11's createGeneral (as every version before it had it), kept unchanged so that the tables opened under it replay
 * and play on to their chapter's end (README "Shipping a rules fix"): the stats as given
 * (15–80, at most 150), the city chosen or drawn from all, no bonus, age 20. Version 12
 * follows the legacy's General/Join (`create-general.ts`).
 */
export interface CreateGeneralMoveV11 {
  type: 'createGeneral';
  name: string;
  leadership: number;
  strength: number;
  intel: number;
  cityId: number | null;
}

export function checkCreateGeneralV11(world: World, seat: string, payload: { [key: string]: Json | undefined }): CreateGeneralMoveV11 {
  for (const g of world.generals.values()) if (g.owner === seat) throw new IllegalMove(`이미 등록하셨습니다! (seat ${seat} already plays a general)`);
  if (world.generals.size >= world.env.maxgeneral) throw new IllegalMove(`더이상 등록할 수 없습니다! (the world is full: ${world.env.maxgeneral} generals)`);
  const name = stringField(payload.name, 'createGeneral.name').trim();
  if (name.length < 1) throw new IllegalMove('이름이 짧습니다. 다시 가입해주세요! (createGeneral.name is empty)');
  if (name.length > 18) throw new IllegalMove('이름이 유효하지 않습니다. 다시 가입해주세요! (createGeneral.name: at most 18 characters)');
  for (const g of world.generals.values()) {
    if (g.name === name) throw new IllegalMove('이미 있는 장수입니다. 다른 이름으로 등록해 주세요! (createGeneral.name is taken)');
  }
  const stats = [payload.leadership, payload.strength, payload.intel].map((v, i) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 15 || v > 80) {
      throw new IllegalMove(`createGeneral.${['leadership', 'strength', 'intel'][i]} must be an integer from 15 to 80`);
    }
    return v;
  }) as [number, number, number];
  if (stats[0] + stats[1] + stats[2] > 150) throw new IllegalMove('능력치가 150을 넘어섰습니다. 다시 가입해주세요! (leadership + strength + intel must be at most 150)');
  const cityId = payload.cityId ?? null;
  if (cityId !== null && (typeof cityId !== 'number' || !Number.isInteger(cityId) || cityId < 1 || cityId >= world.cities.length)) {
    throw new IllegalMove(`도시가 잘못 지정되었습니다. 다시 가입해주세요! (createGeneral.cityId must be a city from 1 to ${world.cities.length - 1}, or null for a random city)`);
  }
  return { type: 'createGeneral', name, leadership: stats[0], strength: stats[1], intel: stats[2], cityId };
}

export function applyCreateGeneralV11(state: GameState<World>, seat: string, move: CreateGeneralMoveV11, random: Randomness<RandUtil>): void {
  const world = state.data;
  const env = world.env;
  const rng = random.stream('MakeGeneral', seat, env.turntime);
  const id = env.nextGeneralId++;
  const city = move.cityId ?? rng.nextRangeInt(1, world.cities.length - 1);
  const general = newGeneral({
    id, name: move.name, npc: 0, owner: seat, nation: 0, city, officerLevel: 0,
    leadership: move.leadership, strength: move.strength, intel: move.intel,
    bornyear: env.year - 20, deadyear: env.year + 60, year: env.year, affinity: rng.nextRangeInt(1, 150),
    turntime: randomTurnTime(env.turntime, env.turnterm, rng), killturn: env.killturn,
    ...(env.scenarioId >= 1000 ? { specage: 23, specage2: 23 } : specialityAges(20, env.year, env.startyear)),
  });
  world.generals.set(id, general);
  chronicle(world, `${withJosa(move.name, '이')} 천하에 이름을 알립니다.`);
}

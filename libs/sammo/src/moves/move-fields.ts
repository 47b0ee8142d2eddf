import { IllegalMove, type Json, type Seat } from '@chronicle/engine';
import type { General, World } from '../world/types';

export function stringField(value: Json | undefined, path: string): string {
  if (typeof value !== 'string') throw new IllegalMove(`${path} must be a string`);
  return value;
}

export function generalField(world: World, value: Json | undefined, path = 'generalId'): General {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new IllegalMove(`${path} must be a general id`);
  const general = world.generals.get(value);
  if (!general) throw new IllegalMove(`there is no general ${value}`);
  return general;
}

export function ownGeneral(world: World, seat: Seat, value: Json | undefined): General {
  // Without a generalId, the seat's own general (a player has one per world).
  if (value === undefined && seat !== null) {
    for (const g of world.generals.values()) if (g.owner === seat) return g;
    throw new IllegalMove(`등록된 장수가 없습니다 (seat ${seat} plays no general: join first)`);
  }
  const general = generalField(world, value);
  if (seat === null || general.owner !== seat) throw new IllegalMove(`general ${general.id} is not played by ${seat ?? 'the table'}`);
  return general;
}

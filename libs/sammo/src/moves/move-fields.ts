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
  const general = generalField(world, value);
  if (seat === null || general.owner !== seat) throw new IllegalMove(`general ${general.id} is not played by ${seat ?? 'the table'}`);
  return general;
}

import type { Json } from '@chronicle/engine';
import type { World } from '../../world/types';
import { argBool, argGeneral, argInt, argObject } from '../args';
import { beChief, notBeNeutral, occupiedCity, suppliedCity } from '../constraints';

/** The argument of 포상 and 몰수: gold or rice, how much, from or to whom. */
export interface GrantArg {
  isGold: boolean;
  amount: number;
  destGeneralId: number;
}

export function readGrant(raw: Json, world: World, id: string): GrantArg {
  const o = argObject(raw, id);
  return { isGold: argBool(o, 'isGold', id), amount: argInt(o, 'amount', id, 1, 1_000_000), destGeneralId: argGeneral(o, 'destGeneralId', id, world) };
}

/** Nation commands are given by a chief standing in one of the nation's supplied cities. */
export const chiefInOwnSuppliedCity = [notBeNeutral, beChief, occupiedCity, suppliedCity] as const;

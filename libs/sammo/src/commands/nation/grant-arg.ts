import { argBool, argGeneral, argInt, argObject } from '../args';
import type { CommandDef } from '../command';
import { beChief, notBeNeutral, occupiedCity, suppliedCity } from '../constraints';

export interface GrantArg {
  isGold: boolean;
  amount: number;
  destGeneralId: number;
}

export function readGrant(raw: Parameters<CommandDef['readArg']>[0], world: Parameters<CommandDef['readArg']>[1], id: string): GrantArg {
  const o = argObject(raw, id);
  return { isGold: argBool(o, 'isGold', id), amount: argInt(o, 'amount', id, 1, 1_000_000), destGeneralId: argGeneral(o, 'destGeneralId', id, world) };
}

export const chiefInOwnSuppliedCity = [notBeNeutral, beChief, occupiedCity, suppliedCity] as const;

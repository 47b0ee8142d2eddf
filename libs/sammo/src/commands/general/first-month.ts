import { joinYearMonth } from '../../world/clock';
import type { Alternative, CommandContext } from '../command';

/**
 * Legacy `yearMonth <= init_year/init_month`: in the game's first month a band can be neither
 * founded as a nation (건국, its scenario variants) nor disbanded (해산); the command logs when it
 * can, and the turn goes to 인재탐색 instead.
 */
export function inFirstMonth(ctx: CommandContext): boolean {
  return joinYearMonth(ctx.year, ctx.month) <= joinYearMonth(ctx.world.env.startyear, 1);
}

export const TALENT_SEARCH_INSTEAD: Alternative = { key: 'che_인재탐색', arg: null };

import { GameConst } from './constants';

/** `TechLimit`: a nation's tech level may not pass floor(relYear / 5) + 1 (capped at 12). */
export function techLimited(startyear: number, year: number, tech: number): boolean {
  const level = Math.min(GameConst.maxTechLevel, Math.max(0, Math.floor(tech / 1000)));
  const allowed = Math.min(GameConst.maxTechLevel, Math.max(1, Math.floor((year - startyear) / GameConst.techLevelIncYear) + 1));
  return level >= allowed;
}

export { applyTable, type DomesticTurn, type DomesticVar } from './effects';
export { nationTypeOf, nationTypes, type NationType } from './nation-types';
export { domesticSpecialOf, domesticSpecials, specialDomestic, warSpecialOf, warSpecials, type Special } from './specials';
export { personalityOf, personalities, type Personality } from './personalities';
export { effectiveOfficerLevel, leadershipBonus } from './officer-level';

import { add, byKeyOrLabel, mul, type DomesticTable } from './effects';

export type PersonalStat = 'experience' | 'dedication' | 'bonusTrain' | 'bonusAtmos' | 'addDex' | 'sabotageDefence' | 'injuryProb';

export interface Personality {
  key: string;
  label: string;
  id: string;
  domestic: DomesticTable;
  /** `onCalcStat` (`value × mul + add`) per stat name; absent = identity. */
  stat: Partial<Record<PersonalStat, { mul: number; add: number }>>;
}

const cheaper = { 징병: { cost: mul(0.8) }, 모병: { cost: mul(0.8) } };
const dearer = { 징병: { cost: mul(1.2) }, 모병: { cost: mul(1.2) } };

/** Legacy `ActionPersonality/che_*.php` (hidche_core). */
const PERSONALITIES: readonly Personality[] = [
  { key: 'che_안전', label: '안전', id: 'safety', domestic: cheaper, stat: { bonusAtmos: add(-5) } },
  { key: 'che_유지', label: '유지', id: 'keeping', domestic: cheaper, stat: { bonusTrain: add(-5) } },
  { key: 'che_재간', label: '재간', id: 'talent', domestic: cheaper, stat: { experience: mul(0.9) } },
  { key: 'che_출세', label: '출세', id: 'ambition', domestic: dearer, stat: { experience: mul(1.1) } },
  { key: 'che_패권', label: '패권', id: 'hegemony', domestic: dearer, stat: { bonusTrain: add(5) } },
  { key: 'che_의협', label: '의협', id: 'chivalry', domestic: dearer, stat: { bonusAtmos: add(5) } },
  { key: 'che_정복', label: '정복', id: 'conquest', domestic: {}, stat: { experience: mul(0.9), bonusAtmos: add(5) } },
  { key: 'che_할거', label: '할거', id: 'warlord', domestic: {}, stat: { experience: mul(0.9), bonusTrain: add(5) } },
  { key: 'che_왕좌', label: '왕좌', id: 'throne', domestic: {}, stat: { experience: mul(1.1), bonusAtmos: add(-5) } },
  { key: 'che_대의', label: '대의', id: 'cause', domestic: {}, stat: { experience: mul(1.1), bonusTrain: add(-5) } },
  {
    key: 'che_은둔', label: '은둔', id: 'recluse', domestic: { 단련: { success: add(0.1) } },
    stat: { experience: mul(0.9), dedication: mul(0.9), bonusTrain: add(-5), bonusAtmos: add(-5) },
  },
];

const BY_KEY = byKeyOrLabel(PERSONALITIES);

export function personalityOf(personal: string | null | undefined): Personality | undefined {
  return personal == null ? undefined : BY_KEY.get(personal);
}

export const personalities: readonly Personality[] = PERSONALITIES;

import { domesticCommand } from './domestic';

/** 상업 투자 (§5.1 table). */
export const commerce = domesticCommand({ key: 'che_상업투자', name: '상업 투자', id: 'commerce', stat: 'intel', target: 'comm', debuff: 0.5, trustScaled: true, paidInRice: false });

import { domesticCommand } from './domestic';

/** 주민 선정 (§5.1 table). */
export const goodwill = domesticCommand({ key: 'che_주민선정', name: '주민 선정', id: 'goodwill', stat: 'leadership', target: 'trust', debuff: null, trustScaled: false, paidInRice: true });

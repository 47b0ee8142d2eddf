import { domesticCommand } from './domestic';

/** 정착 장려 (§5.1 table). */
export const settle = domesticCommand({ key: 'che_정착장려', name: '정착 장려', id: 'settle', stat: 'leadership', target: 'pop', debuff: null, trustScaled: false, paidInRice: true });

import { domesticCommand } from './domestic';

/** 수비 강화 (§5.1 table). */
export const fortify = domesticCommand({ key: 'che_수비강화', name: '수비 강화', id: 'fortify', stat: 'strength', target: 'def', debuff: 0.5, trustScaled: true, paidInRice: false });

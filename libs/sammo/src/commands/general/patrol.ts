import { domesticCommand } from './domestic';

/** 치안 강화 (§5.1 table). */
export const patrol = domesticCommand({ key: 'che_치안강화', name: '치안 강화', id: 'patrol', stat: 'strength', target: 'secu', debuff: 1, trustScaled: true, paidInRice: false });

import { domesticCommand } from './domestic';

/** 기술 연구 (§5.1 table). */
export const research = domesticCommand({ key: 'che_기술연구', name: '기술 연구', id: 'research', stat: 'intel', target: 'tech', debuff: null, trustScaled: true, paidInRice: false });

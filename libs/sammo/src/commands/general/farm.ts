import { domesticCommand } from './domestic';

/** 농지 개간 (§5.1 table). */
export const farm = domesticCommand({ key: 'che_농지개간', name: '농지 개간', id: 'farm', stat: 'intel', target: 'agri', debuff: 0.5, trustScaled: true, paidInRice: false });

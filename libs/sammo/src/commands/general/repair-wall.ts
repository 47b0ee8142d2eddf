import { domesticCommand } from './domestic';

/** 성벽 보수 (§5.1 table). */
export const repairWall = domesticCommand({ key: 'che_성벽보수', name: '성벽 보수', id: 'repair-wall', stat: 'strength', target: 'wall', debuff: 0.25, trustScaled: true, paidInRice: false });

import { domesticCommand } from './domestic';

/** The eight domestic commands (§5.1 table): stat, target, front debuff, cost. */
export const farm = domesticCommand({ key: 'che_농지개간', name: '농지 개간', id: 'farm', stat: 'intel', target: 'agri', debuff: 0.5, trustScaled: true, paidInRice: false, label: '농업' });
export const commerce = domesticCommand({ key: 'che_상업투자', name: '상업 투자', id: 'commerce', stat: 'intel', target: 'comm', debuff: 0.5, trustScaled: true, paidInRice: false, label: '상업' });
export const research = domesticCommand({ key: 'che_기술연구', name: '기술 연구', id: 'research', stat: 'intel', target: 'tech', debuff: null, trustScaled: true, paidInRice: false, label: '기술' });
export const fortify = domesticCommand({ key: 'che_수비강화', name: '수비 강화', id: 'fortify', stat: 'strength', target: 'def', debuff: 0.5, trustScaled: true, paidInRice: false, label: '수비' });
export const repairWall = domesticCommand({ key: 'che_성벽보수', name: '성벽 보수', id: 'repair-wall', stat: 'strength', target: 'wall', debuff: 0.25, trustScaled: true, paidInRice: false, label: '성벽' });
export const patrol = domesticCommand({ key: 'che_치안강화', name: '치안 강화', id: 'patrol', stat: 'strength', target: 'secu', debuff: 1, trustScaled: true, paidInRice: false, label: '치안' });
export const settle = domesticCommand({ key: 'che_정착장려', name: '정착 장려', id: 'settle', stat: 'leadership', target: 'pop', debuff: null, trustScaled: false, paidInRice: true, label: '인구' });
export const goodwill = domesticCommand({ key: 'che_주민선정', name: '주민 선정', id: 'goodwill', stat: 'leadership', target: 'trust', debuff: null, trustScaled: false, paidInRice: true, label: '민심' });

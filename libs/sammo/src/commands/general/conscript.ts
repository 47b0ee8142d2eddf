import { GameConst } from '../../world/constants';
import { recruitCommand } from './recruit';

/** 징병: cheap, green soldiers (train/atmos 40). */
export const conscript = recruitCommand({ key: 'che_징병', name: '징병', id: 'conscript', costOffset: 1, base: GameConst.defaultTrainLow });

import { GameConst } from '../../world/constants';
import { recruitCommand } from './recruit';

/** 모병: twice the gold, seasoned soldiers (train/atmos 70). */
export const enlist = recruitCommand({ key: 'che_모병', name: '모병', id: 'enlist', costOffset: 2, base: GameConst.defaultTrainHigh });

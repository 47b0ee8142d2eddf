import { smallWorld } from '../testing/small-world';
import { chronicle, HISTORY_CAPACITY, log, LOG_CAPACITY, writingMove } from './logbook';

describe('logs', () => {
  it('stay bounded, keep the newest entries in order, and date them', () => {
    const world = smallWorld();
    writingMove(world, 7);
    for (let i = 0; i < LOG_CAPACITY * 2; i++) log(world, 'general', 1, `line ${i}`);
    expect(world.logs.length).toBeLessThanOrEqual(LOG_CAPACITY * 1.25);
    expect(world.logs.at(-1)).toEqual({ year: 190, month: 1, scope: 'general', subject: 1, text: `line ${LOG_CAPACITY * 2 - 1}`, move: 7 });
    for (let i = 0; i < HISTORY_CAPACITY * 3; i++) chronicle(world, `event ${i}`);
    expect(world.history.length).toBeLessThanOrEqual(HISTORY_CAPACITY * 1.25);
    expect(world.history.at(-1)!.text).toBe(`event ${HISTORY_CAPACITY * 3 - 1}`);
  });
});

import { clockOptions, firstChapter } from '@chronicle/engine';
import { DueIndex, type ScheduledTable } from './due-index';

const OPENED = 1_000_000;
/** Ten game minutes per wall second, from game time 0. */
const FAST = clockOptions({ openedAt: OPENED, gameStart: 0, speed: 600, minTickInterval: 0 });
const MINUTE = 60_000;
const RETICK = { firstMs: 5_000, maxMs: 20_000, limit: 4 };

describe('DueIndex', () => {
  it('ticks a new table at once, then at the wall time its next game due time comes', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', FAST, OPENED);
    expect(index.due(OPENED)).toEqual([{ tableId: 't', dueAt: 0, retick: 0, lateMs: 0 }]);
    index.moved('t', 1, 10 * MINUTE, OPENED + 20);
    expect(index.nextWakeAt(OPENED + 20)).toBe(OPENED + 1_000);
    expect(index.due(OPENED + 999)).toEqual([]);
    expect(index.due(OPENED + 1_030)).toEqual([{ tableId: 't', dueAt: 10 * MINUTE, retick: 0, lateMs: 30 }]);
  });

  it('ticks no paused table, and ticks a resumed one at once, even after its re-ticks gave up; the later decision wins a merge', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', FAST, OPENED);
    index.due(OPENED);
    index.held('t', { paused: true, at: OPENED + 10, by: 'ops', reason: 'investigating' }, OPENED + 10);
    expect(index.scheduled).toBe(0);
    expect(index.nextWakeAt(OPENED + 10)).toBeNull();
    expect(index.due(OPENED + 600_000)).toEqual([]);
    index.held('t', { paused: false, at: OPENED + 600_000, by: 'ops', reason: 'done' }, OPENED + 600_000);
    expect(index.due(OPENED + 600_001)).toEqual([{ tableId: 't', dueAt: 0, retick: 0, lateMs: 600_001 }]);

    const other = new DueIndex(RETICK);
    other.opened('t', FAST, OPENED);
    other.held('t', { paused: false, at: OPENED + 600_000, by: 'ops', reason: 'done' }, OPENED);
    other.merge({ ...index.get('t')!, hold: { paused: true, at: OPENED + 10, by: 'ops', reason: 'investigating' } });
    expect(other.get('t')!.hold).toMatchObject({ paused: false });
    other.merge({ ...index.get('t')!, hold: { paused: true, at: OPENED + 700_000, by: 'ops', reason: 'again' } });
    expect(other.get('t')!.hold).toMatchObject({ paused: true, reason: 'again' });
  });

  it("keeps a world paused into its next chapter, which the scheduler opens as the paused one closes", () => {
    const index = new DueIndex(RETICK);
    index.opened('w-c1', { ...FAST, ...firstChapter('w') }, OPENED);
    index.held('w-c1', { paused: true, at: OPENED + 10, by: 'ops', reason: 'investigating' }, OPENED + 10);
    const next = { ...FAST, chapter: { world: 'w', number: 2, previous: { tableId: 'w-c1', commitment: '0'.repeat(64), revision: 3, stateHash: '1'.repeat(64) }, opening: null } };
    index.opened('w-c2', next, OPENED + 20);
    expect(index.get('w-c2')!.hold).toMatchObject({ paused: true, reason: 'investigating' });
    expect(index.due(OPENED + 600_000)).toEqual([]);
  });

  it('ticks each due time once while the table moves', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', FAST, OPENED);
    index.due(OPENED);
    index.moved('t', 1, 10 * MINUTE, OPENED + 10);
    expect(index.due(OPENED + 1_000)).toHaveLength(1);
    expect(index.due(OPENED + 1_100)).toEqual([]);
    index.moved('t', 2, 20 * MINUTE, OPENED + 1_200);
    expect(index.due(OPENED + 1_300)).toEqual([]);
    expect(index.due(OPENED + 2_000)).toEqual([{ tableId: 't', dueAt: 20 * MINUTE, retick: 0, lateMs: 0 }]);
  });

  it('ticks again after the re-tick delay when a tick brought no move', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', FAST, OPENED);
    index.due(OPENED);
    expect(index.due(OPENED + 4_999)).toEqual([]);
    expect(index.due(OPENED + 5_000)).toEqual([{ tableId: 't', dueAt: 0, retick: 1, lateMs: 0 }]);
    expect(index.due(OPENED + 14_999)).toEqual([]);
    expect(index.due(OPENED + 15_000)).toEqual([expect.objectContaining({ retick: 2 })]);
    index.moved('t', 1, null, OPENED + 15_100);
    expect(index.due(OPENED + 60_000)).toEqual([]);
  });

  it('waits twice as long before each re-tick, up to a bound, and leaves a table alone after the last', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', FAST, OPENED);
    index.due(OPENED);
    const sent: number[] = [];
    for (let now = OPENED; now <= OPENED + 200_000; now += 100) if (index.due(now).length > 0) sent.push(now - OPENED);
    expect(sent).toEqual([5_000, 15_000, 35_000, 55_000]);
    expect(index.stalled).toBe(1);
    index.moved('t', 1, 10 * MINUTE, OPENED + 200_000);
    expect(index.stalled).toBe(0);
    expect(index.due(OPENED + 200_000)).toHaveLength(1);
  });

  it('sends no ticks to finished, frozen or quarantined tables', () => {
    const index = new DueIndex(RETICK);
    for (const [id, stop] of [['a', 'finished'], ['c', 'quarantined']] as const) {
      index.opened(id, FAST, OPENED);
      index.stopped(id, stop, OPENED, OPENED);
    }
    index.opened('frozen', FAST, OPENED);
    index.moved('frozen', 1, null, OPENED);
    expect(index.due(OPENED + 100_000)).toEqual([]);
    expect(index.scheduled).toBe(1);
  });

  it('ticks a table again at once when its quarantine is lifted, and not for a quarantine older than the lift', () => {
    const index = new DueIndex(RETICK);
    index.opened('q', FAST, OPENED);
    index.moved('q', 1, 10 * MINUTE, OPENED);
    index.stopped('q', 'quarantined', OPENED + 1_000, OPENED + 1_000);
    expect(index.due(OPENED + 100_000)).toEqual([]);
    index.released('q', OPENED + 200_000, OPENED + 200_000);
    expect(index.due(OPENED + 200_000)).toEqual([expect.objectContaining({ tableId: 'q', retick: 0 })]);
    // A redelivered notice of the old quarantine does not stop it again; a new one does.
    index.stopped('q', 'quarantined', OPENED + 1_000, OPENED + 300_000);
    expect(index.get('q')).toMatchObject({ stop: null, releasedAt: OPENED + 200_000 });
    index.stopped('q', 'quarantined', OPENED + 400_000, OPENED + 400_000);
    expect(index.get('q')!.stop).toBe('quarantined');
    // A finished table stays finished whatever comes after.
    index.opened('f', FAST, OPENED);
    index.stopped('f', 'finished', OPENED, OPENED);
    index.released('f', OPENED + 1, OPENED + 1);
    expect(index.get('f')!.stop).toBe('finished');
  });

  it("keeps a lift across replicas: another replica's older copy of the quarantine does not undo it", () => {
    const index = new DueIndex(RETICK);
    index.opened('q', FAST, OPENED);
    index.stopped('q', 'quarantined', OPENED + 1_000, OPENED + 1_000);
    const quarantined = { ...index.get('q')! };
    index.released('q', OPENED + 5_000, OPENED + 5_000);
    index.merge(quarantined);
    expect(index.get('q')!.stop).toBeNull();
    // And a replica that only heard of the quarantine takes the lift from the bucket.
    const other = new DueIndex(RETICK);
    other.merge(quarantined);
    expect(other.get('q')!.stop).toBe('quarantined');
    other.merge({ ...index.get('q')! });
    expect(other.get('q')!.stop).toBeNull();
  });

  it('waits for the opened event to know a table clock', () => {
    const index = new DueIndex(RETICK);
    index.moved('t', 1, 10 * MINUTE, OPENED);
    expect(index.due(OPENED + 100_000)).toEqual([]);
    index.opened('t', FAST, OPENED + 100_000);
    expect(index.due(OPENED + 100_000)).toEqual([expect.objectContaining({ dueAt: 10 * MINUTE })]);
  });

  it('ignores a move event older than what it knows', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', FAST, OPENED);
    index.moved('t', 3, 30 * MINUTE, OPENED);
    index.moved('t', 2, 20 * MINUTE, OPENED);
    expect(index.get('t')).toMatchObject({ seq: 3, dueAt: 30 * MINUTE });
  });

  it('coalesces ticks to the table minimum interval', () => {
    const index = new DueIndex({ ...RETICK, firstMs: 60_000 });
    index.opened('t', clockOptions({ openedAt: OPENED, gameStart: 0, speed: 600, minTickInterval: 30 * MINUTE }), OPENED);
    index.due(OPENED);
    index.moved('t', 1, 10 * MINUTE, OPENED + 10);
    expect(index.due(OPENED + 1_000)).toEqual([]);
    expect(index.due(OPENED + 3_000)).toEqual([{ tableId: 't', dueAt: 10 * MINUTE, retick: 0, lateMs: 0 }]);
  });

  it('coalesces to the turn length a move set (an operator halved the turn term), in this replica and in one that merges it', () => {
    const index = new DueIndex({ ...RETICK, firstMs: 60_000 });
    // Opened at 60-minute turns, one tick a turn: ten game minutes are a wall second.
    index.opened('t', clockOptions({ openedAt: OPENED, gameStart: 0, speed: 600, minTickInterval: 60 * MINUTE }), OPENED);
    index.due(OPENED);
    index.moved('t', 1, 10 * MINUTE, OPENED + 10, 30 * MINUTE);
    expect(index.nextWakeAt(OPENED + 10)).toBe(OPENED + 3_000);
    expect(index.due(OPENED + 3_000)).toEqual([{ tableId: 't', dueAt: 10 * MINUTE, retick: 0, lateMs: 0 }]);
    expect(index.clockOf('t')).toMatchObject({ minTickInterval: 30 * MINUTE });
    // A replica that took a later entry first still learns the change, and a merge carries it.
    const other = new DueIndex(RETICK);
    other.opened('t', clockOptions({ openedAt: OPENED, gameStart: 0, speed: 600, minTickInterval: 60 * MINUTE }), OPENED);
    other.moved('t', 2, 40 * MINUTE, OPENED);
    other.moved('t', 1, 10 * MINUTE, OPENED, 30 * MINUTE);
    const copy = new DueIndex(RETICK);
    for (const stored of JSON.parse(JSON.stringify(other.takeChanged())) as ScheduledTable[]) copy.merge(stored);
    expect(copy.clockOf('t')).toMatchObject({ minTickInterval: 30 * MINUTE });
    // A table that ticks at every due time keeps doing so.
    index.opened('u', FAST, OPENED);
    index.moved('u', 1, 10 * MINUTE, OPENED, 30 * MINUTE);
    expect(index.clockOf('u')).toMatchObject({ minTickInterval: 0 });
  });

  it('runs in real time for a table without a clock option', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', {}, OPENED);
    index.due(OPENED);
    index.moved('t', 1, OPENED + 3_600_000, OPENED);
    expect(index.nextWakeAt(OPENED)).toBe(OPENED + 3_600_000);
  });

  it('comes back from what it wrote', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', FAST, OPENED);
    index.moved('t', 1, 10 * MINUTE, OPENED);
    const copy = new DueIndex(RETICK);
    for (const stored of JSON.parse(JSON.stringify(index.takeChanged())) as ScheduledTable[]) copy.merge(stored);
    expect(copy.due(OPENED + 1_000)).toEqual(index.due(OPENED + 1_000));
    expect(index.takeChanged().map((e) => e.tableId)).toEqual(['t']);
  });

  it('never goes back to an older copy of an entry', () => {
    const index = new DueIndex(RETICK);
    index.opened('t', FAST, OPENED);
    index.moved('t', 1, 10 * MINUTE, OPENED);
    const older = JSON.parse(JSON.stringify(index.get('t'))) as ScheduledTable;
    index.moved('t', 2, 20 * MINUTE, OPENED);
    index.merge(older);
    expect(index.get('t')).toMatchObject({ seq: 2, dueAt: 20 * MINUTE });
    index.merge({ ...older, seq: 5, dueAt: 50 * MINUTE, stop: 'finished' });
    expect(index.get('t')).toMatchObject({ seq: 5, dueAt: 50 * MINUTE, stop: 'finished' });
  });
});

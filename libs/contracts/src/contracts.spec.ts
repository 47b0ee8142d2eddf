import { ConcurrentMove, GameInProgress, IllegalMove } from '@chronicle/engine';
import {
  AppendMoveV1, BadRequest, EventSubjects, InternalError, MoveEventV1, OpenTableV1, Subjects, toErrorBody, unwrapReply,
  validate,
} from './index';

const goodAppend = { v: 1, tableId: 't-1', seat: 'ann', payload: { cell: 4 }, expectedRevision: 0, idempotencyKey: 'k1' };

describe('validate', () => {
  it('returns the typed value of a valid request', () => {
    const result = validate(AppendMoveV1, goodAppend);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toBeInstanceOf(AppendMoveV1);
  });

  it('lists every reason with the field it concerns', () => {
    const result = validate(AppendMoveV1, { ...goodAppend, tableId: 'a.b', expectedRevision: -1, extra: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reasons.join('\n')).toMatch(/tableId/);
      expect(result.reasons.join('\n')).toMatch(/expectedRevision/);
      expect(result.reasons.join('\n')).toMatch(/extra/);
    }
  });

  it('refuses non-objects, wrong versions and non-JSON payloads', () => {
    expect(validate(AppendMoveV1, null).ok).toBe(false);
    expect(validate(AppendMoveV1, [goodAppend]).ok).toBe(false);
    expect(validate(AppendMoveV1, { ...goodAppend, v: 2 }).ok).toBe(false);
    expect(validate(AppendMoveV1, { ...goodAppend, payload: undefined }).ok).toBe(false);
    expect(validate(AppendMoveV1, { ...goodAppend, payload: 'x'.repeat(70_000) }).ok).toBe(false);
    expect(validate(OpenTableV1, { v: 1, tableId: 't', gameId: 'g', seats: [] }).ok).toBe(false);
  });

  it('requires the nullable fields of an event to be present', () => {
    const event = {
      v: 1, kind: 'move', tableId: 't', seq: 1, revision: 1, number: 1, seat: null, payload: {}, random: false,
      stateHash: null, nextDueAt: null, recordedAt: new Date().toISOString(),
    };
    expect(validate(MoveEventV1, event).ok).toBe(true);
    const { stateHash: _drop, ...missing } = event;
    expect(validate(MoveEventV1, missing).ok).toBe(false);
  });
});

describe('subjects', () => {
  it('prefixes logical subjects and stream names', () => {
    const s = new Subjects('t_1');
    expect(s.of(EventSubjects.moves('table-9'))).toBe('t_1.moves.table-9');
    expect(s.stream('MOVES')).toBe('t_1_MOVES');
    expect(s.logical('t_1.log.v1.append')).toBe('log.v1.append');
    expect(s.logical('other.log.v1.append')).toBeUndefined();
  });

  it('refuses a prefix or table id that would break subjects', () => {
    expect(() => new Subjects('a.b')).toThrow(/prefix/);
    expect(() => EventSubjects.moves('x.>')).toThrow(/subject token/);
  });
});

describe('error replies', () => {
  it('carry engine errors across the wire as their typed class', () => {
    const body = toErrorBody(new ConcurrentMove('table t is at revision 3'));
    expect(body).toEqual({ code: 'CONCURRENT_MOVE', message: 'table t is at revision 3' });
    expect(() => unwrapReply({ error: body })).toThrow(ConcurrentMove);
    expect(() => unwrapReply({ error: toErrorBody(new GameInProgress('x')) })).toThrow(GameInProgress);
    expect(() => unwrapReply({ error: toErrorBody(new IllegalMove('x')) })).toThrow(IllegalMove);
    expect(() => unwrapReply({ error: toErrorBody(new BadRequest('tableId: bad')) })).toThrow(BadRequest);
  });

  it('hide the text of unknown errors and refuse malformed replies', () => {
    expect(toErrorBody(new Error('password=hunter2'))).toEqual({ code: 'INTERNAL', message: 'internal error: see the service log' });
    expect(() => unwrapReply({ nope: 1 })).toThrow(InternalError);
    expect(unwrapReply({ data: 5 })).toBe(5);
  });
});

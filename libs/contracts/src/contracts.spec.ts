import { ConcurrentMove, GameInProgress, IllegalMove } from '@chronicle/engine';
import {
  AppendMoveV1, BadRequest, EventSubjects, InternalError, IntentOutcomeV1, MoveEventV1, OpenTableV1, Subjects,
  SubmitIntentV1, TickV1, UndoV1, intentOutcomeKey, tickMsgId, toErrorBody, unwrapReply, validate,
} from './index';

const goodAppend = {
  v: 1, tableId: 't-1', seat: 'ann', payload: { cell: 4 }, expectedRevision: 0, idempotencyKey: 'k1', random: false,
};

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

  it('refuses a "__proto__" field rather than taking it as the prototype of the value', () => {
    const raw: unknown = JSON.parse(`{"__proto__":{"v":1},${JSON.stringify(goodAppend).slice(1)}`);
    const result = validate(AppendMoveV1, raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons.join('\n')).toMatch(/__proto__ is a reserved name/);
  });

  it('hands the fields over as sent', () => {
    const result = validate(AppendMoveV1, goodAppend);
    expect(result.ok && result.value.payload).toEqual({ cell: 4 });
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

describe('what executors record', () => {
  it('requires the randomness flag and takes an outcome only in the engine\'s shape', () => {
    const { random: _drop, ...noFlag } = goodAppend;
    expect(validate(AppendMoveV1, noFlag).ok).toBe(false);
    expect(validate(AppendMoveV1, { ...goodAppend, outcome: { winners: ['ann'], result: 'ann reached 30' } }).ok).toBe(true);
    expect(validate(AppendMoveV1, { ...goodAppend, outcome: null }).ok).toBe(true);
    expect(validate(AppendMoveV1, { ...goodAppend, outcome: { winners: 'ann', result: 'x' } }).ok).toBe(false);
    expect(validate(AppendMoveV1, { ...goodAppend, outcome: { winners: [], result: 'draw', extra: 1 } }).ok).toBe(false);
    // A chapter of a longer world ends with an outcome that continues (see the engine's chapters).
    expect(validate(AppendMoveV1, { ...goodAppend, outcome: { winners: [], result: 'the chapter closes', continues: true } }).ok).toBe(true);
    expect(validate(AppendMoveV1, { ...goodAppend, outcome: { winners: [], result: 'the chapter closes', continues: false } }).ok).toBe(false);
  });

  it('requires an undo to name the revision it takes back', () => {
    expect(validate(UndoV1, { v: 1, tableId: 't', seat: null, expectedRevision: 3 }).ok).toBe(true);
    expect(validate(UndoV1, { v: 1, tableId: 't', seat: null }).ok).toBe(false);
  });
});

describe('ticks and intents', () => {
  const intent = { v: 1, tableId: 'w-1', intentKey: 'p1-0001', seat: 'p1', kind: 'move', payload: { type: 'autorun', generalId: 3, months: 2 } };

  it('reads a tick and names it once per table and due time', () => {
    const dueAt = '2026-11-30T12:00:00.000Z';
    expect(validate(TickV1, { v: 1, tableId: 'w-1', dueAt }).ok).toBe(true);
    expect(validate(TickV1, { v: 1, tableId: 'w-1', dueAt: 'soon' }).ok).toBe(false);
    expect(tickMsgId('w-1', dueAt)).toBe(`w-1:${dueAt}`);
  });

  it('refuses intents that could not be keyed or would act as the table', () => {
    expect(validate(SubmitIntentV1, intent).ok).toBe(true);
    expect(validate(SubmitIntentV1, { ...intent, intentKey: 'has.dot' }).ok).toBe(false);
    expect(validate(SubmitIntentV1, { ...intent, seat: null }).ok).toBe(false);
    expect(validate(SubmitIntentV1, { ...intent, waitMs: 60_000 }).ok).toBe(false);
    expect(validate(SubmitIntentV1, { ...intent, payload: 'x'.repeat(70_000) }).ok).toBe(false);
    expect(intentOutcomeKey('w-1', 'p1-0001')).toBe('w-1.p1-0001');
  });

  it('takes an undo only without a payload', () => {
    expect(validate(SubmitIntentV1, { ...intent, kind: 'undo', payload: null }).ok).toBe(true);
    const refused = validate(SubmitIntentV1, { ...intent, kind: 'undo' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reasons.join('\n')).toMatch(/payload must be null for an undo/);
    expect(validate(SubmitIntentV1, { ...intent, kind: 'redo' }).ok).toBe(false);
  });

  it('reads outcomes with their nullable fields present', () => {
    const refused = {
      v: 1, tableId: 'w-1', intentKey: 'k', status: 'refused', revision: null, seq: null, code: 'ILLEGAL_MOVE',
      reason: 'general 3 is not played by p1', decidedAt: new Date().toISOString(),
    };
    expect(validate(IntentOutcomeV1, refused).ok).toBe(true);
    expect(validate(IntentOutcomeV1, { ...refused, status: 'maybe' }).ok).toBe(false);
    const { code: _drop, ...missing } = refused;
    expect(validate(IntentOutcomeV1, missing).ok).toBe(false);
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

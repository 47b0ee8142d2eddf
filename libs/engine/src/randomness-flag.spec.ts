import { Randomness, tableSeed, xoshiroStreams } from './randomness';
import { asJson } from './json';
import { InvalidGame } from './errors';

// Pins what mutation testing found unpinned: which steps count as drawing.
describe('a step counts as drawing', () => {
  const fresh = () => new Randomness(tableSeed('ab'.repeat(32)), 7, xoshiroStreams);

  it('not before anything is asked', () => {
    expect(fresh().drew).toBe(false);
  });

  it('once its own generator draws', () => {
    const r = fresh();
    r.int(1, 6);
    expect(r.drew).toBe(true);
    const f = fresh();
    f.generator();
    expect(f.drew).toBe(false); // a generator not yet called has drawn nothing
  });

  it('as soon as a labelled stream is taken, even before it draws', () => {
    const r = fresh();
    r.stream('monthly', 190, 3);
    expect(r.drew).toBe(true);
  });
});

describe('asJson refuses objects that are not plain data', () => {
  it.each([
    ['a Map', new Map([['a', 1]])],
    ['a Date', new Date(0)],
    ['a Set', new Set([1])],
    ['a class instance', new (class Point { x = 1; })()],
  ])('%s', (_name, value) => {
    expect(() => asJson({ v: value }, 'doc')).toThrow(InvalidGame);
    expect(() => asJson({ v: value }, 'doc')).toThrow(/^doc\.v must be a JSON value, got an object of type /);
  });
});

import { IllegalMove, InvalidGame, GameOver, GameInProgress, ConcurrentMove, UnknownTable, isErrorCode, reviveError, type ErrorCode } from './errors';
import { RandomSource } from './random-source';
import { labelsText, Randomness, stepState, tableSeed, xoshiroStreams } from './randomness';
import { commitmentOf, isSeed, matchesCommitment, seedBytes } from './seed';
import { Xoshiro256StarStar } from './xoshiro';

// Vectors from an independent Python implementation of the README's derivation (BigInt
// xoshiro256**, the documented rejection rules), seed 00 01 … 1f.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const at = (place: number) => new RandomSource(new Xoshiro256StarStar(stepState(tableSeed(SEED), place)));

describe('draws, beyond the README vectors', () => {
  it('int over more than 2^32 values uses the top 53 bits', () => {
    const wide = at(1);
    expect([0, 1, 2].map(() => wide.int(0, 2 ** 40 - 1))).toEqual([374450456747, 338393588805, 520764352937]);
    const signed = at(1);
    expect([0, 1, 2].map(() => signed.int(-(2 ** 50), 2 ** 50))).toEqual([1437905216579, -1091825090344532, 840160478321367]);
  });

  it('int over exactly 2^32 values takes the high word as it is', () => {
    const r = at(1);
    expect([r.int(0, 2 ** 32 - 1), r.int(0, 2 ** 32 - 1)]).toEqual([3598367095, 2685040206]);
  });

  it('int rejects a high word at or above span × ⌊2^32 / span⌋ and draws again', () => {
    // span 3·2^30: the first high word 0xd67ab977 is above the limit 3·2^30 and is skipped.
    const r = at(1);
    expect([0, 1, 2, 3].map(() => r.int(0, 3 * 2 ** 30 - 1))).toEqual([2685040206, 16248138, 2011232470, 1268727000]);
  });

  it('int accepts only a value below the limit: a span equal to the first word rejects it', () => {
    // 0xd67ab977 = 3598367095: with that span the limit is the word itself, so it is drawn again.
    expect(at(1).int(0, 3598367095 - 1)).toBe(2685040206);
    // The same with the top 53 bits of the first output, 7546322751883435.
    expect(at(1).int(0, 7546322751883435 - 1)).toBe(5630937439429701);
  });

  it('int of a single value is that value', () => {
    expect(at(1).int(3, 3)).toBe(3);
  });

  it.each([
    [1.5, 2], [0, Number.NaN], [0, 2 ** 53], [5, 4],
  ])('int(%p, %p) is refused', (min, max) => {
    expect(() => at(1).int(min, max)).toThrow(new IllegalMove(`int(min, max) needs safe integers with min <= max, got ${min}, ${max}`));
  });

  it('int refuses a span of more than 2^53 values, and takes exactly 2^53', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(() => at(1).int(-max, max)).toThrow(new IllegalMove(`int(min, max) spans more than 2^53 values: ${-max}..${max}`));
    expect(at(1).int(0, max)).toBe(at(1).float() * 2 ** 53);
  });

  it('float, shuffle, pick and generator follow the documented draws', () => {
    const floats = at(3);
    expect([0, 1, 2].map(() => floats.float())).toEqual([0.20273936116963898, 0.3293439794591517, 0.44101592738419937]);
    const next = at(3).generator();
    expect([next(), next(), next()]).toEqual([0.20273936116963898, 0.3293439794591517, 0.44101592738419937]);
    const list = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const shuffler = at(2);
    expect(shuffler.shuffle(list)).toEqual([6, 3, 0, 8, 1, 2, 7, 4, 5, 9]);
    // Nine swaps draw nine values, no more: the draws after them are the same in any implementation.
    expect([shuffler.int(1, 6), shuffler.int(1, 6), shuffler.int(1, 6)]).toEqual([2, 5, 5]);
    expect(list).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const picks = at(2);
    expect([0, 1, 2, 3, 4, 5].map(() => picks.pick(['a', 'b', 'c', 'd', 'e']))).toEqual(['e', 'e', 'e', 'e', 'e', 'b']);
    expect(() => at(2).pick([])).toThrow(new IllegalMove('pick() needs a non-empty list'));
  });

  it("a step's Randomness draws from its place's generator, whichever draw comes first", () => {
    const step = (place: number) => new Randomness(tableSeed(SEED), place, xoshiroStreams);
    expect(step(3).float()).toBe(0.20273936116963898);
    expect(step(2).shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([6, 3, 0, 8, 1, 2, 7, 4, 5, 9]);
    expect(step(2).pick(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe(at(2).pick(['a', 'b', 'c', 'd', 'e', 'f', 'g']));
    const generated = step(3);
    const next = generated.generator();
    expect(generated.drew).toBe(false);
    expect([next(), next()]).toEqual([0.20273936116963898, 0.3293439794591517]);
    expect(generated.drew).toBe(true);
  });

  it('stream labels must be strings or safe integers', () => {
    expect(labelsText(['monthly', 190, 3])).toBe('["monthly",190,3]');
    expect(() => labelsText(['monthly', 1.5])).toThrow(new IllegalMove('stream labels must be strings or safe integers, got 1.5'));
    expect(() => new Randomness(tableSeed(SEED), 1, xoshiroStreams).stream('x', 2 ** 53)).toThrow(IllegalMove);
  });

  it('a seed and a commitment are exactly 64 lowercase hex digits', () => {
    const seed = 'ab'.repeat(32);
    expect(isSeed(seed)).toBe(true);
    for (const bad of [`x${seed}`, `${seed}x`, seed.slice(1), [seed], seed.toUpperCase()]) expect(isSeed(bad)).toBe(false);
    const commitment = commitmentOf(seed);
    expect(matchesCommitment(seed, commitment)).toBe(true);
    expect(matchesCommitment(seed, `0${commitment}`)).toBe(false);
    expect(matchesCommitment(seed, `${commitment}0`)).toBe(false);
    expect(matchesCommitment(seed, commitmentOf('cd'.repeat(32)))).toBe(false);
  });

  it('takes any state but the all-zero one, whichever half of which word is set', () => {
    for (const byte of [0, 4, 8, 12, 16, 20, 24, 28]) {
      const state = Buffer.alloc(32);
      state[byte] = 1;
      expect(() => new Xoshiro256StarStar(state)).not.toThrow();
    }
  });

  it('a seed must be 64 lowercase hex digits to be turned into bytes', () => {
    expect(() => seedBytes('AB'.repeat(32))).toThrow(new InvalidGame('a seed must be 64 lowercase hexadecimal digits'));
    expect(() => new Xoshiro256StarStar(Buffer.alloc(31, 1))).toThrow(new InvalidGame('xoshiro256** needs 32 bytes of state, got 31'));
  });
});

describe('typed errors across a process boundary', () => {
  it.each([
    ['INVALID_GAME', InvalidGame], ['ILLEGAL_MOVE', IllegalMove], ['GAME_OVER', GameOver],
    ['GAME_IN_PROGRESS', GameInProgress], ['CONCURRENT_MOVE', ConcurrentMove], ['UNKNOWN_TABLE', UnknownTable],
  ] as const)('%s revives as its own class with its message, name and wire form', (code, type) => {
    const error = reviveError(code as ErrorCode, 'why');
    expect(error).toBeInstanceOf(type);
    expect(error.code).toBe(code);
    expect(error.name).toBe(type.name);
    expect(error.message).toBe('why');
    expect(JSON.parse(JSON.stringify(error))).toEqual({ code, message: 'why' });
    expect(isErrorCode(code)).toBe(true);
  });

  it('knows no other code, not even what every object inherits', () => {
    for (const code of ['toString', 'constructor', 'invalid_game', '', 1, null, ['INVALID_GAME']]) expect(isErrorCode(code)).toBe(false);
  });
});

import { canonicalJson, hashJson, stateHash } from './canonical';
import { diceRace } from './examples';
import { engine } from './engine';
import { GameLog } from './game-log';
import { openLog, race } from './spec-helpers';

describe('canonical JSON and state hashes', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: [2, { z: 1, a: null }], a: 'x' })).toBe('{"a":"x","b":[2,{"a":null,"z":1}]}');
    expect(hashJson({ a: 1, b: 2 })).toBe(hashJson({ b: 2, a: 1 }));
    expect(hashJson([1, 2])).not.toBe(hashJson([2, 1]));
  });

  it('gives a replayed state the hash of the live one, and another seed another hash', () => {
    const seed = 'cd'.repeat(32);
    const log = openLog(diceRace, ['a', 'b'], { finish: 200 }, seed);
    const live = race(diceRace, log, 40);
    const replayed = engine.replay(diceRace, GameLog.fromArray(JSON.parse(JSON.stringify(log.toArray()))));
    expect(stateHash(diceRace, replayed)).toBe(stateHash(diceRace, live));
    const other = race(diceRace, openLog(diceRace, ['a', 'b'], { finish: 200 }, 'ce'.repeat(32)), 40);
    expect(stateHash(diceRace, other)).not.toBe(stateHash(diceRace, live));
  });
});

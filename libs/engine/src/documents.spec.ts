import { documentHash, documentRefs, withDocuments, type DocumentRef } from './documents';
import { engine } from './engine';
import { InvalidGame } from './errors';
import type { Game } from './game';
import { GameLog } from './game-log';
import type { JsonObject } from './json';

/** A game whose setup reads a list of names from `options.roster`, as a scenario would be. */
const rosterGame: Game<{ names: string[] }, null> = {
  id: 'roster',
  version: '1',
  setup: ({ options }) => ({
    phase: 'play', turn: 0, order: { seats: [], acting: null, pending: [] },
    data: { names: (options.roster as { names: string[] }).names },
  }),
  continueChapter: () => undefined,
  check: () => null,
  apply: () => undefined,
  writeData: (data) => data,
  readData: (raw) => raw as { names: string[] },
};

const body = Buffer.from(JSON.stringify({ names: ['유비', '관우', '장비'] }));
const ref: DocumentRef = { sha256: documentHash(body), bytes: body.length };
const named: JsonObject = { documents: { roster: { sha256: ref.sha256, bytes: ref.bytes } } };
const header = (options: JsonObject) => GameLog.open({ tableId: 't1', gameId: 'roster', rulesVersion: '1', seats: ['a'], options }).header();

describe('documents a table names by reference', () => {
  it('attaches the bytes its reference names, and the setup reads them as the option', async () => {
    const fetched: DocumentRef[] = [];
    const options = await withDocuments(named, async (r) => {
      fetched.push(r);
      return body;
    });
    expect(fetched).toEqual([ref]);
    expect(engine.setup(rosterGame, { ...header(named), options }).data.names).toEqual(['유비', '관우', '장비']);
    // Attached once, never fetched again.
    await withDocuments(options, () => Promise.reject(new Error('fetched twice')));
  });

  it('refuses bytes of another hash, and a setup with the document not attached, naming the option', async () => {
    const tampered = Buffer.from(body.toString().replace('장비', '조조'));
    await expect(withDocuments(named, async () => tampered)).rejects.toThrow(InvalidGame);
    await expect(withDocuments(named, async () => tampered)).rejects.toThrow(new RegExp(`not the ${ref.bytes} bytes with SHA-256 ${ref.sha256}`));
    expect(() => engine.setup(rosterGame, header(named))).toThrow(/names options\.roster by reference .* attached before the table is set up/);
  });

  it('refuses a malformed reference, naming the field', () => {
    expect(() => documentRefs({ documents: { roster: { sha256: 'ABC', bytes: 1 } } })).toThrow(/options\.documents\.roster\.sha256 must be 64 lowercase hex digits/);
    expect(() => documentRefs({ documents: { roster: { sha256: ref.sha256, bytes: 0 } } })).toThrow(/options\.documents\.roster\.bytes must be between 1/);
  });

  it('fetches nothing for a later chapter, which starts from the previous final state', async () => {
    const link = { tableId: 'w-c1', commitment: 'c'.repeat(64), revision: 3, stateHash: 'd'.repeat(64) };
    const later: JsonObject = { ...named, chapter: { world: 'w', number: 2, previous: link, opening: null } };
    expect(await withDocuments(later, () => Promise.reject(new Error('fetched')))).toBe(later);
  });
});

import { decodeSnapshot, ServiceUnavailable, ViewSubjects, type ViewV1 } from '@chronicle/contracts';
import { InvalidGame, readChapter, withOpening, type JsonObject, type StateView } from '@chronicle/engine';
import type { RequestClient } from './request-client';

/**
 * A table's options ready for its setup. A later chapter of a world names its opening state
 * (the previous chapter's final state) without carrying it; this attaches it from the
 * snapshot service, which the scheduler waited for before it opened the chapter. Any other
 * table's options come back as they are. The setup checks the attached state against the
 * chapter's link (final revision and state hash), so a wrong snapshot cannot start a chapter.
 * The previous chapter is finished, so wholly public: anyone may attach it (`views.v1.state`
 * with `whole`), a player's CLI as well as an executor.
 */
export async function withChapterOpening(requests: RequestClient, options: Readonly<JsonObject>, waitMs: number): Promise<Readonly<JsonObject>> {
  const chapter = readChapter(options);
  if (!chapter?.previous || chapter.opening !== null) return options;
  const { tableId, commitment, revision } = chapter.previous;
  const reply = await requests.request<ViewV1>(ViewSubjects.state, { v: 1, tableId, whole: true, minRevision: revision, waitMs }, waitMs + 10_000);
  if (reply.revision < revision) {
    throw new ServiceUnavailable(`the snapshot service holds table ${tableId} at revision ${reply.revision}; chapter ${chapter.number} of world ${chapter.world} starts from its revision ${revision}: retry later`);
  }
  if (reply.commitment !== commitment || reply.revision !== revision) {
    throw new InvalidGame(`chapter ${chapter.number} of world ${chapter.world} starts from table ${tableId} with commitment ${commitment} at revision ${revision}; the snapshot service holds commitment ${reply.commitment} at revision ${reply.revision}`);
  }
  const { visibility: _visibility, seat: _seat, ...state } = decodeSnapshot(reply.view) as StateView;
  return withOpening(options, state as unknown as JsonObject);
}

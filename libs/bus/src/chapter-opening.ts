import { decodeSnapshot, ServiceUnavailable, ViewSubjects, type ViewV1 } from '@chronicle/contracts';
import { InvalidGame, readChapter, withOpening, type Chapter, type ChapterLink, type JsonObject, type StateView } from '@chronicle/engine';
import type { RequestClient } from './request-client';

/**
 * Where a later chapter's opening comes from: the final state (`stateToArray`) of the table
 * its link names. The setup checks it against the link (final revision and state hash), so a
 * wrong one cannot start a chapter.
 */
export type ChapterOpenings = (link: ChapterLink, chapter: Chapter) => Promise<Readonly<JsonObject>>;

/**
 * A table's options ready for its setup. A later chapter of a world names its opening state
 * (the previous chapter's final state) without carrying it; this attaches it from `openings`.
 * Any other table's options, and a chapter's that carry their opening, come back as they are.
 */
export async function withChapterOpening(options: Readonly<JsonObject>, openings: ChapterOpenings): Promise<Readonly<JsonObject>> {
  const chapter = readChapter(options);
  if (!chapter?.previous || chapter.opening !== null) return options;
  return withOpening(options, await openings(chapter.previous, chapter));
}

/**
 * Openings from the snapshot service, which the scheduler waited for before it opened the
 * chapter (`views.v1.state` with `whole` at the previous chapter's final revision, waiting up
 * to `waitMs`; `ServiceUnavailable` while it is behind). The previous chapter is finished, so
 * wholly public: anyone may ask, a player's CLI as well as an executor.
 */
export function openingsFromSnapshots(requests: RequestClient, waitMs: number): ChapterOpenings {
  return async ({ tableId, commitment, revision }, chapter) => {
    const reply = await requests.request<ViewV1>(ViewSubjects.state, { v: 1, tableId, whole: true, minRevision: revision, waitMs }, waitMs + 10_000);
    if (reply.revision < revision) {
      throw new ServiceUnavailable(`the snapshot service holds table ${tableId} at revision ${reply.revision}; chapter ${chapter.number} of world ${chapter.world} starts from its revision ${revision}: retry later`);
    }
    if (reply.commitment !== commitment || reply.revision !== revision) {
      throw new InvalidGame(`chapter ${chapter.number} of world ${chapter.world} starts from table ${tableId} with commitment ${commitment} at revision ${revision}; the snapshot service holds commitment ${reply.commitment} at revision ${reply.revision}`);
    }
    const { visibility: _visibility, seat: _seat, ...state } = decodeSnapshot(reply.view) as StateView;
    return state as unknown as JsonObject;
  };
}

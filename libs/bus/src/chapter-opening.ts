import { decodeSnapshot, ServiceUnavailable, SnapshotSubjects, type SnapshotV1 } from '@chronicle/contracts';
import { readChapter, Snapshot, withOpening, type JsonObject } from '@chronicle/engine';
import type { RequestClient } from './request-client';

/**
 * A table's options ready for its setup. A later chapter of a world names its opening state
 * (the previous chapter's final state) without carrying it; this attaches it from the
 * snapshot service, which the scheduler waited for before it opened the chapter. Any other
 * table's options come back as they are. The setup checks the attached state against the
 * chapter's link (final revision and state hash), so a wrong snapshot cannot start a chapter.
 */
export async function withChapterOpening(requests: RequestClient, options: Readonly<JsonObject>, waitMs: number): Promise<Readonly<JsonObject>> {
  const chapter = readChapter(options);
  if (!chapter?.previous || chapter.opening !== null) return options;
  const { tableId, commitment, revision } = chapter.previous;
  const reply = await requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision: revision, waitMs }, waitMs + 10_000);
  if (reply.revision < revision) {
    throw new ServiceUnavailable(`the snapshot service holds table ${tableId} at revision ${reply.revision}; chapter ${chapter.number} of world ${chapter.world} starts from its revision ${revision}: retry later`);
  }
  return withOpening(options, Snapshot.fromArray(decodeSnapshot(reply.snapshot), { tableId, commitment, revision }).state);
}

import type { JsonObject } from '@chronicle/engine';
import { withStoredDocuments } from './documents';
import type { RequestClient } from './request-client';
import {
  BadRequest, LogSubjects, TrustedSubjects, unsealSeed, type HeaderV1, type MovesPageV1, type SealedSeedV1,
} from '@chronicle/contracts';

const PAGE = 2_000;

/** The log service as the snapshot service reads it: headers, the sealed seed, and pages of moves. */
export class LogSource {
  constructor(
    private readonly client: RequestClient,
    private readonly seedKey: Buffer,
  ) {}

  header(tableId: string): Promise<HeaderV1> {
    return this.client.request<HeaderV1>(LogSubjects.header, { v: 1, tableId });
  }

  /** A table's options with the documents they name attached, for its setup (`log.v1.document`). */
  withDocuments(options: Readonly<JsonObject>): Promise<Readonly<JsonObject>> {
    return withStoredDocuments(this.client, options);
  }

  /** The table's seed: it crosses the bus sealed, and is opened only here, in memory. */
  async seed(tableId: string): Promise<string> {
    const reply = await this.client.request<SealedSeedV1>(TrustedSubjects.sealedSeed, { v: 1, tableId });
    return unsealSeed(this.seedKey, tableId, reply.sealedSeed);
  }

  /** The current game log's moves numbered above `fromRevision`, page by page, each page a consistent read. */
  async *pages(tableId: string, fromRevision: number): AsyncGenerator<MovesPageV1> {
    let from = fromRevision;
    let limit = PAGE;
    for (;;) {
      let page: MovesPageV1;
      try {
        page = await this.client.request<MovesPageV1>(LogSubjects.read, { v: 1, tableId, fromRevision: from, limit });
      } catch (error) {
        // Large moves can make a page bigger than a NATS message: ask for fewer.
        if (error instanceof BadRequest && limit > 1 && /could not be sent/.test(error.message)) {
          limit = Math.ceil(limit / 2);
          continue;
        }
        throw error;
      }
      yield page;
      const last = page.moves.at(-1);
      if (!last || last.number >= page.revision) return;
      from = last.number;
    }
  }
}

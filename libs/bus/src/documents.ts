import { DOCUMENT_CHUNK_BYTES, InternalError, LogSubjects, type DocumentChunkV1, type DocumentStoredV1 } from '@chronicle/contracts';
import { documentHash, withDocuments, type DocumentRef, type JsonObject } from '@chronicle/engine';
import type { RequestClient } from './request-client';

/**
 * Sends a document to the log service chunk by chunk (`log.v1.put-document`) and returns the
 * reference a table's options name it by (`options.documents`); one stored already is not
 * sent again.
 */
export async function sendDocument(requests: RequestClient, body: Uint8Array): Promise<DocumentRef> {
  const ref: DocumentRef = { sha256: documentHash(body), bytes: body.byteLength };
  const chunks = Math.ceil(ref.bytes / DOCUMENT_CHUNK_BYTES);
  for (let index = 0; index < chunks; index++) {
    const data = Buffer.from(body.subarray(index * DOCUMENT_CHUNK_BYTES, (index + 1) * DOCUMENT_CHUNK_BYTES)).toString('base64');
    const reply = await requests.request<DocumentStoredV1>(LogSubjects.putDocument, { v: 1, ...ref, index, data });
    if (reply.stored) return ref;
  }
  throw new InternalError(`the log service kept all ${chunks} chunks of the document ${ref.sha256} without storing it; send it again`);
}

/** A stored document's bytes, chunk by chunk (`log.v1.document`); `withDocuments` checks them against the reference. */
export async function fetchDocument(requests: RequestClient, ref: DocumentRef): Promise<Buffer> {
  const parts: Buffer[] = [];
  let chunks = 1;
  for (let index = 0; index < chunks; index++) {
    const reply = await requests.request<DocumentChunkV1>(LogSubjects.document, { v: 1, sha256: ref.sha256, index });
    chunks = reply.chunks;
    parts.push(Buffer.from(reply.data, 'base64'));
  }
  return Buffer.concat(parts);
}

/** `options` with the documents it names attached (fetched from the log service), for a table's setup. */
export function withStoredDocuments(requests: RequestClient, options: Readonly<JsonObject>): Promise<Readonly<JsonObject>> {
  return withDocuments(options, (ref) => fetchDocument(requests, ref));
}

import { createHash } from 'node:crypto';
import { readChapter } from './chapters';
import { InvalidGame } from './errors';
import { asInteger, asJson, asObject, asString, type Json, type JsonObject } from './json';

/**
 * Options a table names by reference: data too large for a header (a strategy scenario of
 * any size) is stored once, by the SHA-256 of its bytes, and the header's options say
 * `documents: { <option>: { sha256, bytes } }` instead of carrying it. The reference is part
 * of the header, so whoever replays or verifies the table asks for the same bytes; the
 * setup gets them attached (`withDocuments`), checked against the reference first, as the
 * option's JSON value. Later chapters of a world start from the previous final state and
 * never need them.
 */
export interface DocumentRef {
  /** SHA-256 of the document's bytes, 64 lowercase hex digits. */
  readonly sha256: string;
  readonly bytes: number;
}

/** The largest document a table may name: its setup holds it whole in memory. */
export const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;
export const DOCUMENTS_KEY = 'documents';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The documents `options` names, by option (none: an empty object); a malformed reference is `InvalidGame`. */
export function documentRefs(options: Readonly<JsonObject>): Record<string, DocumentRef> {
  if (options[DOCUMENTS_KEY] === undefined) return {};
  const refs: Record<string, DocumentRef> = {};
  for (const [option, raw] of Object.entries(asObject(options[DOCUMENTS_KEY], 'options.documents'))) {
    const path = `options.documents.${option}`;
    const ref = asObject(raw, path);
    const sha256 = asString(ref.sha256, `${path}.sha256`);
    if (!SHA256_HEX.test(sha256)) throw new InvalidGame(`${path}.sha256 must be 64 lowercase hex digits (the SHA-256 of the document)`);
    refs[option] = { sha256, bytes: asInteger(ref.bytes, `${path}.bytes`, 1, MAX_DOCUMENT_BYTES) };
  }
  return refs;
}

/** SHA-256 of a document's bytes, as its reference names it. */
export function documentHash(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/**
 * `options` with each referenced document attached as its option's value, parsed from the
 * bytes `fetch` returns for its reference: bytes of another length or hash, or not JSON,
 * are `InvalidGame` (whoever stored or served them is wrong; the table's header is not).
 * A later chapter keeps its world's references but starts from a state: nothing to fetch.
 */
export async function withDocuments(options: Readonly<JsonObject>, fetch: (ref: DocumentRef) => Promise<Uint8Array>): Promise<Readonly<JsonObject>> {
  if (readChapter(options)?.previous) return options;
  const refs = Object.entries(documentRefs(options)).filter(([option]) => options[option] === undefined);
  if (refs.length === 0) return options;
  const attached: JsonObject = { ...options };
  for (const [option, ref] of refs) attached[option] = readDocument(option, ref, await fetch(ref));
  return attached;
}

/** A document's bytes as the JSON value of its option, once they match the reference. */
export function readDocument(option: string, ref: DocumentRef, body: Uint8Array): Json {
  if (body.byteLength !== ref.bytes || documentHash(body) !== ref.sha256) {
    throw new InvalidGame(`the document of options.${option} is ${body.byteLength} bytes with SHA-256 ${documentHash(body)}, not the ${ref.bytes} bytes with SHA-256 ${ref.sha256} the table names`);
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch (error) {
    throw new InvalidGame(`the document of options.${option} (SHA-256 ${ref.sha256}) is not UTF-8 JSON: ${(error as Error).message}`);
  }
  return asJson(value, `options.${option}`);
}

/** Refuses a first chapter set up with a document it names but nobody attached. */
export function checkDocumentsAttached(tableId: string, options: Readonly<JsonObject>): void {
  for (const [option, ref] of Object.entries(documentRefs(options))) {
    if (options[option] === undefined) {
      throw new InvalidGame(`table ${tableId} names options.${option} by reference (SHA-256 ${ref.sha256}, ${ref.bytes} bytes); it must be fetched from the log service and attached before the table is set up`);
    }
  }
}

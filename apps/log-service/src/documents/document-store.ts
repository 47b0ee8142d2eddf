import { BadRequest, DOCUMENT_CHUNK_BYTES, type DocumentChunkV1, type DocumentStoredV1 } from '@chronicle/contracts';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * Documents that tables name by reference (`options.documents`: the engine's `documentRefs`),
 * in PostgreSQL by the SHA-256 of their bytes. They come and go in chunks of
 * `DOCUMENT_CHUNK_BYTES` (one NATS message each); a document is served only once every
 * chunk came and the whole hashes to its name. Stored documents never change: the name is
 * the content.
 */
export class DocumentStore {
  constructor(private readonly db: DataSource) {}

  /** Keeps chunk `index` of a document; stores the document once its last missing chunk came. */
  async put(sha256: string, bytes: number, index: number, data: Buffer): Promise<DocumentStoredV1> {
    const chunks = chunkCount(bytes);
    if (index >= chunks) throw new BadRequest(`index ${index} is past the last chunk (${chunks - 1}) of a document of ${bytes} bytes`);
    const size = chunkSize(bytes, index);
    if (data.length !== size) {
      throw new BadRequest(`data: chunk ${index} of a document of ${bytes} bytes has ${size} bytes, not ${data.length}: send chunks of ${DOCUMENT_CHUNK_BYTES} bytes, the last one shorter`);
    }
    const known = await this.stored(sha256);
    if (known) {
      if (known.bytes !== bytes) throw new BadRequest(`bytes: the document with SHA-256 ${sha256} has ${known.bytes} bytes, not ${bytes}`);
      return { sha256, bytes, stored: true };
    }
    // The last write of a chunk wins, so a retry after a mistaken one mends it.
    await this.db.query(
      'INSERT INTO document_chunks (sha256, index, data) VALUES ($1, $2, $3) ON CONFLICT (sha256, index) DO UPDATE SET data = EXCLUDED.data',
      [sha256, index, data]);
    const sizes: Array<{ index: number; size: number }> = await this.db.query(
      'SELECT index, length(data) AS size FROM document_chunks WHERE sha256 = $1 AND index < $2', [sha256, chunks]);
    if (sizes.length < chunks || sizes.some((c) => c.size !== chunkSize(bytes, c.index))) return { sha256, bytes, stored: false };
    const hash = createHash('sha256');
    for (let i = 0; i < chunks; i++) hash.update(await this.chunkData(sha256, i));
    const actual = hash.digest('hex');
    if (actual !== sha256) {
      await this.db.query('DELETE FROM document_chunks WHERE sha256 = $1', [sha256]);
      throw new BadRequest(`sha256: the ${bytes} bytes sent hash to ${actual}, not ${sha256}; nothing was kept: send the document again`);
    }
    await this.db.query(
      'INSERT INTO documents (sha256, bytes, chunks, stored_at) VALUES ($1, $2, $3, now()) ON CONFLICT (sha256) DO NOTHING', [sha256, bytes, chunks]);
    return { sha256, bytes, stored: true };
  }

  /** Chunk `index` of a stored document. */
  async chunk(sha256: string, index: number): Promise<DocumentChunkV1> {
    const known = await this.stored(sha256);
    if (!known) throw missing(sha256);
    if (index >= known.chunks) throw new BadRequest(`index: the document with SHA-256 ${sha256} has chunks 0 to ${known.chunks - 1}, not ${index}`);
    return { sha256, bytes: known.bytes, index, chunks: known.chunks, data: (await this.chunkData(sha256, index)).toString('base64') };
  }

  /** A stored document's bytes, whole (the log service's own check of a new table's options). */
  async load(sha256: string): Promise<Buffer> {
    const known = await this.stored(sha256);
    if (!known) throw missing(sha256);
    const parts: Buffer[] = [];
    for (let i = 0; i < known.chunks; i++) parts.push(await this.chunkData(sha256, i));
    return Buffer.concat(parts);
  }

  private async stored(sha256: string): Promise<{ bytes: number; chunks: number } | undefined> {
    const rows: Array<{ bytes: string; chunks: number }> = await this.db.query('SELECT bytes, chunks FROM documents WHERE sha256 = $1', [sha256]);
    return rows[0] ? { bytes: Number(rows[0].bytes), chunks: rows[0].chunks } : undefined;
  }

  private async chunkData(sha256: string, index: number): Promise<Buffer> {
    const rows: Array<{ data: Buffer }> = await this.db.query('SELECT data FROM document_chunks WHERE sha256 = $1 AND index = $2', [sha256, index]);
    return rows[0]!.data;
  }
}

function chunkCount(bytes: number): number {
  return Math.ceil(bytes / DOCUMENT_CHUNK_BYTES);
}

function chunkSize(bytes: number, index: number): number {
  return Math.min(DOCUMENT_CHUNK_BYTES, bytes - index * DOCUMENT_CHUNK_BYTES);
}

function missing(sha256: string): BadRequest {
  return new BadRequest(`sha256: no document with SHA-256 ${sha256} is stored here; send it first (chronicle open-world --scenario-file sends the file before opening)`);
}

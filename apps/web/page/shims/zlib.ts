import { Buffer } from 'buffer';
import { gunzipSync as gunzip, gzipSync as gzip } from 'fflate';

/** `node:zlib` as far as the engine uses it: a chapter's opening state is gzipped JSON. */
export function gunzipSync(data: Uint8Array): Buffer {
  return Buffer.from(gunzip(data));
}

export function gzipSync(data: string | Uint8Array): Buffer {
  return Buffer.from(gzip(typeof data === 'string' ? Buffer.from(data, 'utf8') : data));
}

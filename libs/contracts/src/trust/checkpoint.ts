import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { publicKeyHex } from './ed25519';

/**
 * A table's signed checkpoint: the size and root of its entries' Merkle tree (RFC 9162
 * hashing, `@chronicle/engine`'s `MerkleRange`) as a C2SP `tlog-checkpoint` note signed
 * with the log service's Ed25519 key in the C2SP `signed-note` format, so that standard
 * tools read it:
 *
 * ```
 * chronicle/<table>/<commitment>     origin: the table and the commitment of its seed
 * <tree size>                        decimal
 * <root hash>                        base64
 *
 * — <key name> <base64(key hash (4 bytes) || Ed25519 signature (64 bytes))>
 * ```
 *
 * The key hash is the first 4 bytes of SHA-256(key name || "\n" || 0x01 || public key); the
 * signature covers the note's text up to and including the line before the blank line. A
 * checkpoint shows only a size and a hash: nothing of any entry.
 */
export interface Checkpoint {
  readonly origin: string;
  readonly treeSize: number;
  /** Hex SHA-256 root. */
  readonly rootHash: string;
}

/** The key name a log service signs its checkpoints under. */
export const CHECKPOINT_KEY_NAME = 'chronicle-log';

/** A table's origin line: its id and the commitment shown when it opened (a table reopened under the same id is another log). */
export function checkpointOrigin(tableId: string, commitment: string): string {
  return `chronicle/${tableId}/${commitment}`;
}

export function checkpointText(checkpoint: Checkpoint): string {
  return `${checkpoint.origin}\n${checkpoint.treeSize}\n${Buffer.from(checkpoint.rootHash, 'hex').toString('base64')}\n`;
}

function keyHash(name: string, publicKey: Buffer): Buffer {
  return createHash('sha256').update(`${name}\n`, 'utf8').update(Buffer.from([1])).update(publicKey).digest().subarray(0, 4);
}

/** The note, signed with `key` when there is one (a log service without a signing key publishes the text alone). */
export function signCheckpoint(checkpoint: Checkpoint, key: KeyObject | undefined, name = CHECKPOINT_KEY_NAME): string {
  const text = checkpointText(checkpoint);
  if (!key) return text;
  const signature = sign(null, Buffer.from(text, 'utf8'), key);
  const publicKey = Buffer.from(publicKeyHex(key), 'hex');
  return `${text}\n\u2014 ${name} ${Buffer.concat([keyHash(name, publicKey), signature]).toString('base64')}\n`;
}

/** Why a checkpoint was not accepted. */
export class BadCheckpoint extends Error {
  override readonly name = 'BadCheckpoint';
}

/** Reads a checkpoint's text (signed or not); refuses a malformed one with `BadCheckpoint`. */
export function readCheckpoint(note: string): Checkpoint & { signed: boolean } {
  const [text, signatures = ''] = splitNote(note);
  const lines = text.split('\n');
  if (lines.length < 4 || lines[3] !== '') throw new BadCheckpoint('a checkpoint is three lines: origin, tree size, base64 root hash');
  const [origin, size, root] = lines as [string, string, string];
  if (!/^(0|[1-9][0-9]{0,15})$/.test(size)) throw new BadCheckpoint(`a checkpoint's tree size is a decimal number, not "${size.slice(0, 20)}"`);
  const rootBytes = Buffer.from(root, 'base64');
  if (rootBytes.length !== 32 || rootBytes.toString('base64') !== root) throw new BadCheckpoint('a checkpoint\'s root hash is 32 bytes in base64');
  return { origin, treeSize: Number(size), rootHash: rootBytes.toString('hex'), signed: signatures.length > 0 };
}

/**
 * A checkpoint signed by `publicKey` (the log service's, hex) under `name`: its contents,
 * or `BadCheckpoint` when it has no valid signature by that key.
 */
export function openCheckpoint(note: string, publicKey: KeyObject, name = CHECKPOINT_KEY_NAME): Checkpoint {
  const checkpoint = readCheckpoint(note);
  const [text, signatures = ''] = splitNote(note);
  const raw = Buffer.from(publicKey.export({ format: 'der', type: 'spki' })).subarray(-32);
  const id = keyHash(name, raw);
  for (const line of signatures.split('\n')) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const bytes = Buffer.from(match[2]!, 'base64');
    if (bytes.length === 68 && bytes.subarray(0, 4).equals(id) && verify(null, Buffer.from(text, 'utf8'), publicKey, bytes.subarray(4))) {
      const { origin, treeSize, rootHash } = checkpoint;
      return { origin, treeSize, rootHash };
    }
  }
  throw new BadCheckpoint(`the checkpoint of ${checkpoint.origin} at size ${checkpoint.treeSize} has no valid signature by key ${name} ${raw.toString('hex').slice(0, 16)}…`);
}

/** The text (through the newline before the blank line) and the signature lines. */
function splitNote(note: string): [string, string?] {
  const at = note.indexOf('\n\n');
  if (at < 0) return [note];
  return [note.slice(0, at + 1), note.slice(at + 2).replace(/\n$/, '')];
}

/**
 * The checkpoint a table's record carries, checked: it is the table's (its origin names the
 * table and the commitment published at its opening), it says the record's tree size and
 * root, and — given the log service's public key — it is signed by it. `BadCheckpoint` says
 * what does not hold.
 */
export function checkRecordCheckpoint(
  record: { readonly tableId: string; readonly treeSize: number; readonly rootHash: string; readonly checkpoint?: unknown },
  commitment: string, publicKey: KeyObject | undefined,
): Checkpoint {
  if (typeof record.checkpoint !== 'string') throw new BadCheckpoint('the record has no checkpoint');
  const checkpoint = publicKey ? openCheckpoint(record.checkpoint, publicKey) : readCheckpoint(record.checkpoint);
  if (checkpoint.origin !== checkpointOrigin(record.tableId, commitment)) {
    throw new BadCheckpoint(`the checkpoint is of ${checkpoint.origin}, not of table ${record.tableId} under this commitment`);
  }
  if (checkpoint.treeSize !== record.treeSize || checkpoint.rootHash !== record.rootHash) {
    throw new BadCheckpoint(`the checkpoint says ${checkpoint.treeSize} entries with root ${checkpoint.rootHash.slice(0, 16)}…, the record ${record.treeSize} with root ${record.rootHash.slice(0, 16)}…`);
  }
  return { origin: checkpoint.origin, treeSize: checkpoint.treeSize, rootHash: checkpoint.rootHash };
}

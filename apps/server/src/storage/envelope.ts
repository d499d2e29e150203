import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Envelope encryption of documents (DECISIONS D7). Each file gets a random 256-bit data key; the
 * data key is stored wrapped (AES-256-GCM) by the master key. The file itself is cut into frames of
 * at most 1 MiB, each sealed with AES-256-GCM under its own nonce, so that reading authenticates
 * every frame before a byte of it is released: a tampered or truncated blob fails instead of
 * serving altered plaintext, and neither side ever holds more than one frame. (1 MiB rather than
 * smaller frames: per-frame work dominated upload time, see docs/performance.md. Blobs written
 * with the earlier 64 KiB frames read the same way, since each frame states its length.)
 *
 * Blob layout: MAGIC (4) | nonce prefix (8) | frames…
 * Frame layout: ciphertext length (4, big-endian) | ciphertext | tag (16)
 * Frame nonce: nonce prefix (8) | frame number (4); additional data: frame number (4) | final flag (1).
 * The final flag on the last frame makes cutting frames off the end detectable.
 */
const MAGIC = Buffer.from('TXB1');
export const FRAME_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 8;

export class BlobIntegrityError extends Error {}

function frameAad(index: number, final: boolean): Buffer {
  const aad = Buffer.alloc(5);
  aad.writeUInt32BE(index, 0);
  aad[4] = final ? 1 : 0;
  return aad;
}

function frameNonce(prefix: Buffer, index: number): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, 8);
  return nonce;
}

/** A new data key, and its wrapped form for the database. */
export function newDataKey(masterKey: Buffer): { dataKey: Buffer; wrappedKey: string } {
  const dataKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  const sealed = Buffer.concat([cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
  return { dataKey, wrappedKey: Buffer.concat([iv, sealed]).toString('base64') };
}

export function unwrapDataKey(masterKey: Buffer, wrappedKey: string): Buffer {
  const raw = Buffer.from(wrappedKey, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new BlobIntegrityError('The data key does not open with this master key');
  }
}

/** Plaintext in, sealed frames out. */
export function encryptStream(dataKey: Buffer): Transform {
  const key = createSecretKey(dataKey); // imported once, not once per frame
  const prefix = randomBytes(8);
  // Plaintext is copied into one reused frame buffer rather than joined per frame: fewer fresh
  // buffers means fewer garbage collections, which is most of what encryption costs beside the
  // AES itself. A full frame is sealed only once more bytes arrive, because the last frame must
  // carry the final flag.
  const frame = Buffer.allocUnsafe(FRAME_BYTES);
  let filled = 0;
  let index = 0;

  const seal = (plain: Buffer, final: boolean): Buffer[] => {
    const cipher = createCipheriv('aes-256-gcm', key, frameNonce(prefix, index));
    cipher.setAAD(frameAad(index, final));
    const body = cipher.update(plain);
    const rest = cipher.final(); // empty for GCM, kept for correctness
    const length = Buffer.allocUnsafe(4);
    length.writeUInt32BE(body.length + rest.length, 0);
    const pieces = [length, body, ...(rest.length ? [rest] : []), cipher.getAuthTag()];
    if (index === 0) pieces.unshift(MAGIC, prefix);
    index += 1;
    return pieces;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let offset = 0;
      while (offset < chunk.length) {
        if (filled === FRAME_BYTES) {
          for (const piece of seal(frame, false)) this.push(piece);
          filled = 0;
        }
        const copied = chunk.copy(frame, filled, offset);
        filled += copied;
        offset += copied;
      }
      done();
    },
    flush(done: TransformCallback) {
      for (const piece of seal(frame.subarray(0, filled), true)) this.push(piece);
      done();
    },
  });
}

/**
 * Bytes received but not yet used, kept as the pieces they arrived in: a frame is joined once,
 * when all of it is there, instead of the buffer being re-joined with every piece.
 */
class ByteQueue {
  #parts: Buffer[] = [];
  #first = 0; // index of the first unused part: parts are dropped from the front without shifting
  size = 0;

  add(chunk: Buffer): void {
    if (this.#first === this.#parts.length) {
      this.#parts = [];
      this.#first = 0;
    }
    this.#parts.push(chunk);
    this.size += chunk.length;
  }

  /** The first four bytes as a big-endian number; there must be at least four. */
  peekUInt32(): number {
    const head = this.#parts[this.#first]!;
    if (head.length >= 4) return head.readUInt32BE(0);
    return Buffer.concat(this.#parts.slice(this.#first, this.#first + 4)).readUInt32BE(0);
  }

  /** Removes and returns the first `count` bytes; there must be at least `count`. */
  take(count: number): Buffer {
    this.size -= count;
    const head = this.#parts[this.#first]!;
    if (head.length >= count) return this.#cut(head, count);
    const out = Buffer.allocUnsafe(count);
    let filled = 0;
    while (filled < count) {
      const part = this.#parts[this.#first]!;
      const used = Math.min(part.length, count - filled);
      part.copy(out, filled, 0, used);
      filled += used;
      this.#cut(part, used);
    }
    return out;
  }

  /** Uses the first `count` bytes of the first part. */
  #cut(part: Buffer, count: number): Buffer {
    if (count === part.length) this.#first += 1;
    else this.#parts[this.#first] = part.subarray(count);
    return part.subarray(0, count);
  }
}

/** Sealed frames in, plaintext out; fails on any altered, reordered or missing frame. */
export function decryptStream(dataKey: Buffer): Transform {
  const key = createSecretKey(dataKey);
  const pending = new ByteQueue();
  let prefix: Buffer | undefined;
  let index = 0;
  let finished = false;

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending.add(chunk);
      try {
        if (!prefix) {
          if (pending.size < HEADER_BYTES) return done();
          const header = pending.take(HEADER_BYTES);
          if (!header.subarray(0, 4).equals(MAGIC)) throw new BlobIntegrityError('Not a Taxli blob');
          prefix = Buffer.from(header.subarray(4));
        }
        while (pending.size >= 4) {
          const length = pending.peekUInt32();
          if (length > FRAME_BYTES) throw new BlobIntegrityError('Frame too long');
          if (pending.size < 4 + length + TAG_BYTES) break;
          if (finished) throw new BlobIntegrityError('Data after the final frame');
          const frame = pending.take(4 + length + TAG_BYTES);
          const body = frame.subarray(4, 4 + length);
          const tag = frame.subarray(4 + length);
          // The final flag is not stored: a frame opens either as final or as not final.
          const plain = openFrame(key, prefix, index, body, tag, false) ?? openFrame(key, prefix, index, body, tag, true);
          if (!plain) throw new BlobIntegrityError(`Frame ${index} failed authentication`);
          finished = plain.final;
          this.push(plain.data);
          index += 1;
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      if (!finished || pending.size) return done(new BlobIntegrityError('The blob is truncated'));
      done();
    },
  });
}

function openFrame(
  key: KeyObject,
  prefix: Buffer,
  index: number,
  body: Buffer,
  tag: Buffer,
  final: boolean,
): { data: Buffer; final: boolean } | undefined {
  const decipher = createDecipheriv('aes-256-gcm', key, frameNonce(prefix, index));
  decipher.setAAD(frameAad(index, final));
  decipher.setAuthTag(tag);
  try {
    return { data: Buffer.concat([decipher.update(body), decipher.final()]), final };
  } catch {
    return undefined;
  }
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Envelope encryption of documents (DECISIONS D7). Each file gets a random 256-bit data key; the
 * data key is stored wrapped (AES-256-GCM) by the master key. The file itself is cut into frames of
 * at most 64 KiB, each sealed with AES-256-GCM under its own nonce, so that reading authenticates
 * every frame before a byte of it is released: a tampered or truncated blob fails instead of
 * serving altered plaintext, and neither side ever holds more than one frame.
 *
 * Blob layout: MAGIC (4) | nonce prefix (8) | frames…
 * Frame layout: ciphertext length (4, big-endian) | ciphertext | tag (16)
 * Frame nonce: nonce prefix (8) | frame number (4); additional data: frame number (4) | final flag (1).
 * The final flag on the last frame makes cutting frames off the end detectable.
 */
const MAGIC = Buffer.from('TXB1');
const FRAME_BYTES = 64 * 1024;
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
  const prefix = randomBytes(8);
  let parts: Buffer[] = [];
  let size = 0;
  let index = 0;
  let headerSent = false;

  const seal = (plain: Buffer, final: boolean): Buffer[] => {
    const cipher = createCipheriv('aes-256-gcm', dataKey, frameNonce(prefix, index));
    cipher.setAAD(frameAad(index, final));
    const body = cipher.update(plain);
    const rest = cipher.final(); // empty for GCM, kept for correctness
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length + rest.length, 0);
    index += 1;
    return [length, body, ...(rest.length ? [rest] : []), cipher.getAuthTag()];
  };
  const header = (): Buffer[] => {
    if (headerSent) return [];
    headerSent = true;
    return [MAGIC, prefix];
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      // Chunks are gathered and joined once per frame, not once per chunk.
      parts.push(chunk);
      size += chunk.length;
      for (const piece of header()) this.push(piece);
      // Keep at least one byte back: the last frame must be sealed with the final flag.
      while (size > FRAME_BYTES) {
        const all = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
        for (const piece of seal(all.subarray(0, FRAME_BYTES), false)) this.push(piece);
        const rest = all.subarray(FRAME_BYTES);
        parts = [rest];
        size = rest.length;
      }
      done();
    },
    flush(done: TransformCallback) {
      for (const piece of header()) this.push(piece);
      for (const piece of seal(Buffer.concat(parts, size), true)) this.push(piece);
      done();
    },
  });
}

/** Sealed frames in, plaintext out; fails on any altered, reordered or missing frame. */
export function decryptStream(dataKey: Buffer): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let prefix: Buffer | undefined;
  let index = 0;
  let finished = false;

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      try {
        if (!prefix) {
          if (buffered.length < HEADER_BYTES) return done();
          if (!buffered.subarray(0, 4).equals(MAGIC)) throw new BlobIntegrityError('Not a Taxli blob');
          prefix = Buffer.from(buffered.subarray(4, HEADER_BYTES));
          buffered = buffered.subarray(HEADER_BYTES);
        }
        const out: Buffer[] = [];
        while (buffered.length >= 4) {
          const length = buffered.readUInt32BE(0);
          if (length > FRAME_BYTES) throw new BlobIntegrityError('Frame too long');
          const total = 4 + length + TAG_BYTES;
          if (buffered.length < total) break;
          if (finished) throw new BlobIntegrityError('Data after the final frame');
          const body = buffered.subarray(4, 4 + length);
          const tag = buffered.subarray(4 + length, total);
          // The final flag is not stored: a frame opens either as final or as not final.
          const plain = openFrame(dataKey, prefix, index, body, tag, false) ?? openFrame(dataKey, prefix, index, body, tag, true);
          if (!plain) throw new BlobIntegrityError(`Frame ${index} failed authentication`);
          finished = plain.final;
          out.push(plain.data);
          index += 1;
          buffered = buffered.subarray(total);
        }
        done(null, out.length ? Buffer.concat(out) : undefined);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      if (!finished || buffered.length) return done(new BlobIntegrityError('The blob is truncated'));
      done();
    },
  });
}

function openFrame(
  dataKey: Buffer,
  prefix: Buffer,
  index: number,
  body: Buffer,
  tag: Buffer,
  final: boolean,
): { data: Buffer; final: boolean } | undefined {
  const decipher = createDecipheriv('aes-256-gcm', dataKey, frameNonce(prefix, index));
  decipher.setAAD(frameAad(index, final));
  decipher.setAuthTag(tag);
  try {
    return { data: Buffer.concat([decipher.update(body), decipher.final()]), final };
  } catch {
    return undefined;
  }
}

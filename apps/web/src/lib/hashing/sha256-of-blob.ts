import { createSha256, type Sha256 } from './sha256';

// Hashes a file as a stream with an incremental SHA-256. The file is read into one reused buffer
// (a BYOB reader), so a 50 MB file costs one buffer of memory and leaves no garbage behind; the
// browser reads ahead while a piece is hashed. Runs in the hashing worker (sha256.worker.ts).
const BUFFER_BYTES = 1024 * 1024;

let hasher: Promise<Sha256> | undefined; // the WebAssembly module is compiled once per worker
/** The end of the last file's hash: files are hashed one after another through the one hasher. */
let previous: Promise<unknown> = Promise.resolve();

/**
 * SHA-256 of `file` as lowercase hex. Several files at once (a multiple selection) are queued: the
 * hasher holds one file's state, and interleaving two files' pieces in it would give both a wrong
 * digest. Hashing them side by side would not be faster either, the worker has one thread.
 */
export function sha256OfBlob(file: Blob): Promise<string> {
  const digest = previous.then(() => hashStream(file));
  previous = digest.catch(() => undefined);
  return digest;
}

async function hashStream(file: Blob): Promise<string> {
  const sha256 = await (hasher ??= createSha256());
  sha256.init();
  let reader: ReadableStreamBYOBReader;
  try {
    reader = file.stream().getReader({ mode: 'byob' });
  } catch {
    // A browser whose file streams are not byte streams (Safari before 26.4): its own chunks, one
    // at a time, through a plain reader (Safari cannot iterate a stream with for await either).
    const chunks = file.stream().getReader();
    for (;;) {
      const { done, value } = await chunks.read();
      if (done) break;
      sha256.update(value);
    }
    return sha256.digest();
  }
  let buffer = new ArrayBuffer(BUFFER_BYTES);
  for (;;) {
    const { done, value } = await reader.read(new Uint8Array(buffer));
    if (done || !value) break;
    sha256.update(value);
    buffer = value.buffer as ArrayBuffer; // the read hands the same memory back
  }
  return sha256.digest();
}

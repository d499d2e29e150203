/// <reference lib="webworker" />
import { createSHA256 } from 'hash-wasm';

// Hashes a file in 4 MB slices with an incremental SHA-256: a 50 MB file never sits in memory
// whole, and the page stays responsive because all of it happens off the main thread.
const SLICE_BYTES = 4 * 1024 * 1024;

self.onmessage = async (event: MessageEvent<{ id: number; file: Blob }>) => {
  const { id, file } = event.data;
  try {
    const hasher = await createSHA256();
    hasher.init();
    for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
      hasher.update(new Uint8Array(await file.slice(offset, offset + SLICE_BYTES).arrayBuffer()));
    }
    self.postMessage({ id, hash: hasher.digest('hex') });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : 'hashing failed' });
  }
};

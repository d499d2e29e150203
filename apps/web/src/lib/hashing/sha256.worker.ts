/// <reference lib="webworker" />
import { sha256OfBlob } from './sha256-of-blob';

// The hashing worker: files are hashed here, off the main thread, so the page stays responsive.
self.onmessage = async (event: MessageEvent<{ id: number; file: Blob }>) => {
  const { id, file } = event.data;
  try {
    self.postMessage({ id, hash: await sha256OfBlob(file) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : 'hashing failed' });
  }
};

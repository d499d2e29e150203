// Bench page (scripts/bench/browser-hashing.mjs): the dashboard's own hashing module, built by Vite
// as the app builds it, and the browser's one-shot digest, both exposed for the bench to call.
import { hashInWorker, hashWithSubtle } from '../../../apps/web/src/lib/hashing/hash-file';

declare global {
  interface Window {
    bench: {
      makeFile(bytes: number): Promise<void>;
      hashInWorker(): Promise<{ ms: number; hash: string }>;
      hashWithSubtle(): Promise<{ ms: number; hash: string }>;
    };
  }
}

let file: Blob | undefined;

async function timed(hasher: (file: Blob) => Promise<string>) {
  if (!file) throw new Error('makeFile first');
  const started = performance.now();
  const hash = await hasher(file);
  return { ms: performance.now() - started, hash };
}

window.bench = {
  // Random bytes in 64 KiB pieces (getRandomValues' limit); the Blob keeps them outside the JS heap.
  async makeFile(bytes) {
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < bytes; at += 65_536) pieces.push(crypto.getRandomValues(new Uint8Array(Math.min(65_536, bytes - at))));
    file = new Blob(pieces as BlobPart[], { type: 'application/pdf' });
  },
  hashInWorker: () => timed(hashInWorker),
  hashWithSubtle: () => timed(hashWithSubtle),
};
document.title = 'ready';

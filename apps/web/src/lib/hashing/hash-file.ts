/** SHA-256 of a file as lowercase hex (part 1 §5), computed in a Web Worker. */
export type FileHasher = (file: Blob) => Promise<string>;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (hash: string) => void; reject: (error: Error) => void }>();

function hashWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./sha256.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<{ id: number; hash?: string; error?: string }>) => {
    const waiting = pending.get(event.data.id);
    pending.delete(event.data.id);
    if (event.data.hash) waiting?.resolve(event.data.hash);
    else waiting?.reject(new Error(event.data.error ?? 'hashing failed'));
  };
  // A worker that could not start (its script not loaded) or died: the files waiting for it fail,
  // so their rows offer Retry instead of uploading forever, and the next file starts a new worker.
  worker.onerror = (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = undefined;
    for (const waiting of pending.values()) waiting.reject(new Error('hashing failed'));
    pending.clear();
  };
  return worker;
}

export const hashInWorker: FileHasher = (file) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    hashWorker().postMessage({ id, file });
  });

/** Where no Worker exists (component tests): the browser's own digest, fine for small files. */
export const hashWithSubtle: FileHasher = async (file) => {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

export const defaultHasher: FileHasher = typeof Worker === 'undefined' ? hashWithSubtle : hashInWorker;

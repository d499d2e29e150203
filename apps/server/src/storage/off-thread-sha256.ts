import { Worker } from 'node:worker_threads';
import type { Sha256Reply, Sha256Request } from './sha256-messages.js';

/** Bytes are handed to the worker in buffers of this size... */
const BUFFER_BYTES = 256 * 1024;
/** ...at most this many per file at a time: the parse runs that far ahead of the hashing. */
const BUFFERS_IN_FLIGHT = 4;

// From source (tests, development) Node runs the worker's TypeScript directly; the build has its JavaScript.
const WORKER_FILE = new URL(import.meta.url.endsWith('.ts') ? './sha256-worker.ts' : './sha256-worker.js', import.meta.url);

/**
 * Buffers with memory of their own (so that they can be handed to the worker without a copy),
 * shared by all uploads: they come back from the worker and are used again, so hashing makes no
 * garbage on either thread.
 */
const spareBuffers: Buffer<ArrayBuffer>[] = [];
const SPARE_BUFFERS_KEPT = 32;
const takeBuffer = (): Buffer<ArrayBuffer> => spareBuffers.pop() ?? Buffer.allocUnsafeSlow(BUFFER_BYTES);
const returnBuffer = (buffer: Buffer<ArrayBuffer>): void => {
  if (spareBuffers.length < SPARE_BUFFERS_KEPT) spareBuffers.push(buffer);
};

/**
 * The one hashing worker of the process, shared by all uploads. It keeps the process alive only
 * while a file is being hashed. If it dies, the hashes in progress fail and the next one starts a
 * new worker.
 */
class HashWorker {
  #worker: Worker | undefined;
  #listeners = new Map<number, (reply: Sha256Reply) => void>();
  #nextId = 1;

  open(listener: (reply: Sha256Reply) => void): number {
    const id = this.#nextId++;
    this.#listeners.set(id, listener);
    this.#send({ type: 'open', id });
    this.#worker!.ref();
    return id;
  }

  /** Hands `data` over to the worker: its memory is unusable here until the worker sends it back. */
  update(id: number, data: Buffer<ArrayBuffer>, length: number): void {
    this.#send({ type: 'update', id, data, length }, [data.buffer]);
  }

  digest(id: number): void {
    this.#send({ type: 'digest', id });
  }

  close(id: number): void {
    if (this.#forget(id)) this.#send({ type: 'close', id });
  }

  /** Starts the worker ahead of the first upload, so that its memory is part of the idle footprint. */
  start(): void {
    this.#worker ??= this.#start();
  }

  #forget(id: number): boolean {
    const known = this.#listeners.delete(id);
    if (this.#listeners.size === 0) this.#worker?.unref();
    return known;
  }

  #send(request: Sha256Request, transfer: ArrayBuffer[] = []): void {
    this.#worker ??= this.#start();
    this.#worker.postMessage(request, transfer);
  }

  #start(): Worker {
    // No loader flags passed on (tsx in development): Node runs the worker's TypeScript itself.
    const worker = new Worker(WORKER_FILE, { execArgv: [] });
    worker.on('message', (reply: Sha256Reply) => {
      const listener = this.#listeners.get(reply.id);
      if (!('data' in reply)) this.#forget(reply.id); // a digest or an error is a file's last reply
      listener?.(reply);
    });
    const fail = (error: string) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const [id, listener] of this.#listeners) listener({ id, error });
      this.#listeners.clear();
    };
    worker.on('error', (error) => fail(`the hashing worker failed: ${error.message}`));
    worker.on('exit', (code) => fail(`the hashing worker stopped (exit code ${code})`));
    worker.unref(); // after the listeners, which take a reference: idle, it keeps no process alive
    return worker;
  }
}

const hashWorker = new HashWorker();
export const startHashWorker = (): void => hashWorker.start();

/**
 * The SHA-256 of a stream of bytes, taken on the hashing worker: `update` copies the bytes into a
 * buffer and hands full buffers over, so this thread spends a copy on them instead of the hash.
 */
export class OffThreadSha256 {
  readonly #id: number;
  #buffer = takeBuffer();
  #filled = 0;
  #inFlight = 0;
  #failure: Error | undefined;
  /** Called when the worker has caught up with a caller told to wait. */
  #caughtUp: ((error?: Error) => void) | undefined;
  #settleDigest!: (digest: string | Error) => void;
  readonly #digest = new Promise<string>((resolve, reject) => {
    this.#settleDigest = (digest) => (typeof digest === 'string' ? resolve(digest) : reject(digest));
  });

  constructor() {
    this.#digest.catch(() => {}); // a failure reaches whoever awaits the digest or an update
    this.#id = hashWorker.open((reply) => this.#onReply(reply));
  }

  /** Takes `chunk` in; returns a promise to wait for when the worker is BUFFERS_IN_FLIGHT buffers behind. */
  update(chunk: Uint8Array): Promise<void> | undefined {
    if (this.#failure) throw this.#failure;
    for (let offset = 0; offset < chunk.length; ) {
      const copied = Math.min(chunk.length - offset, BUFFER_BYTES - this.#filled);
      this.#buffer.set(chunk.subarray(offset, offset + copied), this.#filled);
      this.#filled += copied;
      offset += copied;
      if (this.#filled === BUFFER_BYTES) this.#send();
    }
    if (this.#inFlight < BUFFERS_IN_FLIGHT) return undefined;
    return new Promise((resolve, reject) => {
      this.#caughtUp = (error) => (error ? reject(error) : resolve());
    });
  }

  /** Lowercase hex of everything passed to `update`. */
  digest(): Promise<string> {
    if (this.#failure) return this.#digest; // already rejected; the worker knows this hash no more
    if (this.#filled > 0) this.#send();
    hashWorker.digest(this.#id);
    return this.#digest;
  }

  /** Abandons the hash (the upload failed): the worker forgets it. */
  close(): void {
    hashWorker.close(this.#id);
  }

  #send(): void {
    hashWorker.update(this.#id, this.#buffer, this.#filled);
    this.#inFlight += 1;
    this.#buffer = takeBuffer();
    this.#filled = 0;
  }

  #onReply(reply: Sha256Reply): void {
    if ('data' in reply) {
      this.#inFlight -= 1;
      returnBuffer(Buffer.from(reply.data.buffer));
      if (this.#inFlight < BUFFERS_IN_FLIGHT) this.#wake();
    } else if ('digest' in reply) {
      returnBuffer(this.#buffer);
      this.#settleDigest(reply.digest);
    } else {
      this.#failure = new Error(reply.error);
      this.#settleDigest(this.#failure);
      this.#wake(this.#failure);
    }
  }

  #wake(error?: Error): void {
    const caughtUp = this.#caughtUp;
    this.#caughtUp = undefined;
    caughtUp?.(error);
  }
}

import { SHARE_ENV, Worker } from 'node:worker_threads';
import { EXTRACTION_FAILURE_CODES, type ExtractionFailureCode } from '@taxli/domain';
import type { ReadInput, ReadResult } from './reader.js';
import type { ReaderSetup, ReadReply, ReadRequest } from './extraction-messages.js';

const fromSource = import.meta.url.endsWith('.ts');
const sibling = (name: string) => new URL(`./${name}${fromSource ? '.ts' : '.js'}`, import.meta.url);
const WORKER_FILE = sibling('extraction-worker');
/** The real readers (read-document.ts). */
export const DEFAULT_READERS_MODULE = sibling('read-document');
// From source (tests, development) the worker and the readers are TypeScript importing `.js`
// names; tsx resolves those, and the `source` condition takes the workspace packages (@taxli/domain)
// from their sources, as the tests do: a fresh clone has no built package yet. The build runs its
// JavaScript without loader flags.
const EXEC_ARGV = fromSource ? ['--import', 'tsx', '--conditions', 'source'] : [];

export interface ReadLimits {
  /** Wall time for the readers, from when the worker has loaded them. */
  timeBudgetMs: number;
  /** The worker's heap cap (V8 old generation). */
  memoryLimitMb: number;
}

export type ReadOutcome =
  | { outcome: 'read'; result: ReadResult | null }
  | { outcome: 'failed'; code: ExtractionFailureCode }
  /** The read was stopped from outside (the app closing): nothing is known about the document. */
  | { outcome: 'stopped' };

/**
 * Loading the readers (their libraries, wasm) is not the document's doing and may be slow on a busy
 * machine: it gets a budget of its own, and only a worker that never gets there fails the read.
 */
const START_UP_MS = 60_000;

/**
 * A reader thread left idle this long ends: it holds the readers' libraries (with OCR, some hundred
 * MB) that a server waiting for its next upload should give back.
 */
const IDLE_MS = 30_000;

const knownCode = (code: string): ExtractionFailureCode =>
  (EXTRACTION_FAILURE_CODES as readonly string[]).includes(code) ? (code as ExtractionFailureCode) : 'DAMAGED_FILE';

interface ReaderThread {
  worker: Worker;
  /** Settles when the readers are loaded; rejects if the thread dies first. */
  ready: Promise<void>;
}

/**
 * Runs the readers in a worker thread, one document at a time: past the time budget the thread is
 * terminated (TIME_BUDGET_EXCEEDED), past the memory cap V8 ends it (MEMORY_LIMIT_EXCEEDED), and any
 * other death is DAMAGED_FILE; the next document gets a new thread. A thread that read well reads
 * the next document too, and ends after a while without one. The bytes are moved to the thread,
 * never written anywhere.
 */
export function createDocumentReading(limits: ReadLimits, readersModule: URL = DEFAULT_READERS_MODULE) {
  let current: ReaderThread | null = null;
  let stopped = false;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Reads wait for each other: one thread, one document at a time. */
  let line: Promise<unknown> = Promise.resolve();

  function spawn(): ReaderThread {
    const worker = new Worker(WORKER_FILE, {
      workerData: { readersModule: readersModule.href } satisfies ReaderSetup,
      execArgv: EXEC_ARGV,
      // The readers see the environment as it is now, not as it was when the thread started.
      env: SHARE_ENV,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryLimitMb, maxYoungGenerationSizeMb: Math.min(32, limits.memoryLimitMb / 4) },
      stdout: true,
      stderr: true,
    });
    // What a reader prints may hold what it read: discarded, never logged.
    worker.stdout.resume();
    worker.stderr.resume();
    // The thread never keeps the process alive by itself (a script that reads and ends).
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: ReadReply) => 'ready' in reply && resolve());
      worker.on('error', reject);
      worker.on('exit', () => reject(new Error('the reader thread ended')));
    });
    ready.catch(() => {}); // the read in progress reports the death
    const thread = { worker, ready };
    worker.on('exit', () => {
      if (current === thread) current = null;
    });
    return thread;
  }

  function end(thread: ReaderThread): void {
    if (current === thread) current = null;
    void thread.worker.terminate();
  }

  function readOnce(input: ReadInput): Promise<ReadOutcome> {
    if (stopped) return Promise.resolve({ outcome: 'stopped' });
    clearTimeout(idleTimer);
    const thread = (current ??= spawn());
    const { worker } = thread;
    const id = nextId++;
    return new Promise<ReadOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: ReadOutcome, endThread: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (endThread) end(thread);
        resolve(stopped ? { outcome: 'stopped' } : outcome);
      };
      const outOfTime = () => settle({ outcome: 'failed', code: 'TIME_BUDGET_EXCEEDED' }, true);
      const onMessage = (reply: ReadReply) => {
        if (!('id' in reply) || reply.id !== id) return;
        settle(reply.ok ? { outcome: 'read', result: reply.result } : { outcome: 'failed', code: knownCode(reply.code) }, false);
      };
      const onError = (error: Error & { code?: string }) =>
        settle({ outcome: 'failed', code: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'MEMORY_LIMIT_EXCEEDED' : 'DAMAGED_FILE' }, true);
      const onExit = () => settle({ outcome: 'failed', code: 'DAMAGED_FILE' }, true);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      let timer = setTimeout(outOfTime, Math.max(START_UP_MS, limits.timeBudgetMs));
      thread.ready.then(
        () => {
          if (settled) return;
          clearTimeout(timer);
          timer = setTimeout(outOfTime, limits.timeBudgetMs);
          const request: ReadRequest = { id, ...input };
          worker.postMessage(request, [input.bytes.buffer as ArrayBuffer]);
        },
        () => {}, // the thread died while loading: onError or onExit settles
      );
    });
  }

  function scheduleIdleEnd(): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => current && end(current), IDLE_MS);
    idleTimer.unref();
  }

  return {
    read(input: ReadInput): Promise<ReadOutcome> {
      const outcome = line.then(() => readOnce(input));
      line = outcome.then(scheduleIdleEnd);
      return outcome;
    },
    /** Ends the read in progress (the app closes): its job stays to run again. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(idleTimer);
      if (current) await current.worker.terminate();
      current = null;
    },
  };
}

export type DocumentReading = ReturnType<typeof createDocumentReading>;

import { Worker } from 'node:worker_threads';
import { EXTRACTION_FAILURE_CODES, type ExtractionFailureCode } from '@taxli/domain';
import type { ReadInput, ReadResult } from './reader.js';
import type { ReadReply, ReadRequest } from './extraction-messages.js';

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

const knownCode = (code: string): ExtractionFailureCode =>
  (EXTRACTION_FAILURE_CODES as readonly string[]).includes(code) ? (code as ExtractionFailureCode) : 'DAMAGED_FILE';

/**
 * Runs the readers on one document in a worker thread of its own: past the time budget it is
 * terminated (TIME_BUDGET_EXCEEDED), past the memory cap V8 ends it (MEMORY_LIMIT_EXCEEDED), and any
 * other death is DAMAGED_FILE. The bytes are moved to the worker, never written anywhere.
 */
export function createDocumentReading(limits: ReadLimits, readersModule: URL = DEFAULT_READERS_MODULE) {
  const running = new Set<Worker>();
  let stopped = false;

  function read(input: ReadInput): Promise<ReadOutcome> {
    if (stopped) return Promise.resolve({ outcome: 'stopped' });
    const request: ReadRequest = { ...input, readersModule: readersModule.href };
    const worker = new Worker(WORKER_FILE, {
      workerData: request,
      transferList: [input.bytes.buffer as ArrayBuffer],
      execArgv: EXEC_ARGV,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryLimitMb, maxYoungGenerationSizeMb: Math.min(32, limits.memoryLimitMb / 4) },
      stdout: true,
      stderr: true,
    });
    // What a reader prints may hold what it read: discarded, never logged.
    worker.stdout.resume();
    worker.stderr.resume();
    running.add(worker);
    return new Promise<ReadOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: ReadOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        running.delete(worker);
        void worker.terminate();
        resolve(stopped ? { outcome: 'stopped' } : outcome);
      };
      const outOfTime = () => settle({ outcome: 'failed', code: 'TIME_BUDGET_EXCEEDED' });
      let timer = setTimeout(outOfTime, Math.max(START_UP_MS, limits.timeBudgetMs));
      worker.on('message', (reply: ReadReply) => {
        if ('started' in reply) {
          clearTimeout(timer);
          timer = setTimeout(outOfTime, limits.timeBudgetMs);
          return;
        }
        settle(reply.ok ? { outcome: 'read', result: reply.result } : { outcome: 'failed', code: knownCode(reply.code) });
      });
      worker.on('error', (error: Error & { code?: string }) =>
        settle({ outcome: 'failed', code: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'MEMORY_LIMIT_EXCEEDED' : 'DAMAGED_FILE' }),
      );
      worker.on('exit', () => settle(stopped ? { outcome: 'stopped' } : { outcome: 'failed', code: 'DAMAGED_FILE' }));
    });
  }

  return {
    read,
    /** Ends every running read (the app closes): their jobs stay to run again. */
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all([...running].map((worker) => worker.terminate()));
    },
  };
}

export type DocumentReading = ReturnType<typeof createDocumentReading>;

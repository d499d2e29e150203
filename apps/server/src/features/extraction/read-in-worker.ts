import { fork, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { EXTRACTION_FAILURE_CODES, type ExtractionFailureCode } from '@taxli/domain';
import type { ReadResult } from './reader.js';
import type { ReadMessage, ReadReply } from './extraction-messages.js';
import { piecesOf } from './document-bytes.js';

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
  /** Wall time for the readers, from when the reader process has loaded them. */
  timeBudgetMs: number;
  /** The reader process's heap cap (V8 old generation). */
  memoryLimitMb: number;
}

/** A stored version to read: how to open its decrypted bytes from storage, and its facts. */
export interface DocumentToRead {
  /** Opened when the reader process is ready for the document, not while it waits its turn. */
  open: () => Promise<Readable>;
  /** The size its row records (the upload's own). */
  sizeBytes: number;
  contentType: string;
  fileName: string;
}

export type ReadOutcome =
  | { outcome: 'read'; result: ReadResult | null }
  | { outcome: 'failed'; code: ExtractionFailureCode }
  /** The read was stopped from outside (the app closing): nothing is known about the document. */
  | { outcome: 'stopped' };

/**
 * Loading the readers (their libraries, wasm) is not the document's doing and may be slow on a busy
 * machine: it gets a budget of its own, and only a process that never gets there fails the read.
 */
const START_UP_MS = 60_000;

/**
 * A reader process left idle this long ends: it holds the readers' libraries (with OCR, some
 * hundred MB) that a server waiting for its next upload should give back.
 */
const IDLE_MS = 30_000;

const knownCode = (code: string): ExtractionFailureCode =>
  (EXTRACTION_FAILURE_CODES as readonly string[]).includes(code) ? (code as ExtractionFailureCode) : 'DAMAGED_FILE';

/** What V8 prints when a heap reaches its cap: the one thing read from the process's error output. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|allocation failed/i;
/** The tail of the error output kept to look for it (it is never logged: it may hold what was read). */
const STDERR_TAIL = 4096;

interface ReaderProcess {
  child: ChildProcess;
  /** Settles when the readers are loaded; rejects if the process ends first. */
  ready: Promise<void>;
  /** The end of what the process wrote to its error output. */
  stderrTail: () => string;
}

/**
 * Runs the readers in a child process of their own, one document at a time: past the time budget
 * it is killed (TIME_BUDGET_EXCEEDED), past its heap cap V8 ends it (MEMORY_LIMIT_EXCEEDED), and any
 * other death is DAMAGED_FILE; the next document gets a new process. A process, not a worker
 * thread: a fault deep in the engine (a WebAssembly teardown once aborted a whole test process
 * here, V8's own check) ends the reader and never the server. A process that read well reads the
 * next document too, and ends after a while without one. The bytes go over the IPC channel, never
 * to disk.
 */
export function createDocumentReading(limits: ReadLimits, readersModule: URL = DEFAULT_READERS_MODULE) {
  let current: ReaderProcess | null = null;
  const running = new Set<ChildProcess>();
  let stopped = false;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Reads wait for each other: one process, one document at a time. */
  let line: Promise<unknown> = Promise.resolve();

  function spawn(): ReaderProcess {
    const child = fork(fileURLToPath(WORKER_FILE), [readersModule.href], {
      execArgv: [...EXEC_ARGV, `--max-old-space-size=${limits.memoryLimitMb}`],
      // Uint8Array and the readers' results cross as structured clones.
      serialization: 'advanced',
      // What a reader prints may hold what it read: standard output discarded, the error output
      // only searched for V8's out-of-memory message.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    running.add(child);
    let tail = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (tail = (tail + text).slice(-STDERR_TAIL)));
    // The process never keeps the server alive by itself (a script that reads and ends).
    child.unref();
    child.channel?.unref();
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (reply: ReadReply) => 'ready' in reply && resolve());
      child.on('error', reject);
      child.on('exit', () => reject(new Error('the reader process ended')));
    });
    ready.catch(() => {}); // the read in progress reports the death
    const reader = { child, ready, stderrTail: () => tail };
    child.on('exit', () => {
      running.delete(child);
      if (current === reader) current = null;
    });
    return reader;
  }

  function end(reader: ReaderProcess): void {
    if (current === reader) current = null;
    reader.child.kill('SIGKILL');
  }

  /**
   * Reads one document in the reader process. Its bytes are opened from storage once the process
   * is ready for them and go over the channel in pieces (document-bytes.ts), each sent once the one
   * before has been written: the server holds a piece at a time, never the document. The time
   * budget starts when the last piece is handed over. A fault of storage rejects the read (its job
   * runs again); while the pieces go it also ends the process, which holds part of a document, but
   * a document that could not be opened leaves the process ready for the next one.
   */
  function readOnce({ open, ...facts }: DocumentToRead): Promise<ReadOutcome> {
    if (stopped) return Promise.resolve({ outcome: 'stopped' });
    clearTimeout(idleTimer);
    const reader = (current ??= spawn());
    const { child } = reader;
    const id = nextId++;
    return new Promise<ReadOutcome>((resolve, reject) => {
      let settled = false;
      const finish = (endProcess: boolean) => {
        settled = true;
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (endProcess) end(reader);
      };
      const settle = (outcome: ReadOutcome, endProcess: boolean) => {
        if (settled) return;
        finish(endProcess);
        resolve(stopped ? { outcome: 'stopped' } : outcome);
      };
      const storageFailed = (error: unknown, endProcess: boolean) => {
        if (settled) return;
        finish(endProcess);
        reject(error);
      };
      const outOfTime = () => settle({ outcome: 'failed', code: 'TIME_BUDGET_EXCEEDED' }, true);
      const onMessage = (reply: ReadReply) => {
        if (!('id' in reply) || reply.id !== id) return;
        settle(reply.ok ? { outcome: 'read', result: reply.result } : { outcome: 'failed', code: knownCode(reply.code) }, false);
      };
      const onExit = () => settle({ outcome: 'failed', code: OUT_OF_MEMORY.test(reader.stderrTail()) ? 'MEMORY_LIMIT_EXCEEDED' : 'DAMAGED_FILE' }, true);
      // Resolves once the message is written; a channel that fails ends the read as the process's death would.
      const sent = (message: ReadMessage) =>
        new Promise<void>((written) =>
          child.send(message, (error) => {
            if (error) settle({ outcome: 'failed', code: 'DAMAGED_FILE' }, true);
            written();
          }),
        );
      child.on('message', onMessage);
      child.on('exit', onExit);
      let timer = setTimeout(outOfTime, Math.max(START_UP_MS, limits.timeBudgetMs));

      async function sendDocument(): Promise<void> {
        clearTimeout(timer);
        let body: Readable;
        try {
          body = await open();
        } catch (error) {
          storageFailed(error, false);
          return;
        }
        try {
          await sent({ id, document: facts });
          for await (const piece of piecesOf(body)) {
            if (settled) return;
            await sent({ id, piece });
          }
          if (settled) return;
          timer = setTimeout(outOfTime, limits.timeBudgetMs);
          await sent({ id, end: true });
        } finally {
          body.destroy();
        }
      }

      reader.ready.then(
        () => {
          if (!settled) sendDocument().catch((error: unknown) => storageFailed(error, true));
        },
        () => {}, // the process ended while loading: onExit settles
      );
    });
  }

  function scheduleIdleEnd(): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => current && end(current), IDLE_MS);
    idleTimer.unref();
  }

  return {
    read(document: DocumentToRead): Promise<ReadOutcome> {
      const outcome = line.then(() => readOnce(document));
      // A read that failed on storage leaves the line open for the next.
      line = outcome.then(scheduleIdleEnd, scheduleIdleEnd);
      return outcome;
    },
    /** Ends the read in progress (the app closes): its job stays to run again. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(idleTimer);
      const ending = [...running].map((child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()))));
      for (const child of running) child.kill('SIGKILL');
      current = null;
      await Promise.all(ending);
    },
  };
}

export type DocumentReading = ReturnType<typeof createDocumentReading>;

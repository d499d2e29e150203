import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { UnreadableDocument } from '../reader.js';
import { TESSERACT_WORKER_URL } from './tesseract-worker-script.js';

/**
 * One tesseract.js worker per process, started on the first OCR and kept (loading four languages
 * takes seconds), ended by closeOcr(). Language data comes from the @tesseract.js-data packages in
 * node_modules as bytes: nothing is fetched, nothing is cached on disk.
 */
export const OCR_LANGUAGES = ['deu', 'fra', 'ita', 'eng'] as const;

const require = createRequire(import.meta.url);

function languageData(code: (typeof OCR_LANGUAGES)[number]) {
  // The LSTM models in integer form: what tesseract.js loads by default for its LSTM engine.
  const folder = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  return { code, data: new Uint8Array(readFileSync(path.join(folder, '4.0.0_best_int', `${code}.traineddata.gz`))) };
}

let starting: Promise<Worker> | null = null;
/** The error the worker reported for the running job, if any (tesseract.js reports it beside the promise). */
let lastWorkerError: unknown = null;

async function startWorker(): Promise<Worker> {
  const worker = await createWorker(OCR_LANGUAGES.map(languageData) as unknown as string[], OEM.LSTM_ONLY, {
    // A data: URL is a valid worker_threads entry; tesseract.js types it as a string.
    workerPath: TESSERACT_WORKER_URL as unknown as string,
    cacheMethod: 'none',
    gzip: true,
    logger: () => undefined,
    // Without a handler tesseract.js throws worker errors where nothing can catch them.
    errorHandler: (error: unknown) => {
      lastWorkerError = error;
    },
  });
  return worker;
}

function ocrWorker(): Promise<Worker> {
  starting ??= startWorker().catch((error: unknown) => {
    starting = null;
    throw error;
  });
  return starting;
}

export interface OcrPage {
  text: string;
  /** tesseract's mean word confidence, 0..100 */
  confidence: number;
}

async function recognizeNow(image: Buffer): Promise<OcrPage> {
  const worker = await ocrWorker();
  lastWorkerError = null;
  try {
    const { data } = await worker.recognize(image);
    return { text: data.text, confidence: data.confidence };
  } catch (error) {
    // tesseract.js rejects with the worker's message (a string); what it says may quote the picture.
    const reason = lastWorkerError ?? error;
    throw new UnreadableDocument('DAMAGED_FILE', `OCR could not read the picture (${reason instanceof Error ? reason.name : 'tesseract error'})`);
  }
}

/** Pictures wait their turn: one worker reads one at a time, and an error belongs to its own picture. */
let queue: Promise<unknown> = Promise.resolve();

/** Recognises one picture (PGM, PNG, JPEG or WebP bytes). */
export function recognizeImage(image: Buffer): Promise<OcrPage> {
  const turn = queue.then(() => recognizeNow(image));
  queue = turn.catch(() => undefined);
  return turn;
}

/** Ends the OCR worker, if one was started (on the process's close). */
export async function closeOcr(): Promise<void> {
  const running = starting;
  starting = null;
  if (running) await (await running.catch(() => null))?.terminate();
}

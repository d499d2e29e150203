// Worker thread that reads documents (issue 29): untrusted bytes are parsed here, under the time
// budget and memory cap its parent set, so that a reader that hangs, runs out of memory or crashes
// takes this thread down and never the server. It lives for a run of documents: loading the
// readers (pdf.js, the barcode and OCR wasm) costs more than reading one certificate. (The readers'
// module is loaded by URL: tests pass their own.)
import { parentPort, workerData } from 'node:worker_threads';
import type { DocumentReader } from './reader.js';
import { firstResult } from './first-result.js';
import type { ReaderSetup, ReadReply, ReadRequest } from './extraction-messages.js';

const setup = workerData as ReaderSetup;
const { readers } = (await import(setup.readersModule)) as { readers: DocumentReader[] };

async function read(request: ReadRequest): Promise<ReadReply> {
  const input = { bytes: request.bytes, contentType: request.contentType, fileName: request.fileName };
  try {
    return { id: request.id, ok: true, result: await firstResult(input, readers) };
  } catch (error) {
    // UnreadableDocument carries its own code; anything else means the file broke the reader.
    const code = (error as { name?: string; code?: unknown }).name === 'UnreadableDocument' ? (error as { code: string }).code : 'DAMAGED_FILE';
    return { id: request.id, ok: false, code: code as Extract<ReadReply, { ok: false }>['code'] };
  }
}

// One document at a time: the parent sends the next only after this one's answer.
parentPort!.on('message', (request: ReadRequest) => void read(request).then((reply) => parentPort!.postMessage(reply)));
parentPort!.postMessage({ ready: true } satisfies ReadReply);

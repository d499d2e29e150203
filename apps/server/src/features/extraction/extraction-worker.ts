// Worker thread that reads one document (issue 29): untrusted bytes are parsed here, under the time
// budget and memory cap its parent set, so that a reader that hangs, runs out of memory or crashes
// takes this thread down and never the server. (The readers' module is loaded by URL: tests pass
// their own.)
import { parentPort, workerData } from 'node:worker_threads';
import type { DocumentReader } from './reader.js';
import { firstResult } from './first-result.js';
import type { ReadReply, ReadRequest } from './extraction-messages.js';

const request = workerData as ReadRequest;

async function run(): Promise<ReadReply> {
  const { readers } = (await import(request.readersModule)) as { readers: DocumentReader[] };
  parentPort!.postMessage({ started: true } satisfies ReadReply);
  const input = { bytes: request.bytes, contentType: request.contentType, fileName: request.fileName };
  try {
    return { ok: true, result: await firstResult(input, readers) };
  } catch (error) {
    // UnreadableDocument carries its own code; anything else means the file broke the reader.
    const code = (error as { name?: string; code?: unknown }).name === 'UnreadableDocument' ? (error as { code: string }).code : 'DAMAGED_FILE';
    return { ok: false, code: code as Extract<ReadReply, { ok: false }>['code'] };
  }
}

parentPort!.postMessage(await run());

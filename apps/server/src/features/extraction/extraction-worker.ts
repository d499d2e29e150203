// The reader process (issue 29): untrusted bytes are parsed here, under the time budget and heap
// cap its parent set, so that a reader that hangs, runs out of memory or crashes (the engine
// included) ends this process and never the server. It lives for a run of documents: loading the
// readers (pdf.js, the barcode and OCR wasm) costs more than reading one certificate. (The readers'
// module is loaded by URL, the first argument: tests pass their own.)
import type { DocumentReader } from './reader.js';
import { firstResult } from './first-result.js';
import type { ReadReply, ReadRequest } from './extraction-messages.js';

const send = (reply: ReadReply) => process.send!(reply);
// The server is gone (its channel closed): nothing to read for any more.
process.on('disconnect', () => process.exit(0));

const { readers } = (await import(process.argv[2]!)) as { readers: DocumentReader[] };

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
process.on('message', (request: ReadRequest) => void read(request).then(send));
send({ ready: true });

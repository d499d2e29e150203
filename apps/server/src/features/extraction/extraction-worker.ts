// The reader process (issue 29): untrusted bytes are parsed here, under the time budget and heap
// cap its parent set, so that a reader that hangs, runs out of memory or crashes (the engine
// included) ends this process and never the server. It lives for a run of documents: loading the
// readers (pdf.js, the barcode and OCR wasm) costs more than reading one certificate. (The readers'
// module is loaded by URL, the first argument: tests pass their own.)
import type { DocumentReader, ReadInput } from './reader.js';
import { firstResult } from './first-result.js';
import type { ReadMessage, ReadReply } from './extraction-messages.js';
import { gatherBytes } from './document-bytes.js';

const send = (reply: ReadReply) => process.send!(reply);
// The server is gone (its channel closed): nothing to read for any more.
process.on('disconnect', () => process.exit(0));

const { readers } = (await import(process.argv[2]!)) as { readers: DocumentReader[] };

async function read(id: number, input: ReadInput): Promise<ReadReply> {
  try {
    return { id, ok: true, result: await firstResult(input, readers) };
  } catch (error) {
    // UnreadableDocument carries its own code; anything else means the file broke the reader.
    const code = (error as { name?: string; code?: unknown }).name === 'UnreadableDocument' ? (error as { code: string }).code : 'DAMAGED_FILE';
    return { id, ok: false, code: code as Extract<ReadReply, { ok: false }>['code'] };
  }
}

/** The document arriving: its facts and the bytes so far. */
let arriving: { id: number; contentType: string; fileName: string; bytes: ReturnType<typeof gatherBytes> } | null = null;

// One document at a time: the parent sends the next only after this one's answer. More bytes than
// an upload may hold (the parent refuses them first) throw here and end the process: DAMAGED_FILE.
process.on('message', (message: ReadMessage) => {
  if ('document' in message) {
    const { contentType, fileName, sizeBytes } = message.document;
    arriving = { id: message.id, contentType, fileName, bytes: gatherBytes(sizeBytes) };
  } else if (arriving?.id !== message.id) {
    return; // pieces of a document the parent gave up on
  } else if ('piece' in message) {
    arriving.bytes.add(message.piece);
  } else {
    const { id, contentType, fileName, bytes } = arriving;
    arriving = null;
    void read(id, { bytes: bytes.bytes(), contentType, fileName }).then(send);
  }
});
send({ ready: true });

// Worker thread that takes the SHA-256 of every upload in progress, so that hashing runs beside
// the parse of the multipart body, on another core, instead of between its pieces. The bytes of
// one upload arrive in order. It allocates nothing per piece: the bytes come in buffers the main
// thread reuses, and go back once hashed. (Type imports only: in tests Node runs this file from
// source, stripping the types.)
import { createHash, type Hash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { Sha256Reply, Sha256Request } from './sha256-messages.js';

const port = parentPort!;
const hashes = new Map<number, Hash>();

function handle(request: Sha256Request): void {
  const { id } = request;
  if (request.type === 'open') {
    hashes.set(id, createHash('sha256'));
  } else if (request.type === 'close') {
    hashes.delete(id);
  } else if (request.type === 'update') {
    hashes.get(id)?.update(request.data.subarray(0, request.length)); // none if closed meanwhile
    const reply: Sha256Reply = { id, data: request.data };
    port.postMessage(reply, [request.data.buffer]);
  } else {
    const hash = hashes.get(id);
    hashes.delete(id);
    const reply: Sha256Reply = hash ? { id, digest: hash.digest('hex') } : { id, error: 'no hash in progress' };
    port.postMessage(reply);
  }
}

port.on('message', (request: Sha256Request) => {
  try {
    handle(request);
  } catch (error) {
    hashes.delete(request.id);
    const reply: Sha256Reply = { id: request.id, error: error instanceof Error ? error.message : 'hashing failed' };
    port.postMessage(reply);
  }
});

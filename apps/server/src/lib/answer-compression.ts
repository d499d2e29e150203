import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * How API answers are compressed (app.ts registers @fastify/compress with these): above 1 KB,
 * brotli or gzip as the browser accepts. Brotli at quality 1, not the plugin's 4: a queue page
 * compresses in half the CPU time for a fifth more bytes (1.3 KB instead of 1.1 KB); at 4 it was a
 * fifth of the server's work under load (docs/performance.md, "Expert queue").
 */
export const ANSWER_COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
};

/** Compressed copies kept per server: a few hundred pages of about 1.3 KB each. */
const KEPT_COPIES = { max: 1000, maxSize: 4 * 1024 * 1024 };

/**
 * Sends a JSON answer that repeats (the expert queue's pages, read from what the server keeps)
 * compressed once, not once per request: compressing the same page again was two thirds of what
 * the queue's first page added to its SQL (issue 31, docs/performance.md). A copy is found by the
 * answer's text and the encoding, so a changed answer is compressed afresh; the encoding is chosen
 * as @fastify/compress chooses it for every other answer, with the same settings, and the plugin
 * leaves an answer that carries its Content-Encoding alone.
 */
export function createKeptCompression() {
  // One cache per encoding, found by the answer's text itself: the same text (the queue's service
  // answers a kept page with the same string) is found by the hash V8 keeps on the string, where a
  // key built anew for each request would be hashed over its 15 KB each time.
  const keptCopies = () => new LRUCache<string, Buffer>({ ...KEPT_COPIES, sizeCalculation: (copy, json) => copy.length + json.length });
  const kept = { br: keptCopies(), gzip: keptCopies() };

  return function sendJson(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
    reply.type('application/json; charset=utf-8');
    const accepted = request.headers['accept-encoding'];
    // As the plugin reads the header: "*" (no preference) and "x-gzip" stand for gzip.
    const encoding = accepted === undefined ? null : negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ANSWER_COMPRESSION.encodings);
    if (encoding === null) return reply.send(json);
    let copy = kept[encoding].get(json);
    if (!copy) {
      // Measured only for an answer not kept yet: a kept one was over the threshold.
      if (Buffer.byteLength(json) < ANSWER_COMPRESSION.threshold) return reply.send(json);
      copy = encoding === 'br' ? brotliCompressSync(json, ANSWER_COMPRESSION.brotliOptions) : gzipSync(json);
      kept[encoding].set(json, copy);
    }
    const vary = reply.getHeader('vary');
    return reply
      .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
      .header('content-encoding', encoding)
      .header('content-length', copy.length)
      .send(copy);
  };
}

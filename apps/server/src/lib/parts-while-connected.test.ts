import type { Multipart } from '@fastify/multipart';
import { describe, expect, it } from 'vitest';
import { partsWhileConnected } from './parts-while-connected.js';

/** A request as the route sees it: whether its connection is gone, and the parser's parts. */
function request(destroyed: boolean, parts: Multipart[]) {
  let asked = false;
  return {
    raw: { destroyed },
    parts: async function* () {
      asked = true;
      yield* parts;
    },
    wasParsed: () => asked,
  };
}

describe('the parts of an upload', () => {
  it('are the parser’s own while the client is connected', async () => {
    const field = { type: 'field', fieldname: 'taxYear', value: '2025' } as unknown as Multipart;
    const open = request(false, [field]);
    const read: Multipart[] = [];
    for await (const part of partsWhileConnected(open)) read.push(part);
    expect(read).toEqual([field]);
  });

  it('fail at once, without starting the parser, when the client closed the request while the upload waited for its turn', async () => {
    // The parser would wait for ever for a 'close' event that was sent before it listened.
    const gone = request(true, []);
    await expect(partsWhileConnected(gone).next()).rejects.toThrow('the client closed the request before its body was read');
    expect(gone.wasParsed()).toBe(false);
  });
});

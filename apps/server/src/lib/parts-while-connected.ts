import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** The part of a request the multipart parts are read from. */
type MultipartRequest = Pick<FastifyRequest, 'parts'> & { raw: { destroyed: boolean } };

/**
 * The request's multipart parts, or an error at once when the client has gone already. The parser
 * learns that a client went away from the request's 'close' event, and starts listening only when
 * the first part is asked for: a client that closed while its upload waited for the account's slot
 * and storage limits sent that event before anyone listened, and asking it for a part would wait for
 * ever, holding the account's upload slot. Checked in the same tick as the parser starts listening.
 */
export async function* partsWhileConnected(request: MultipartRequest): AsyncGenerator<Multipart> {
  if (request.raw.destroyed) throw new Error('the client closed the request before its body was read');
  yield* request.parts();
}

import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/**
 * The whole request, headers and body, must have arrived within this (Node's `requestTimeout`,
 * checked every 30 s): a 50 MB upload needs 0.23 Mbit/s to make it, far below any line in use today.
 * The idle limit below is what cuts a stalled body; this one bounds a body that trickles in (a byte
 * now and then) and so how long any upload can run, which the blob sweep relies on.
 */
export const REQUEST_TIMEOUT_MS = 30 * 60_000;
/** The request line and headers must have arrived within this (Node's default, named here). */
export const HEADERS_TIMEOUT_MS = 60_000;

/** A request that announces a body (a length above 0, or chunks). */
function announcesBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Time-outs of every request, and what is logged when a client goes away:
 * - a body (upload or JSON) that sends no byte for `bodyIdleMs` is cut off: the connection is
 *   closed, so an upload's reader fails, its partial blob is removed and nothing is recorded;
 * - the total and header limits above are set on the Node server;
 * - an answer sent before the body has all arrived (401, 403, 429 from the guards, a refused
 *   upload) closes the connection (`Connection: close`; Node ends the socket once the answer is
 *   written), so a client that announced a large body cannot keep the connection, and the server's
 *   reading of that body, after it was turned away;
 * - a client that closes its connection before the answer is an everyday event (a closed tab, a
 *   lost train tunnel): logged at info, never as an error.
 */
export function registerRequestTimeouts(app: FastifyInstance, bodyIdleMs: number): void {
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;

  app.addHook('onRequest', async (request, reply) => {
    // Injected requests (tests) have no connection to watch.
    if (!(request.raw.socket instanceof Socket) || !announcesBody(request.raw)) return;
    // The socket's own inactivity timer: every byte read (or written) starts it again.
    reply.raw.setTimeout(bodyIdleMs, () => {
      // The body is all in and the answer is being prepared: not the client's silence.
      if (request.raw.complete) return;
      request.log.info({ idleMs: bodyIdleMs }, 'request body stalled: connection closed');
      request.raw.socket.destroy();
    });
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.raw.socket instanceof Socket && announcesBody(request.raw) && !request.raw.complete) reply.header('connection', 'close');
  });

  app.addHook('onRequestAbort', async (request) => {
    request.log.info('client closed the connection before the answer');
  });
}

import type { FastifyRequest } from 'fastify';

/**
 * Whether the request comes from this machine itself. The socket address, not request.ip, so no
 * forwarded header can fake it; and a request relayed by a local proxy (it adds X-Forwarded-For)
 * or sent from another site in the browser (Sec-Fetch-Site) does not count.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return loopback && !relayed && request.headers['sec-fetch-site'] !== 'cross-site';
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether the Host header names this server: the host of PUBLIC_ORIGIN, or a loopback name with
 * the port the request came in on. A site whose own name was pointed at 127.0.0.1 (DNS rebinding)
 * reaches the loopback socket with the browser's blessing, but it sends its own name here.
 */
export function namesThisServer(request: FastifyRequest, publicOrigin: string): boolean {
  const host = request.headers.host?.toLowerCase();
  if (!host) return false;
  if (host === new URL(publicOrigin).host) return true;
  const port = request.socket.localPort;
  return port !== undefined && LOOPBACK_NAMES.some((name) => host === `${name}:${port}`);
}

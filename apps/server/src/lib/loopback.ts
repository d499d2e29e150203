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

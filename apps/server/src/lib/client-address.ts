import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/** What a request counts under when its client is already gone: it can be refused nothing more. */
const GONE = 'client-gone';

/**
 * The flood guard's key: the client address as @fastify/rate-limit's own key generator makes it
 * (an IPv6 address by its /56 network). A client that closed its connection before the guard ran
 * has no address any more (`request.ip` is undefined, or proxy-addr throws on it); the default key
 * generator then throws a TypeError that was logged as a 500 for every such abort.
 */
export function rateLimitKey(request: FastifyRequest): string {
  let ip: string | undefined;
  try {
    ip = request.ip;
  } catch {
    ip = undefined;
  }
  return ip ? normalizeIP(ip) : GONE;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, `no-store` on the API, and the Origin check: a state-changing request that a
 * browser sends from another site gets 403 (DECISIONS D13).
 */
/**
 * The security headers helmet writes for these options, worked out once: they are the same for
 * every answer. (@fastify/helmet ran helmet again on every request, parsing the policy each time:
 * about 4 % of the server's busy time under load, docs/performance.md.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurity(app: FastifyInstance, publicOrigin: string): Promise<void> {
  const httpsOrigin = publicOrigin.startsWith('https:');
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the hashing worker compile its WebAssembly SHA-256; it allows no
        // JavaScript eval and no inline script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Radix positions popovers with inline style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(httpsOrigin ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over https; sent below when the request came over https.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https' || httpsOrigin) {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const foreignOrigin = origin !== undefined && origin !== publicOrigin;
    const foreignSite = origin === undefined && (fetchSite === 'cross-site' || fetchSite === 'same-site');
    if (foreignOrigin || foreignSite) {
      throw new AppError(403, 'FOREIGN_ORIGIN', 'Requests from other sites are not allowed');
    }
  });
}

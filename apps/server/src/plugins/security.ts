import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, `no-store` on the API, and the Origin check: a state-changing request that a
 * browser sends from another site gets 403 (DECISIONS D13).
 */
export async function registerSecurity(app: FastifyInstance, publicOrigin: string): Promise<void> {
  const httpsOrigin = publicOrigin.startsWith('https:');
  await app.register(helmet, {
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

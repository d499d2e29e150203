import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A file (not a folder) of the built app: /cantons is a page, /cantons/zh.svg a file. */
function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

const A_YEAR = 'public, max-age=31536000, immutable';
const A_DAY = 'public, max-age=86400';

/**
 * How long a browser keeps a file of the build. Hashed assets never change under their name. The
 * public images (logo, backdrop, canton shields, icons) may keep for a day: with no-cache, the
 * page asked the server again for the logo each time React drew it (four times on the dashboard's
 * first load). Everything else (index.html, the service worker, the manifest) is asked again.
 */
function cacheControlOf(path: string): string {
  if (/[.-][A-Za-z0-9_-]{8,}\.(js|css|json|woff2?)(\.br|\.gz)?$/.test(path) && path.includes('/assets/')) return A_YEAR;
  if (/\.(svg|png|ico)(\.br|\.gz)?$/.test(path)) return A_DAY;
  return 'no-cache';
}

/**
 * Serves the built web app. Unknown non-API paths get index.html so the client router can
 * show its page (or its not-found page); so does a path naming a folder of the build, such as
 * /cantons beside public/cantons/.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run npm run build');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs); the one the browser
    // accepts is sent as it is, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, path) {
      res.header('Cache-Control', cacheControlOf(path));
    },
  });
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // An API path, or a build file that does not exist (a stale chunk, a source map, which the
    // build does not make), is a plain 404: the app's HTML in its place would only confuse.
    if (path.startsWith('/api/') || path.startsWith('/assets/')) {
      const asset = path.replace(/^\/+/, '');
      if (path.startsWith('/assets/') && !asset.includes('..') && isFile(join(distDir, asset))) return reply.sendFile(asset);
      return reply.callNotFound();
    }
    const file = path.replace(/^\/+/, '');
    if (file && !file.includes('..') && isFile(join(distDir, file))) {
      return reply.sendFile(file);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}

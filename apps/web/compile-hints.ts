import type { Plugin, Rolldown } from 'vite';
import { APP_START_CHUNK } from './first-pages-chunks.ts';

/**
 * V8's explicit compile hint (Chromium 136 on): a script whose first line is this comment has all
 * its functions compiled at once, on a background thread while the file streams in. Without it V8
 * compiles each function on the main thread the first time it is called, which on a page's start
 * is most of them (docs/performance.md, "Compile hints").
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Chromium compiles a script off the main thread only from this size on (Blink's script streamer
 * leaves smaller ones to the main thread, where the hint would only move the work, and the comment
 * would cost its bytes on /login's budget).
 */
export const STREAMED_FROM_BYTES = 30 * 1024;

type Chunk = Rolldown.OutputChunk;

/** A chunk the app loads lazily for one of its own modules (a page, the tax wizard), not for a package. */
const isAppModule = (chunk: Chunk) => chunk.facadeModuleId !== null && !chunk.facadeModuleId.includes('/node_modules/');

/**
 * The chunks a page runs as it starts: the entry's (the router is in it), the app's lazily loaded
 * modules (each page, and a part such as the tax wizard that its page loads as it opens, to render
 * at once), and what those import without waiting. Not a package loaded on demand (pdf-lib, for a
 * camera scan): most of it never runs, and compiling all of it would be waste.
 */
function startChunks(chunks: Chunk[]): Set<Chunk> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<Chunk>();
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file));
    for (const file of chunk.dynamicImports) {
      const lazy = byFile.get(file);
      if (lazy && isAppModule(lazy)) visit(lazy);
    }
  };
  // The entry's code is the chunk index.html loads (first-pages-chunks.ts).
  chunks.filter((chunk) => chunk.name === APP_START_CHUNK).forEach(visit);
  return seen;
}

/** Puts the compile hint on the large chunks of every page's start, after minification. */
export function compileHints(): Plugin {
  return {
    name: 'taxli-compile-hints',
    apply: 'build',
    // After Vite's own generateBundle, which puts its dependency map in front of a chunk's imports.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
        for (const chunk of startChunks(chunks)) {
          if (Buffer.byteLength(chunk.code) >= STREAMED_FROM_BYTES) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}

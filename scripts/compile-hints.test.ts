/**
 * The build's compile hints (apps/web/compile-hints.ts): which chunks Chromium is told to compile
 * whole, off the main thread, as they stream in. A small app is built with the plugin: an entry
 * chunk named as the real one, pages loaded lazily, a part a page loads as it opens, and a package
 * loaded on demand.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { COMPILE_HINT, STREAMED_FROM_BYTES, compileHints } from '../apps/web/compile-hints.ts';
import { APP_START_CHUNK } from '../apps/web/first-pages-chunks.ts';

// In the repository, where pdf-lib (the package the app loads for a camera scan) resolves.
const app = path.join(import.meta.dirname, `compile-hints-app-${process.pid}.generated-by-test`);
afterAll(() => rmSync(app, { recursive: true, force: true }));

/** A module exporting an object of many small methods, at least about `bytes` long once minified. */
const functions = (name: string, bytes: number) =>
  `export const ${name} = {\n${Array.from({ length: Math.ceil(bytes / 20) }, (_, i) => `  m${i}(value) { return value * ${i} + ${name.length}; },`).join('\n')}\n};\n`;

function writeApp() {
  mkdirSync(app, { recursive: true });
  const files: Record<string, string> = {
    'main.js': "import { start } from './start.js';\nglobalThis.app = { start, pages: [() => import('./big-page.js'), () => import('./other-page.js'), () => import('./small-page.js')] };\n",
    'start.js': functions('start', STREAMED_FROM_BYTES * 2),
    'big-page.js': [
      "import { shared } from './shared.js';",
      functions('page', STREAMED_FROM_BYTES * 1.5),
      "export const parts = { shared, wizard: () => import('./wizard.js'), scan: () => import('pdf-lib') };",
    ].join('\n'),
    'shared.js': functions('shared', STREAMED_FROM_BYTES * 1.5),
    'other-page.js': ["import { shared } from './shared.js';", 'export const parts = { shared };'].join('\n'),
    'wizard.js': functions('wizard', STREAMED_FROM_BYTES * 1.5),
    'small-page.js': "export const note = 'a small page';\n",
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(app, name), code);
}

async function builtChunks(): Promise<Rolldown.OutputChunk[]> {
  writeApp();
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [compileHints()],
    build: {
      write: false,
      // The entry's chunk under the real one's name (in the app, first-pages-chunks.ts gives it).
      rolldownOptions: { input: { [APP_START_CHUNK]: path.join(app, 'main.js') } },
    },
  });
  return (Array.isArray(output) ? output : [output])
    .flatMap((result) => ('output' in result ? result.output : []))
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
}

describe('compile hints in the build', () => {
  it('go first on the large chunks of a page’s start, and nowhere else', async () => {
    const chunks = await builtChunks();
    const hinted = (facade: string) => {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(facade) || candidate.name === facade);
      expect(chunk, facade).toBeDefined();
      return chunk!.code.startsWith(COMPILE_HINT);
    };
    expect(hinted(APP_START_CHUNK)).toBe(true);
    expect(hinted('big-page.js')).toBe(true);
    expect(hinted('wizard.js')).toBe(true);
    // Imported by two pages without waiting: a chunk of its own, as the app's Zod schemas are.
    const shared = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('shared.js')));
    expect(shared?.moduleIds).toHaveLength(1);
    expect(shared?.code.startsWith(COMPILE_HINT)).toBe(true);
    // Small: Chromium compiles it on the main thread anyway.
    expect(hinted('small-page.js')).toBe(false);
    // A package loaded on demand: most of it never runs.
    const pdfLib = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.includes('/node_modules/pdf-lib/')));
    expect(pdfLib.length).toBeGreaterThan(0);
    for (const chunk of pdfLib) expect(chunk.code.startsWith(COMPILE_HINT), chunk.fileName).toBe(false);
    expect(chunks.filter((chunk) => chunk.code.includes(COMPILE_HINT.trim()) && !chunk.code.startsWith(COMPILE_HINT))).toEqual([]);
  });
});

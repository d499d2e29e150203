import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { sha256Wasm } from './sha256-wasm-plugin.ts';
import { firstPagesChunks } from './first-pages-chunks.ts';
import { domainForTheWeb } from './domain-for-the-web.ts';
import { compileHints } from './compile-hints.ts';

const firstPages = firstPagesChunks();

export default defineConfig({
  plugins: [react(), tailwindcss(), sha256Wasm(), domainForTheWeb(), firstPages.plugin, compileHints()],
  // The hashing worker is bundled on its own and imports the SHA-256 module too.
  worker: { plugins: () => [sha256Wasm()] },
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      // With the server's own Host: /dev/mailbox answers only under its own names (DNS rebinding).
      '/dev': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/cantons/cantons.json': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    // No source maps: they would hand the full sources to anyone who loads the app.
    sourcemap: false,
    target: 'es2022',
    // No preload links for a lazy page's files: inserting one per file took a phone's main thread
    // for about 60 ms (240 ms at Lighthouse's 4x slowdown) while the dashboard started, more than
    // the extra round trip it saved; the browser follows the imports itself (docs/performance.md).
    modulePreload: false,
    // Locale files stay separate hashed files, fetched one language at a time (lib/locale-loader.ts).
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    // Fewer, larger files for the first pages (first-pages-chunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: firstPages.groups } } },
  },
});

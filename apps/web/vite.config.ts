import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { sha256Wasm } from './sha256-wasm-plugin.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), sha256Wasm()],
  // The hashing worker is bundled on its own and imports the SHA-256 module too.
  worker: { plugins: () => [sha256Wasm()] },
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/dev': 'http://127.0.0.1:8080', '/cantons/cantons.json': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    // No source maps: they would hand the full sources to anyone (issue 16).
    sourcemap: false,
    target: 'es2022',
    // Every browser the app supports has native modulepreload; the polyfill would only add weight.
    modulePreload: { polyfill: false },
    // Locale files stay separate hashed files, fetched one language at a time (lib/locale-loader.ts).
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
});

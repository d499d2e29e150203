import { defineConfig } from 'vitest/config';

/**
 * `npm run fuzz`: the API fuzzer (apps/server/src/fuzz), apart from the main run so that `npm test`
 * runs it once, as its own step. Its files end in `.fuzz.ts`, which the main config does not include.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'fuzz',
    include: ['apps/server/src/fuzz/**/*.fuzz.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});

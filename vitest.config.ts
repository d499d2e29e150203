import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'repository', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: { name: 'server', include: ['apps/server/src/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});

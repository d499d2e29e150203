import type { FastifyPluginAsync } from 'fastify';
import { readFileSync } from 'node:fs';
import type { ClientConfigResponse } from '@taxli/domain';

// Same relative path from src/features/x and dist/features/x: the server package's own version.
const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** Public facts the login page needs before anyone signs in (is there a debug panel?). */
export const clientConfigRoutes: FastifyPluginAsync<{ debugTools: boolean }> = async (app, { debugTools }) => {
  app.get('/api/config', { config: { access: 'public' } }, async (): Promise<ClientConfigResponse> => ({ debugTools, version }));
};

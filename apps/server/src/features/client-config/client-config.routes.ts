import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfigResponse } from '@taxli/domain';
import { SERVER_VERSION as version } from '../../lib/version.js';

/** Public facts the login page needs before anyone signs in (is there a debug panel?). */
export const clientConfigRoutes: FastifyPluginAsync<{ debugTools: boolean }> = async (app, { debugTools }) => {
  app.get('/api/config', { config: { access: 'public' } }, async (): Promise<ClientConfigResponse> => ({ debugTools, version }));
};

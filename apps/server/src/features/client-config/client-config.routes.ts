import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { SERVER_VERSION as version } from '../../lib/version.js';

/** Public facts the login page needs before anyone signs in (is there a debug panel?). */
export const clientConfigRoutes: FastifyPluginAsyncZod<{ debugTools: boolean }> = async (app, { debugTools }) => {
  registerRoute(app, routes.clientConfig, async () => ({ debugTools, version }));
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { DebugService } from './debug.service.js';

/**
 * The debug panel's calls (part 1 §7). app.ts registers them only with DEBUG_TOOLS=1 outside
 * production: otherwise they do not exist (404), like any unknown path.
 */
export const debugRoutes: FastifyPluginAsyncZod<{ debug: DebugService }> = async (app, { debug }) => {
  registerRoute(app, routes.debugTaxStatus, async (request) => debug.taxStatus(currentUserId(request), request.query.taxYear));

  registerRoute(app, routes.debugDbStatus, async (request) => debug.dbStatus(currentUserId(request)));

  registerRoute(app, routes.debugFixColumn, async (request) => debug.fixColumn(currentUserId(request)));

  registerRoute(app, routes.debugSetTaxProfileStatus, async (request) =>
    debug.setTaxProfileComplete(currentUserId(request), request.body.status, request.body.taxYear),
  );
};

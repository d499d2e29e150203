import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { debugTaxProfileStatusBody, taxStatusQuery } from '@taxli/domain';
import { currentUserId } from '../../plugins/session.js';
import type { DebugService } from './debug.service.js';

const ADMIN = { access: 'admin' } as const;

/**
 * The debug panel's calls (part 1 §7). app.ts registers them only with DEBUG_TOOLS=1 outside
 * production: otherwise they do not exist (404), like any unknown path.
 */
export const debugRoutes: FastifyPluginAsyncZod<{ debug: DebugService }> = async (app, { debug }) => {
  app.get('/api/tax/status', { config: ADMIN, schema: { querystring: taxStatusQuery } }, async (request) =>
    debug.taxStatus(currentUserId(request), request.query.taxYear),
  );

  app.get('/api/debug/db-status', { config: ADMIN }, async (request) => debug.dbStatus(currentUserId(request)));

  app.post('/api/debug/fix-column', { config: ADMIN }, async (request) => debug.fixColumn(currentUserId(request)));

  app.post('/api/tax-profile/set-status', { config: ADMIN, schema: { body: debugTaxProfileStatusBody } }, async (request) =>
    debug.setTaxProfileComplete(currentUserId(request), request.body.status, request.body.taxYear),
  );
};

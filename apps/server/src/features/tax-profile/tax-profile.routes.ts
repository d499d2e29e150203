import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusSetBody, taxProfileQuery } from '@taxli/domain';
import { currentActor, currentUserId } from '../../plugins/session.js';
import type { TaxProfileService } from './tax-profile.service.js';

/** The tax profile of a year: the wizard's draft, declarations, the 1 → 2 move and the tax cards (part 2 §7). */
export const taxProfileRoutes: FastifyPluginAsyncZod<{ taxProfile: TaxProfileService }> = async (app, { taxProfile }) => {
  app.get('/api/tax-profile', { schema: { querystring: taxProfileQuery } }, async (request) =>
    taxProfile.get(currentUserId(request), request.query.taxYear),
  );

  // The body is checked by the service, with the server's clock (a date of birth not in the future).
  app.put('/api/tax-profile/draft', { schema: { querystring: taxProfileQuery } }, async (request) =>
    taxProfile.saveDraft(currentUserId(request), request.query.taxYear, request.body),
  );

  app.post('/api/tax/save-declaration', async (request) => taxProfile.saveDeclaration(currentUserId(request), request.body));

  app.get('/api/tax/declaration', { schema: { querystring: taxProfileQuery } }, async (request, reply) => {
    const latest = await taxProfile.latestDeclaration(currentUserId(request), request.query.taxYear);
    return reply.header('content-disposition', `attachment; filename="${latest.fileName}"`).send(latest.payload);
  });

  app.post('/api/status/set', { schema: { body: statusSetBody } }, async (request) =>
    taxProfile.setStatus(currentActor(request), request.body.statusId, request.body.taxYear),
  );

  app.get('/api/tax-category-preferences', { schema: { querystring: taxProfileQuery } }, async (request) =>
    taxProfile.categoryPreferences(currentUserId(request), request.query.taxYear),
  );
};

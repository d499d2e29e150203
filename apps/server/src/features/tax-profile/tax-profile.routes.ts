import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentActor, currentUserId } from '../../plugins/session.js';
import type { TaxProfileService } from './tax-profile.service.js';

/** The tax profile of a year: the wizard's draft, declarations, the 1 → 2 move and the tax cards (part 2 §7). */
export const taxProfileRoutes: FastifyPluginAsyncZod<{ taxProfile: TaxProfileService }> = async (app, { taxProfile }) => {
  registerRoute(app, routes.getTaxProfile, async (request) => taxProfile.get(currentUserId(request), request.query.taxYear));

  // The body is checked by the service, with the server's clock (a date of birth not in the future).
  registerRoute(app, routes.saveTaxDraft, async (request) =>
    taxProfile.saveDraft(currentUserId(request), request.query.taxYear, request.body),
  );

  registerRoute(app, routes.reopenTaxProfile, async (request) => taxProfile.reopen(currentUserId(request), request.query.taxYear));

  registerRoute(app, routes.saveDeclaration, async (request) => taxProfile.saveDeclaration(currentUserId(request), request.body));

  registerRoute(app, routes.getDeclaration, async (request, reply) => {
    const latest = await taxProfile.latestDeclaration(currentUserId(request), request.query.taxYear);
    return reply.header('content-disposition', `attachment; filename="${latest.fileName}"`).send(latest.payload);
  });

  registerRoute(app, routes.setStatus, async (request) =>
    taxProfile.setStatus(currentActor(request), request.body.statusId, request.body.taxYear),
  );

  registerRoute(app, routes.getTaxCategoryPreferences, async (request) =>
    taxProfile.categoryPreferences(currentUserId(request), request.query.taxYear),
  );
};

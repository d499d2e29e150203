import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentActor, currentUserId } from '../../plugins/session.js';
import type { TaxStatusService } from './tax-status.service.js';

/** Status per tax year, its changes and transmit (DECISIONS D1). Every route acts on the caller's data only, except the admin's PATCH. */
export const taxStatusRoutes: FastifyPluginAsyncZod<{ taxStatus: TaxStatusService }> = async (app, { taxStatus }) => {
  registerRoute(app, routes.getTaxStatus, async (request) =>
    taxStatus.getStatus(currentUserId(request), taxStatus.resolveYear(request.query.taxYear)),
  );

  registerRoute(app, routes.updateNumericStatus, async (request) =>
    taxStatus.updateNumeric(currentActor(request), taxStatus.resolveYear(request.body.taxYear), request.body.status),
  );

  registerRoute(app, routes.transmit, async (request) =>
    taxStatus.transmit(currentUserId(request), taxStatus.resolveYear(request.body.taxYear)),
  );

  registerRoute(app, routes.adminSetTaxStatus, async (request) => {
    const actorId = currentUserId(request);
    const { taxStatus: to, taxYear, allYears, userId } = request.body;
    return taxStatus.adminSetStatus(actorId, userId ?? actorId, allYears ? 'all' : taxStatus.resolveYear(taxYear), to);
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminTaxStatusBody, taxStatusQuery, transmitBody, updateNumericStatusBody } from '@taxli/domain';
import { currentActor, currentUserId } from '../../plugins/session.js';
import type { TaxStatusService } from './tax-status.service.js';

/** Status per tax year, its changes and transmit (DECISIONS D1). Every route acts on the caller's data only, except the admin's PATCH. */
export const taxStatusRoutes: FastifyPluginAsyncZod<{ taxStatus: TaxStatusService }> = async (app, { taxStatus }) => {
  app.get('/api/tax-status', { schema: { querystring: taxStatusQuery } }, async (request) =>
    taxStatus.getStatus(currentUserId(request), taxStatus.resolveYear(request.query.taxYear)),
  );

  app.post('/api/tax-status/update-numeric', { schema: { body: updateNumericStatusBody } }, async (request) =>
    taxStatus.updateNumeric(currentActor(request), taxStatus.resolveYear(request.body.taxYear), request.body.status),
  );

  app.post('/api/tax-year-status/transmit', { schema: { body: transmitBody } }, async (request) =>
    taxStatus.transmit(currentUserId(request), taxStatus.resolveYear(request.body.taxYear)),
  );

  app.patch('/api/user/tax-status', { config: { access: 'admin' }, schema: { body: adminTaxStatusBody } }, async (request) => {
    const actorId = currentUserId(request);
    const { taxStatus: to, taxYear, allYears, userId } = request.body;
    return taxStatus.adminSetStatus(actorId, userId ?? actorId, allYears ? 'all' : taxStatus.resolveYear(taxYear), to);
  });
};

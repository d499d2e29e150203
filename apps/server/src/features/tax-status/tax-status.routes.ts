import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminTaxStatusBody, taxStatusQuery, transmitBody, updateNumericStatusBody } from '@taxli/domain';
import { currentUserId } from '../../plugins/session.js';
import { createTaxStatusService } from './tax-status.service.js';

const actorOf = (request: FastifyRequest) => ({ userId: currentUserId(request), isAdmin: request.session?.role === 'admin' });

/** Status per tax year, its changes and transmit (DECISIONS D1). Every route acts on the caller's data only, except the admin's PATCH. */
export async function taxStatusRoutes(app: FastifyInstance): Promise<void> {
  const service = createTaxStatusService(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/tax-status', { onRequest: app.requireUser, schema: { querystring: taxStatusQuery } }, async (request) =>
    service.getStatus(currentUserId(request), service.resolveYear(request.query.taxYear)),
  );

  api.post('/api/tax-status/update-numeric', { onRequest: app.requireUser, schema: { body: updateNumericStatusBody } }, async (request) =>
    service.updateNumeric(actorOf(request), service.resolveYear(request.body.taxYear), request.body.status),
  );

  api.post('/api/tax-year-status/transmit', { onRequest: app.requireUser, schema: { body: transmitBody } }, async (request) =>
    service.transmit(currentUserId(request), service.resolveYear(request.body.taxYear)),
  );

  // Admin only: the role comes from the session's database lookup, never from the client.
  api.patch('/api/user/tax-status', { onRequest: app.requireAdmin, schema: { body: adminTaxStatusBody } }, async (request) => {
    const actorId = currentUserId(request);
    const { taxStatus, taxYear, userId } = request.body;
    return service.adminSetStatus(actorId, userId ?? actorId, service.resolveYear(taxYear), taxStatus);
  });
}

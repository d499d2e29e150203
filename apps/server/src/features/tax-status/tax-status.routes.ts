import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentActor, currentUserId } from '../../plugins/session.js';
import type { TaxStatusService } from './tax-status.service.js';
import type { TransmitReviewService } from './transmit-review.service.js';

/** Status per tax year, its changes and transmit (DECISIONS D1). Every route acts on the caller's data only, except the admin's PATCH. */
export const taxStatusRoutes: FastifyPluginAsyncZod<{ taxStatus: TaxStatusService; transmitReview: TransmitReviewService }> = async (
  app,
  { taxStatus, transmitReview },
) => {
  registerRoute(app, routes.getTaxStatus, async (request) =>
    taxStatus.getStatus(currentUserId(request), taxStatus.resolveYear(request.query.taxYear)),
  );

  registerRoute(app, routes.updateNumericStatus, async (request) =>
    taxStatus.updateNumeric(currentActor(request), taxStatus.resolveYear(request.body.taxYear), request.body.status),
  );

  registerRoute(app, routes.transmit, async (request) =>
    transmitReview.transmit(currentUserId(request), taxStatus.resolveYear(request.body.taxYear), request.body.confirmed),
  );

  registerRoute(app, routes.transmitReview, async (request) =>
    transmitReview.review(currentUserId(request), taxStatus.resolveYear(request.query.taxYear)),
  );

  registerRoute(app, routes.transmissionReceipt, async (request, reply) => {
    const taxYear = taxStatus.resolveYear(request.query.taxYear);
    const pdf = await transmitReview.receiptPdf(currentUserId(request), taxYear);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="Taxli-receipt-${taxYear}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf));
  });

  registerRoute(app, routes.adminSetTaxStatus, async (request) => {
    const actorId = currentUserId(request);
    const { taxStatus: to, taxYear, allYears, userId } = request.body;
    return taxStatus.adminSetStatus(actorId, userId ?? actorId, allYears ? 'all' : taxStatus.resolveYear(taxYear), to);
  });
};

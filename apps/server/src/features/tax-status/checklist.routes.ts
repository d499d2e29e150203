import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { ChecklistService } from './checklist.service.js';
import type { TaxStatusService } from './tax-status.service.js';

/** The caller's document checklist and its "not applicable" marks (DECISIONS D19). */
export const checklistRoutes: FastifyPluginAsyncZod<{ checklist: ChecklistService; taxStatus: Pick<TaxStatusService, 'resolveYear'> }> = async (
  app,
  { checklist, taxStatus },
) => {
  registerRoute(app, routes.getChecklist, async (request) => checklist.get(currentUserId(request), taxStatus.resolveYear(request.query.taxYear)));

  registerRoute(app, routes.markNotApplicable, async (request) => {
    const { taxYear, categoryId } = request.params;
    return checklist.markNotApplicable(currentUserId(request), taxStatus.resolveYear(taxYear), categoryId, request.body.reason);
  });

  registerRoute(app, routes.unmarkNotApplicable, async (request) => {
    const { taxYear, categoryId } = request.params;
    return checklist.unmarkNotApplicable(currentUserId(request), taxStatus.resolveYear(taxYear), categoryId);
  });
};

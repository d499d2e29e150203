import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentCategoryList, routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';

/** GET /api/document-categories (DECISIONS D3): `basic` (the default) or `all` categories. */
export const documentCategoryRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  registerRoute(app, routes.documentCategories, async (request) => {
    const { taxYear, mode = 'basic' } = request.query;
    // Checked for a clear 400; the categories are the same every year (D3).
    resolveTaxYear(clock(), taxYear);
    return documentCategoryList(mode);
  });
};

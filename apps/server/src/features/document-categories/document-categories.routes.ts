import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentCategoriesQuery, documentCategoryList } from '@taxli/domain';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';

/** GET /api/document-categories (DECISIONS D3): `basic` (the default) or `all` categories. */
export const documentCategoryRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.get('/api/document-categories', { schema: { querystring: documentCategoriesQuery } }, async (request) => {
    const { taxYear, mode = 'basic' } = request.query;
    // Checked for a clear 400; the categories are the same every year (D3).
    resolveTaxYear(clock(), taxYear);
    return documentCategoryList(mode);
  });
};

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentCategoriesQuery, documentCategoryList } from '@taxli/domain';
import { resolveTaxYear } from '../../lib/tax-year.js';

/** GET /api/document-categories (DECISIONS D3): `basic` (the default) or `all` categories. */
export async function documentCategoryRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/document-categories',
    { onRequest: app.requireUser, schema: { querystring: documentCategoriesQuery } },
    async (request) => {
      const { taxYear, mode = 'basic' } = request.query;
      // Checked for a clear 400; the categories are the same every year (D3).
      resolveTaxYear(clock(), taxYear);
      return documentCategoryList(mode);
    },
  );
}

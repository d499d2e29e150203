import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENT_CATEGORIES,
  documentCategoriesQuery,
  REQUIRED_CATEGORY_IDS,
  type CategorySection,
  type DocumentCategoryResponse,
} from '@taxli/domain';
import { resolveTaxYear } from '../../lib/tax-year.js';

const SECTION_DESCRIPTIONS: Record<CategorySection, string> = {
  required: 'Required for every tax return',
  investments: 'Investments',
  realEstate: 'Real estate',
  foreignIncome: 'Foreign income',
  deductions: 'Deductions',
  spouse: 'Spouse',
  children: 'Children',
  authorization: 'Authorization',
};

const required = new Set<number>(REQUIRED_CATEGORY_IDS);

/**
 * GET /api/document-categories (DECISIONS D3): `basic` (the default) lists the six required
 * categories, `all` every category. Names are English; the web app translates them by id.
 */
export async function documentCategoryRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/document-categories',
    { onRequest: app.requireUser, schema: { querystring: documentCategoriesQuery } },
    async (request) => {
      const { taxYear, mode = 'basic' } = request.query;
      // Checked for a clear 400; the categories are the same every year (D3).
      resolveTaxYear(clock(), taxYear);
      return DOCUMENT_CATEGORIES.filter((c) => mode === 'all' || required.has(c.id)).map(
        (c): DocumentCategoryResponse => ({
          id: c.id,
          name: c.name,
          description: SECTION_DESCRIPTIONS[c.section],
          section: c.section,
          required: required.has(c.id),
        }),
      );
    },
  );
}

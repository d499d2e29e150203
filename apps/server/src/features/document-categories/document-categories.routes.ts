import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENT_CATEGORIES,
  documentCategoriesQuery,
  isDocumentTaxYear,
  REQUIRED_CATEGORY_IDS,
  type CategorySection,
  type DocumentCategoryResponse,
} from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';

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
      if (taxYear !== undefined && !isDocumentTaxYear(taxYear, clock())) {
        throw new AppError(400, 'VALIDATION_ERROR', 'taxYear: out of range', 'taxYear');
      }
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

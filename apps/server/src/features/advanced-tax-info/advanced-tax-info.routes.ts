import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { advancedInfoCompletionBody, advancedInfoTaxYears, type AdvancedInfoCompletionResponse } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { currentUserId } from '../../plugins/session.js';
import { createAdvancedTaxInfoRepository } from './advanced-tax-info.repository.js';

/**
 * Advanced Tax Information. For now only the section's completion flag, which transmit checks on
 * the server (DECISIONS D1, D6); the section's screen and data come with a later issue.
 */
export async function advancedTaxInfoRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.deps;
  const sections = createAdvancedTaxInfoRepository(database.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/advanced-tax-info/completion',
    { onRequest: app.requireUser, schema: { body: advancedInfoCompletionBody } },
    async (request): Promise<AdvancedInfoCompletionResponse> => {
      const now = clock();
      // The years of the Advanced Tax Information screen (D2: current −3 to +1), not the documents' years.
      const years = advancedInfoTaxYears(now);
      const taxYear = request.body.taxYear;
      if (!years.includes(taxYear)) {
        throw new AppError(400, 'VALIDATION_ERROR', `taxYear: must be a year from ${years.at(-1)} to ${years[0]}`, 'taxYear');
      }
      const advancedInfoCompleted = await sections.setCompleted(currentUserId(request), taxYear, request.body.completed, now);
      return { taxYear, advancedInfoCompleted };
    },
  );
}

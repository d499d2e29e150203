import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { advancedInfoCompletionBody, type AdvancedInfoCompletionResponse } from '@taxli/domain';
import { resolveAdvancedInfoTaxYear } from '../../lib/tax-year.js';
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
      const taxYear = resolveAdvancedInfoTaxYear(now, request.body.taxYear);
      const advancedInfoCompleted = await sections.setCompleted(currentUserId(request), taxYear, request.body.completed, now);
      return { taxYear, advancedInfoCompleted };
    },
  );
}

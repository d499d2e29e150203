import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advancedInfoCompletionBody } from '@taxli/domain';
import { currentUserId } from '../../plugins/session.js';
import type { AdvancedTaxInfoService } from './advanced-tax-info.service.js';

/** Advanced Tax Information's completion flag, per user and year (DECISIONS D6). */
export const advancedTaxInfoRoutes: FastifyPluginAsyncZod<{ advancedTaxInfo: AdvancedTaxInfoService }> = async (
  app,
  { advancedTaxInfo },
) => {
  app.put('/api/advanced-tax-info/completion', { schema: { body: advancedInfoCompletionBody } }, async (request) =>
    advancedTaxInfo.setCompleted(currentUserId(request), request.body.taxYear, request.body.completed),
  );
};

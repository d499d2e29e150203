import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advancedInfoCompletionBody, advancedTaxInfoQuery, userPreferenceBody, userPreferenceParams } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { currentUserId } from '../../plugins/session.js';
import type { UserService } from '../users/user.service.js';
import type { AdvancedTaxInfoService } from './advanced-tax-info.service.js';
import { powerOfAttorneyPdf } from './power-of-attorney-pdf.js';

interface Options {
  advancedTaxInfo: AdvancedTaxInfoService;
  users: Pick<UserService, 'findRecord'>;
}

const powerOfAttorneyQuery = advancedTaxInfoQuery.extend({
  language: z.enum(['en', 'de'], { error: 'language must be en or de' }).default('en'),
});

/** Advanced Tax Information, per user and year (part 2 §7, DECISIONS D6). Bodies are checked by the service. */
export const advancedTaxInfoRoutes: FastifyPluginAsyncZod<Options> = async (app, { advancedTaxInfo, users }) => {
  app.get('/api/advanced-tax-info', { schema: { querystring: advancedTaxInfoQuery } }, async (request) =>
    advancedTaxInfo.get(currentUserId(request), request.query.taxYear),
  );

  app.get('/api/user-preferences', { schema: { querystring: advancedTaxInfoQuery } }, async (request) =>
    advancedTaxInfo.preferences(currentUserId(request), request.query.taxYear),
  );

  app.post('/api/user-preferences/:key', { schema: { params: userPreferenceParams, body: userPreferenceBody } }, async (request) =>
    advancedTaxInfo.setPreference(currentUserId(request), request.params.key, request.body.taxYear, request.body.isRelevant),
  );

  app.put('/api/advanced-tax-info/spouse', async (request) => advancedTaxInfo.saveSpouse(currentUserId(request), request.body));
  app.put('/api/advanced-tax-info/children', async (request) => advancedTaxInfo.saveChildren(currentUserId(request), request.body));
  app.put('/api/advanced-tax-info/authorization', async (request) => advancedTaxInfo.saveAuthorization(currentUserId(request), request.body));

  app.put('/api/advanced-tax-info/completion', { schema: { body: advancedInfoCompletionBody } }, async (request) =>
    advancedTaxInfo.setCompleted(currentUserId(request), request.body.taxYear, request.body.completed),
  );

  app.get('/api/advanced-tax-info/power-of-attorney', { schema: { querystring: powerOfAttorneyQuery } }, async (request, reply) => {
    const { taxYear, language } = request.query;
    const user = await users.findRecord(currentUserId(request));
    if (!user) throw new AppError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
    const street = [user.taxStreet, user.taxHouseNumber].filter(Boolean).join(' ');
    const place = [user.taxZipCode, user.taxCity].filter(Boolean).join(' ');
    const pdf = await powerOfAttorneyPdf(language, {
      taxYear,
      name: `${user.firstName} ${user.lastName}`.trim(),
      dateOfBirth: user.dateOfBirth,
      address: [street, place].filter(Boolean).join(', '),
    });
    const fileName = language === 'de' ? 'Vollmacht.pdf' : 'PowerAttorney.pdf';
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf));
  });
};

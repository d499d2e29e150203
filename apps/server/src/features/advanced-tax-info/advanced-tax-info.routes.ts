import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { UserService } from '../users/user.service.js';
import type { AdvancedTaxInfoService } from './advanced-tax-info.service.js';
import { powerOfAttorneyPdf } from './power-of-attorney-pdf.js';

interface Options {
  advancedTaxInfo: AdvancedTaxInfoService;
  users: Pick<UserService, 'findRecord'>;
}

/** Advanced Tax Information, per user and year (part 2 §7, DECISIONS D6). Bodies are checked by the service. */
export const advancedTaxInfoRoutes: FastifyPluginAsyncZod<Options> = async (app, { advancedTaxInfo, users }) => {
  registerRoute(app, routes.getAdvancedTaxInfo, async (request) =>
    advancedTaxInfo.get(currentUserId(request), request.query.taxYear),
  );

  registerRoute(app, routes.getUserPreferences, async (request) =>
    advancedTaxInfo.preferences(currentUserId(request), request.query.taxYear),
  );

  registerRoute(app, routes.setUserPreference, async (request) =>
    advancedTaxInfo.setPreference(currentUserId(request), request.params.key, request.body.taxYear, request.body.isRelevant),
  );

  registerRoute(app, routes.saveSpouse, async (request) => advancedTaxInfo.saveSpouse(currentUserId(request), request.body));
  registerRoute(app, routes.saveChildren, async (request) => advancedTaxInfo.saveChildren(currentUserId(request), request.body));
  registerRoute(app, routes.saveAuthorization, async (request) => advancedTaxInfo.saveAuthorization(currentUserId(request), request.body));

  registerRoute(app, routes.setAdvancedInfoCompletion, async (request) =>
    advancedTaxInfo.setCompleted(currentUserId(request), request.body.taxYear, request.body.completed),
  );

  registerRoute(app, routes.powerOfAttorney, async (request, reply) => {
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

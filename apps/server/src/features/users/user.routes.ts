import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gtcAcceptBody, profileUpdateBody, taxAddressBody, taxYearQuery } from '@taxli/domain';
import { currentUserId } from '../../plugins/session.js';
import type { TaxProfileService } from '../tax-profile/tax-profile.service.js';
import type { UserService } from './user.service.js';

/** The signed-in user's own record, profile, tax address and terms acceptance. */
export const userRoutes: FastifyPluginAsyncZod<{ users: UserService; taxProfile: Pick<TaxProfileService, 'submit'> }> = async (
  app,
  { users, taxProfile },
) => {
  app.get('/api/user', { schema: { querystring: taxYearQuery } }, async (request) =>
    users.getUser(currentUserId(request), request.query.taxYear),
  );

  // The edit form sends name and phone; the wizard's final submit sends every field with
  // isTaxProfileComplete: true, which completes that year's tax profile (part 2 §4, D15).
  app.put('/api/user/profile', { schema: { querystring: taxYearQuery, body: profileUpdateBody } }, async (request) => {
    const userId = currentUserId(request);
    const taxYear = request.body.taxYear ?? request.query.taxYear;
    if (request.body.isTaxProfileComplete === true) return taxProfile.submit(userId, taxYear, request.body);
    return users.updateProfile(userId, request.body, taxYear);
  });

  app.put('/api/user/tax-address', { schema: { body: taxAddressBody } }, async (request) => {
    const { street, houseNumber, zipCode, city, gemeinde } = request.body;
    return users.updateTaxAddress(currentUserId(request), { street, houseNumber: houseNumber || null, zipCode, city, gemeinde: gemeinde || null });
  });

  // The client also sends a timestamp, its user agent and an "ipAddress" text; none of them is
  // evidence, so the server records its own view (time, User-Agent header, hashed peer address).
  app.post('/api/gtc/accept', { schema: { body: gtcAcceptBody } }, async (request) =>
    users.acceptTerms(currentUserId(request), request.headers['user-agent'], request.ip),
  );
};

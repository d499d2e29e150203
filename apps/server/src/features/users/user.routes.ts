import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { TaxProfileService } from '../tax-profile/tax-profile.service.js';
import type { UserService } from './user.service.js';

/** What a profile save works with: the users' and the tax profile's services on its transaction. */
export interface ProfileSaveScope {
  users: UserService;
  taxProfile: Pick<TaxProfileService, 'submit' | 'parseProfileAnswers' | 'mergeAnswers' | 'followProfileChange'>;
}

/** The signed-in user's own record, profile, tax address and terms acceptance. */
export const userRoutes: FastifyPluginAsyncZod<{
  users: UserService;
  inProfileSave: <T>(work: (scope: ProfileSaveScope) => Promise<T>) => Promise<T>;
}> = async (app, { users, inProfileSave }) => {
  registerRoute(app, routes.getUser, async (request) => users.getUser(currentUserId(request), request.query.taxYear));

  // The edit form sends name and phone; the wizard's final submit sends every field with
  // isTaxProfileComplete: true, which completes that year's tax profile (part 2 §4, D15). Any other
  // field of §3 sent is stored (the person's on the person, the answers in the year's profile) or
  // refused naming it: nothing sent vanishes.
  registerRoute(app, routes.updateProfile, async (request) => {
    const userId = currentUserId(request);
    const { body } = request;
    const taxYear = body.taxYear ?? request.query.taxYear;
    const finalSubmit = body.isTaxProfileComplete === true;
    // One transaction with the person's row locked first: two saves of one person (two tabs, two
    // devices) take turns, so each one's check, the record it compares the drafts with and its
    // writes see the same person, and a refusal at any step leaves nothing of the request written.
    return inProfileSave(async ({ users, taxProfile }) => {
      await users.lockForSave(userId);
      const stored = await users.checkAgainstStored(userId, taxYear, body, finalSubmit);
      const answers = finalSubmit ? null : taxProfile.parseProfileAnswers(body);
      if (finalSubmit) await taxProfile.submit(userId, taxYear, body);
      const user = await users.updateProfile(userId, body, taxYear, { userAgent: request.headers['user-agent'], ip: request.ip });
      // The person changed (the form, or a year's final submit): the other drafts follow what changed.
      await taxProfile.followProfileChange(userId, stored, user);
      if (answers) await taxProfile.mergeAnswers(userId, taxYear, answers);
      return user;
    });
  });

  registerRoute(app, routes.updateTaxAddress, async (request) => {
    const { street, houseNumber, zipCode, city, gemeinde } = request.body;
    return users.updateTaxAddress(currentUserId(request), { street, houseNumber: houseNumber || null, zipCode, city, gemeinde: gemeinde || null });
  });

  // The client also sends a timestamp, its user agent and an "ipAddress" text; none of them is
  // evidence, so the server records its own view (time, User-Agent header, hashed peer address).
  registerRoute(app, routes.acceptTerms, async (request) =>
    users.acceptTerms(currentUserId(request), request.headers['user-agent'], request.ip),
  );
};

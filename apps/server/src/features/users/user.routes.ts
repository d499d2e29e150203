import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gtcAcceptBody, profileUpdateBody, taxYearQuery } from '@taxli/domain';
import { currentUserId } from '../../plugins/session.js';
import type { UserService } from './user.service.js';

/** The signed-in user's own record, profile and terms acceptance. */
export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.get('/api/user', { schema: { querystring: taxYearQuery } }, async (request) =>
    users.getUser(currentUserId(request), request.query.taxYear),
  );

  app.put('/api/user/profile', { schema: { querystring: taxYearQuery, body: profileUpdateBody } }, async (request) =>
    users.updateProfile(currentUserId(request), request.body, request.query.taxYear),
  );

  // The client also sends a timestamp, its user agent and an "ipAddress" text; none of them is
  // evidence, so the server records its own view (time, User-Agent header, hashed peer address).
  app.post('/api/gtc/accept', { schema: { body: gtcAcceptBody } }, async (request) =>
    users.acceptTerms(currentUserId(request), request.headers['user-agent'], request.ip),
  );
};

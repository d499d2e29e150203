import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gtcAcceptBody, profileUpdateBody, taxYearQuery } from '@taxli/domain';
import { createUserRepository } from './user.repository.js';
import { createUserService } from './user.service.js';
import { currentUserId } from '../../plugins/session.js';

/** The signed-in user's own record, profile and terms acceptance. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.deps;
  const service = createUserService({ users: createUserRepository(database.db), clock, secret: config.sessionSecret });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user',
    { onRequest: app.requireUser, schema: { querystring: taxYearQuery } },
    async (request) => service.getUser(currentUserId(request), request.query.taxYear),
  );

  api.put(
    '/api/user/profile',
    { onRequest: app.requireUser, schema: { querystring: taxYearQuery, body: profileUpdateBody } },
    async (request) => service.updateProfile(currentUserId(request), request.body, request.query.taxYear),
  );

  // The client also sends a timestamp, its user agent and an "ipAddress" text; none of them is
  // evidence, so the server records its own view (time, User-Agent header, hashed peer address).
  api.post('/api/gtc/accept', { onRequest: app.requireUser, schema: { body: gtcAcceptBody } }, async (request) =>
    service.acceptTerms(currentUserId(request), request.headers['user-agent'], request.ip),
  );
}

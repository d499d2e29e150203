import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CheckAuthResponse, LoginAsResponse } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { notFoundError } from '../../plugins/errors.js';
import { createUserRepository } from '../users/user.repository.js';
import { signedInAnswer, withAdminRole } from '../auth/sign-in-user.js';
import { isLocalRequest } from './loopback.js';

/** The spec's fallback account when the requested one does not exist. */
const FALLBACK_USER_ID = 2;

/** The session check the app polls, and the local-only debug sign-in (DECISIONS D4). */
export async function debugRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const users = createUserRepository(app.deps.database.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Always present: the app polls it every 60 s. A poll is not activity (idle timeout).
  api.get('/api/debug/check-auth', { config: { backgroundPoll: true } }, async (request): Promise<CheckAuthResponse> => {
    const session = request.session;
    return {
      isAuthenticated: session !== null,
      success: true,
      userId: session?.userId ?? null,
      email: session?.email ?? null,
      isAdmin: session?.role === 'admin',
    };
  });

  // Without DEBUG_TOOLS or from elsewhere the route answers exactly like a missing one.
  const onlyLocalDebug = async (request: FastifyRequest) => {
    if (!config.debugTools || !isLocalRequest(request)) throw notFoundError(request);
  };

  api.get(
    '/api/debug/login-as/:userId',
    { onRequest: onlyLocalDebug, schema: { params: z.object({ userId: z.coerce.number().int().positive() }) } },
    async (request, reply): Promise<LoginAsResponse> => {
      const requested = request.params.userId;
      const found = (await users.findById(requested)) ?? (await users.findById(FALLBACK_USER_ID));
      if (!found) throw new AppError(404, 'NOT_FOUND', 'No such user');
      const user = await withAdminRole({ users, adminEmails: config.adminEmails }, found);
      await app.sessions.start(request, reply, user.id, { remember: false });
      await app.audit.record({
        action: 'debug.login_as',
        outcome: 'success',
        subjectUserId: user.id,
        ip: request.ip,
        details: { requestedUserId: requested, fallback: user.id !== requested },
      });
      return signedInAnswer(user);
    },
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { routes, type SuccessResponse } from '@taxli/domain';
import type { AuditLog } from '../../lib/audit.repository.js';
import { registerRoute } from '../../lib/register-route.js';
import { isLocalRequest } from '../../lib/loopback.js';
import { notFoundError } from '../../plugins/errors.js';
import { secondFactorRequired } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';
import { signedInAnswer } from '../../lib/signed-in-answer.js';

interface AuthRoutesOptions {
  auth: AuthService;
  audit: AuditLog;
  debugTools: boolean;
}

/**
 * Passwordless sign-in: request a code, verify it, restore on a remembered device, log out; the
 * session check the app polls; and the local-only debug sign-in (DECISIONS D4).
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, audit, debugTools }) => {
  registerRoute(app, routes.requestCode, async (request) =>
    auth.requestCode(request.body.email, request.body.language, request.ip, await app.sessions.rememberedDevice(request)),
  );

  registerRoute(app, routes.verifyCode, async (request, reply) => {
    const { email, code, rememberDevice } = request.body;
    const user = await auth.verifyCode(email, code, request.ip);
    await app.sessions.start(request, reply, user.id, { remember: rememberDevice !== false });
    return signedInAnswer(user, 'email-code');
  });

  registerRoute(app, routes.quickRestore, async (request, reply) => {
    const device = await app.sessions.rememberedDevice(request);
    const user = await auth.quickRestore(request.body.email, device, request.ip);
    // The remembered device stands for the e-mail code it was remembered with, not for a passkey.
    await app.sessions.start(request, reply, user.id, { remember: true });
    return signedInAnswer(user, 'email-code');
  });

  registerRoute(app, routes.logout, async (request, reply): Promise<SuccessResponse> => {
    const userId = request.session?.userId ?? null;
    await app.sessions.end(request, reply);
    await audit.record({ action: 'auth.logout', outcome: 'success', actorUserId: userId, subjectUserId: userId, ip: request.ip });
    return { success: true };
  });

  // Polled every 60 s by the app, signed in or not: it answers the state instead of a 401. A poll
  // is not activity (idle timeout).
  registerRoute(
    app,
    routes.checkAuth,
    async (request) => {
      const session = request.session;
      return {
        isAuthenticated: session !== null,
        success: true,
        userId: session?.userId ?? null,
        email: session?.email ?? null,
        isAdmin: session?.role === 'admin',
        ...(session && secondFactorRequired(session) ? { secondFactorRequired: true } : {}),
      };
    },
    { backgroundPoll: true },
  );

  // Without DEBUG_TOOLS or from elsewhere the route answers exactly like a missing one.
  const onlyLocalDebug = async (request: FastifyRequest) => {
    if (!debugTools || !isLocalRequest(request)) throw notFoundError(request);
  };

  registerRoute(
    app,
    routes.loginAs,
    async (request, reply) => {
      const user = await auth.debugSignIn(request.params.userId, request.ip);
      // The debug sign-in (local, DEBUG_TOOLS, never in production) stands in for every way of
      // signing in, the second factor included, so that staff screens can be tried without a passkey.
      await app.sessions.start(request, reply, user.id, { remember: false, authenticatedBy: 'email-code+passkey' });
      return signedInAnswer(user, 'email-code+passkey');
    },
    { onRequest: onlyLocalDebug },
  );
};

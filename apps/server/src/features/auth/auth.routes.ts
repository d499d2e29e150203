import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  quickRestoreBody,
  requestCodeBody,
  userIdParams,
  verifyCodeBody,
  type CheckAuthResponse,
  type LoginAsResponse,
  type SuccessResponse,
} from '@taxli/domain';
import type { AuditLog } from '../../lib/audit.repository.js';
import { isLocalRequest } from '../../lib/loopback.js';
import { notFoundError } from '../../plugins/errors.js';
import type { AuthService } from './auth.service.js';
import { signedInAnswer } from './sign-in-user.js';

interface AuthRoutesOptions {
  auth: AuthService;
  audit: AuditLog;
  debugTools: boolean;
}

const PUBLIC = { access: 'public' } as const;

/**
 * Passwordless sign-in: request a code, verify it, restore on a remembered device, log out; the
 * session check the app polls; and the local-only debug sign-in (DECISIONS D4).
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, audit, debugTools }) => {
  app.post('/api/auth/request-code', { config: PUBLIC, schema: { body: requestCodeBody } }, async (request) =>
    auth.requestCode(request.body.email, request.body.language, request.ip, await app.sessions.rememberedDevice(request)),
  );

  app.post('/api/auth/verify-code', { config: PUBLIC, schema: { body: verifyCodeBody } }, async (request, reply) => {
    const { email, code, rememberDevice } = request.body;
    const user = await auth.verifyCode(email, code, request.ip);
    await app.sessions.start(request, reply, user.id, { remember: rememberDevice !== false });
    return signedInAnswer(user);
  });

  app.post('/api/auth/quick-restore', { config: PUBLIC, schema: { body: quickRestoreBody } }, async (request, reply) => {
    const device = await app.sessions.rememberedDevice(request);
    const user = await auth.quickRestore(request.body.email, device, request.ip);
    await app.sessions.start(request, reply, user.id, { remember: true });
    return signedInAnswer(user);
  });

  app.post('/api/auth/logout', { config: PUBLIC }, async (request, reply): Promise<SuccessResponse> => {
    const userId = request.session?.userId ?? null;
    await app.sessions.end(request, reply);
    await audit.record({ action: 'auth.logout', outcome: 'success', actorUserId: userId, subjectUserId: userId, ip: request.ip });
    return { success: true };
  });

  // Polled every 60 s by the app, signed in or not: it answers the state instead of a 401. A poll
  // is not activity (idle timeout).
  app.get('/api/debug/check-auth', { config: { ...PUBLIC, backgroundPoll: true } }, async (request): Promise<CheckAuthResponse> => {
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
    if (!debugTools || !isLocalRequest(request)) throw notFoundError(request);
  };

  app.get(
    '/api/debug/login-as/:userId',
    { config: PUBLIC, onRequest: onlyLocalDebug, schema: { params: userIdParams } },
    async (request, reply): Promise<LoginAsResponse> => {
      const user = await auth.debugSignIn(request.params.userId, request.ip);
      await app.sessions.start(request, reply, user.id, { remember: false });
      return signedInAnswer(user);
    },
  );
};

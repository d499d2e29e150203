import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { AppError } from '../../lib/app-error.js';
import { secondFactorRequired } from '../../plugins/session.js';
import { signedInAnswer } from '../../lib/signed-in-answer.js';
import type { PasskeyCaller, PasskeyService } from './passkey.service.js';
import { clearPreSession, issuePreSession, preSessionHash } from './pre-session-cookie.js';

interface PasskeyRoutesOptions {
  passkeys: PasskeyService;
}

function callerOf(request: FastifyRequest): PasskeyCaller {
  const session = request.session;
  if (!session) throw new AppError(401, 'UNAUTHENTICATED', 'Please log in');
  return { sessionId: session.id, userId: session.userId, email: session.email, staffWithoutSecondFactor: secondFactorRequired(session) };
}

/** Passkeys (issue 30): thin routes over the passkey service; the session work is here. */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (app, { passkeys }) => {
  const cookies = app.sessions.cookies;

  registerRoute(app, routes.passkeyRegisterOptions, async (request) => passkeys.registrationOptions(callerOf(request)));

  registerRoute(app, routes.passkeyRegisterVerify, async (request) => passkeys.register(callerOf(request), request.body, request.ip));

  registerRoute(app, routes.passkeyLoginOptions, async (request, reply) => {
    const session = request.session;
    if (session) return passkeys.authenticationOptions({ sessionId: session.id }, session.userId);
    return passkeys.authenticationOptions({ preSessionHash: issuePreSession(reply, cookies) }, null);
  });

  registerRoute(app, routes.passkeyLoginVerify, async (request, reply) => {
    const session = request.session;
    if (session) {
      // Signed in by e-mail code: the same session gains its second factor.
      const user = await passkeys.authenticate({ sessionId: session.id }, session.userId, request.body, request.ip);
      await app.sessions.addSecondFactor(session.id);
      return signedInAnswer(user, session.authenticatedBy === 'passkey' ? 'passkey' : 'email-code+passkey');
    }
    const hash = preSessionHash(request, cookies);
    clearPreSession(reply, cookies);
    const user = await passkeys.authenticate(hash ? { preSessionHash: hash } : null, null, request.body, request.ip);
    await app.sessions.start(request, reply, user.id, { remember: false, authenticatedBy: 'passkey' });
    return signedInAnswer(user, 'passkey');
  });

  registerRoute(app, routes.passkeyList, async (request) => ({ passkeys: await passkeys.list(callerOf(request).userId) }));

  registerRoute(app, routes.passkeyRename, async (request) => passkeys.rename(callerOf(request).userId, request.params.id, request.body.name));

  registerRoute(app, routes.passkeyDelete, async (request) => {
    await passkeys.remove(callerOf(request), request.params.id, request.ip);
    return { success: true as const };
  });
};

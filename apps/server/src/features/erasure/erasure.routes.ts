import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { AppError } from '../../lib/app-error.js';
import type { ErasureService } from './erasure.service.js';
import type { CodeHolder } from '../auth/deletion-code.service.js';

interface ErasureRoutesOptions {
  erasure: ErasureService;
}

function callerOf(request: FastifyRequest): CodeHolder {
  const session = request.session;
  if (!session) throw new AppError(401, 'UNAUTHENTICATED', 'Please log in');
  return { userId: session.userId, email: session.email, ip: request.ip };
}

/** "Delete my account" (issue 30 item 6) and the administrator's erasure on a person's behalf (item 7). */
export const erasureRoutes: FastifyPluginAsyncZod<ErasureRoutesOptions> = async (app, { erasure }) => {
  registerRoute(app, routes.accountErasurePreview, async (request) => erasure.preview(callerOf(request).userId));

  registerRoute(app, routes.accountDeleteRequestCode, async (request) => erasure.requestCode(callerOf(request)));

  registerRoute(app, routes.accountDelete, async (request, reply) => {
    const answer = await erasure.confirm(callerOf(request), request.body.code);
    // The sessions are gone with the account; this browser's cookies go too.
    await app.sessions.end(request, reply);
    return answer;
  });

  registerRoute(app, routes.adminDeleteUser, async (request) => erasure.eraseOnBehalf(callerOf(request).userId, request.params.userId));
};

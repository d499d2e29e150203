import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quickRestoreBody, requestCodeBody, verifyCodeBody, type SuccessResponse } from '@taxli/domain';
import { createUserRepository } from '../users/user.repository.js';
import { createAuthService } from './auth.service.js';
import { createLoginCodeRepository } from './login-code.repository.js';
import { quickRestore } from './quick-restore.service.js';
import { signedInAnswer } from './sign-in-user.js';

/** Passwordless sign-in: request a code, verify it, restore on a remembered device, log out. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config, database, clock, mailer } = app.deps;
  const users = createUserRepository(database.db);
  const { audit } = app;
  const codes = createLoginCodeRepository(database.db);
  const service = createAuthService({ config, clock, mailer, codes, users, audit, log: app.log });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/auth/request-code', { schema: { body: requestCodeBody } }, async (request) =>
    service.requestCode(request.body.email, request.body.language, request.ip),
  );

  api.post('/api/auth/verify-code', { schema: { body: verifyCodeBody } }, async (request, reply) => {
    const { email, code, rememberDevice } = request.body;
    const user = await service.verifyCode(email, code, request.ip);
    await app.sessions.start(request, reply, user.id, { remember: rememberDevice !== false });
    return signedInAnswer(user);
  });

  api.post('/api/auth/quick-restore', { schema: { body: quickRestoreBody } }, async (request, reply) => {
    const device = await app.sessions.rememberedDevice(request);
    const deps = { users, adminEmails: config.adminEmails, audit };
    const user = await quickRestore(deps, request.body.email, device, request.ip);
    await app.sessions.start(request, reply, user.id, { remember: true });
    return signedInAnswer(user);
  });

  api.post('/api/auth/logout', async (request, reply): Promise<SuccessResponse> => {
    const userId = request.session?.userId ?? null;
    await app.sessions.end(request, reply);
    await audit.record({ action: 'auth.logout', outcome: 'success', actorUserId: userId, subjectUserId: userId, ip: request.ip });
    return { success: true };
  });
}

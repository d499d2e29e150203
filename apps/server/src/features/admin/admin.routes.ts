import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminTaxStatusQuery, adminUsersQuery, resetProfileBody, setPlanBody, setRoleBody, userIdParams } from '@taxli/domain';
import { currentUserId } from '../../plugins/session.js';
import type { AdminService } from './admin.service.js';

const ADMIN = { access: 'admin' } as const;

/** The admin panel's API (part 2 §2, D4): every route answers 401 without a session and 403 to non-admins. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.get('/api/admin/users', { config: ADMIN, schema: { querystring: adminUsersQuery } }, async (request) =>
    admin.listUsers(currentUserId(request), request.query),
  );

  app.patch('/api/admin/users/:userId/role', { config: ADMIN, schema: { params: userIdParams, body: setRoleBody } }, async (request) =>
    admin.setRole(currentUserId(request), request.params.userId, request.body.role),
  );

  app.patch('/api/admin/users/:userId/plan', { config: ADMIN, schema: { params: userIdParams, body: setPlanBody } }, async (request) =>
    admin.setPlan(currentUserId(request), request.params.userId, request.body.subscriptionPlan),
  );

  app.get('/api/admin/tax-status', { config: ADMIN, schema: { querystring: adminTaxStatusQuery } }, async (request) =>
    admin.taxStatusOf(currentUserId(request), request.query.userId ?? currentUserId(request), request.query.taxYear),
  );

  app.post('/api/admin/reset-profile', { config: ADMIN, schema: { body: resetProfileBody } }, async (request) =>
    admin.resetProfile(currentUserId(request), request.body.userId),
  );

  app.get('/api/admin/system-info', { config: ADMIN }, async () => admin.systemInfo());
};

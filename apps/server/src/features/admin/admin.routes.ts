import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { AdminService } from './admin.service.js';

/** The admin panel's API (part 2 §2, D4): every route answers 401 without a session and 403 to non-admins. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  registerRoute(app, routes.adminUsers, async (request) => admin.listUsers(currentUserId(request), request.query));

  registerRoute(app, routes.setRole, async (request) =>
    admin.setRole(currentUserId(request), request.params.userId, request.body.role),
  );

  registerRoute(app, routes.setPlan, async (request) =>
    admin.setPlan(currentUserId(request), request.params.userId, request.body.subscriptionPlan),
  );

  registerRoute(app, routes.adminTaxStatus, async (request) =>
    admin.taxStatusOf(currentUserId(request), request.query.userId ?? currentUserId(request), request.query.taxYear),
  );

  registerRoute(app, routes.resetProfile, async (request) => admin.resetProfile(currentUserId(request), request.body.userId));

  registerRoute(app, routes.systemInfo, async () => admin.systemInfo());

  registerRoute(app, routes.adminAudit, async (request) => admin.readAudit(currentUserId(request), request.query));

  registerRoute(app, routes.adminAuditCsv, async (request, reply) => {
    const csv = await admin.exportAudit(currentUserId(request), request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="taxli-audit.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
};

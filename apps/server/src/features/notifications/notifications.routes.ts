import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { NotificationsService } from './notifications.service.js';

/** The bell's list of the caller's own notices. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  // Polled every 30 s by every open app: a background poll that does not count as activity.
  registerRoute(app, routes.notifications, async (request) => notifications.list(currentUserId(request)), { backgroundPoll: true });
};

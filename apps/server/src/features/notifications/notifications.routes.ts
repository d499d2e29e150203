import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserId } from '../../plugins/session.js';
import type { NotificationsService } from './notifications.service.js';

/** The bell's list of the caller's own notices. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  // Polled every 30 s by every open app: a background poll that does not count as activity.
  app.get('/api/notifications', { config: { backgroundPoll: true } }, async (request) => notifications.list(currentUserId(request)));
};

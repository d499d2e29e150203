import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { notificationsFor, type NotificationsResponse } from '@taxli/domain';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { currentUserId } from '../../plugins/session.js';

/** The bell's list: the five fixed rules (part 1 §9) applied to the caller's own record. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  // Polled every 30 s by every open app: a background poll that does not count as activity.
  app.get('/api/notifications', { onRequest: app.requireUser, config: { backgroundPoll: true } }, async (request): Promise<NotificationsResponse> => {
    const [user] = await db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        street: users.taxStreet,
        city: users.taxCity,
        isTaxProfileComplete: users.isTaxProfileComplete,
        subscriptionPlan: users.subscriptionPlan,
      })
      .from(users)
      .where(eq(users.id, currentUserId(request)));
    // The session lookup just found this user; only a deletion in between gets here.
    if (!user) throw new AppError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
    return notificationsFor({ ...user, taxAddress: { street: user.street, city: user.city } });
  });
}

import { notificationsFor, type NotificationsResponse } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { UserService } from '../users/user.service.js';

export interface NotificationsDeps {
  users: Pick<UserService, 'findRecord'>;
}

/** The bell's list: the five fixed rules (part 1 §9) applied to the caller's own record. */
export function createNotificationsService({ users }: NotificationsDeps) {
  return {
    async list(userId: number): Promise<NotificationsResponse> {
      const user = await users.findRecord(userId);
      // The session lookup just found this user; only a deletion in between gets here.
      if (!user) throw new AppError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
      return notificationsFor({ ...user, taxAddress: { street: user.taxStreet, city: user.taxCity } });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

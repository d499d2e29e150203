import { notificationsFor, type Notification, type NotificationsResponse } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { UserService } from '../users/user.service.js';

export interface NotificationsDeps {
  users: Pick<UserService, 'findRecord'>;
  /** The notices of the expert's work on the person's years (the expert feature's), from every year's status. */
  yearNotices(userId: number, statuses: ReadonlyArray<{ taxYear: number; status: string }>): Promise<Notification[]>;
}

/** The bell's list: the five fixed rules (part 1 §9) applied to the caller's own record, then the news of their years. */
export function createNotificationsService({ users, yearNotices }: NotificationsDeps) {
  return {
    async list(userId: number): Promise<NotificationsResponse> {
      const user = await users.findRecord(userId);
      // The session lookup just found this user; only a deletion in between gets here.
      if (!user) throw new AppError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
      const profile = notificationsFor({ ...user, taxAddress: { street: user.taxStreet, city: user.taxCity } });
      return [...profile, ...(await yearNotices(userId, user.taxYearStatuses))];
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

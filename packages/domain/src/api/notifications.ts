import type { Notification } from '../notifications.js';

/** GET /api/notifications */
export type NotificationsResponse = Notification[];

import { z } from 'zod';

/**
 * The bell's notices. Two kinds: the five fixed rules of part 1 §9, computed from the user record
 * alone (so the web app can show the same list offline), and the notices of the expert's work on a
 * year (issue 27), derived by the server from the state of the person's years. Ids are stable: the
 * web translates by id (dashboard:notifications.items.<id>.title|description|action, with the
 * notice's `taxYear` as `{{taxYear}}`); the English texts here are the server's answer and the
 * translation fallback.
 */
export const NOTIFICATION_CATEGORIES = ['profile', 'tax', 'documents', 'address', 'payment'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** The five fixed rules of part 1 §9, in their order. */
export const PROFILE_NOTIFICATION_IDS = [
  'missing-name',
  'missing-phone',
  'missing-tax-address',
  'incomplete-tax-profile',
  'no-subscription-plan',
] as const;

/** The expert's work on one year (issue 27), in the order the bell lists them within a year. */
export const YEAR_NOTIFICATION_IDS = ['expert-message', 'document-request', 'review-required', 'return-filed'] as const;
export type YearNotificationId = (typeof YEAR_NOTIFICATION_IDS)[number];

export const NOTIFICATION_IDS = [...PROFILE_NOTIFICATION_IDS, ...YEAR_NOTIFICATION_IDS] as const;
export type NotificationId = (typeof NOTIFICATION_IDS)[number];

/** One notice as GET /api/notifications answers it; a zod schema (its type inferred), checked in the API tests. */
export const notificationSchema = z.strictObject({
  id: z.enum(NOTIFICATION_IDS),
  title: z.string(),
  description: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  actionUrl: z.string(),
  actionText: z.string(),
  /** The tax year a notice of the expert's work is about; absent on the profile rules. */
  taxYear: z.number().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** What the rules read; the user answer of GET /api/user has all of it. */
export interface NotificationSubject {
  firstName: string;
  lastName: string;
  phone: string;
  taxAddress: { street: string | null; city: string | null };
  isTaxProfileComplete: boolean;
  subscriptionPlan: string | null;
}

interface Rule extends Omit<Notification, 'taxYear'> {
  applies(user: NotificationSubject): boolean;
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';
const nameMissing = (u: NotificationSubject) => blank(u.firstName) || blank(u.lastName);

const RULES: readonly Rule[] = [
  {
    id: 'missing-name',
    title: 'Add your name',
    description: 'Your profile has no full name yet. We need it for your tax return.',
    category: 'profile',
    priority: 'high',
    actionUrl: '/profile',
    actionText: 'Update Profile',
    applies: nameMissing,
  },
  {
    id: 'missing-phone',
    title: 'Add your phone number',
    description: 'Add a phone number so that our experts can reach you about your return.',
    category: 'profile',
    priority: 'medium',
    actionUrl: '/profile',
    actionText: 'Add Phone Number',
    applies: (u) => blank(u.phone),
  },
  {
    id: 'missing-tax-address',
    title: 'Add your tax address',
    description: 'Your tax address (street and city) is missing. It decides where you are taxed.',
    category: 'address',
    priority: 'high',
    actionUrl: '/address-demo',
    actionText: 'Add Address',
    applies: (u) => blank(u.taxAddress.street) || blank(u.taxAddress.city),
  },
  {
    id: 'incomplete-tax-profile',
    title: 'Complete your tax profile',
    description: 'Answer the tax-profile questions so that we know which documents you need.',
    category: 'tax',
    priority: 'high',
    actionUrl: '/profile?setup=tax',
    actionText: 'Complete Tax Profile',
    applies: (u) => !u.isTaxProfileComplete,
  },
  {
    // D14: plans are set by administrators, so the notice leads to the profile's plan section,
    // which says so and how to ask (the dashboard's Send Message box).
    id: 'no-subscription-plan',
    title: 'No subscription plan',
    description: "Your account has no plan yet. Plans are set by Taxli's experts; your profile shows how to ask them.",
    category: 'payment',
    priority: 'medium',
    actionUrl: '/profile#plan',
    actionText: 'See plans',
    applies: (u) => blank(u.subscriptionPlan) || u.subscriptionPlan === 'none',
  },
];

/**
 * A notice waits until the step that asks for its fact is the person's next one (issue 28: a
 * brand-new account saw "4" on the bell before doing anything). The first-time profile asks the name
 * and the phone together, so while the name is missing its notice stands for both; the tax profile
 * comes after it, and its wizard asks the tax address, so neither is announced before. A new
 * account thus sees one notice, the next step; a fact that goes missing later is announced as before.
 */
const WAITS_FOR: Partial<Record<NotificationId, (user: NotificationSubject) => boolean>> = {
  'missing-phone': (u) => !nameMissing(u),
  'incomplete-tax-profile': (u) => !nameMissing(u),
  'missing-tax-address': (u) => u.isTaxProfileComplete,
};

/** The notifications that apply to this user now, in the fixed order of the rules. */
export function notificationsFor(user: NotificationSubject): Notification[] {
  return RULES.filter((rule) => rule.applies(user) && (WAITS_FOR[rule.id]?.(user) ?? true)).map(({ applies: _applies, ...notification }) => notification);
}

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  countryCode: text('country_code').notNull().default('+41'),
  language: text('language').notNull().default('en'),
  subscriptionPlan: text('subscription_plan', { enum: ['basic', 'premium'] }),
  isProfileComplete: boolean('is_profile_complete').notNull().default(false),
  isTaxProfileComplete: boolean('is_tax_profile_complete').notNull().default(false),
  taxStreet: text('tax_street'),
  taxCity: text('tax_city'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Status per user and tax year (DECISIONS D1); a missing row means profile_incomplete. */
export const taxYearStatuses = pgTable(
  'tax_year_statuses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    status: text('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
);

/**
 * One-time sign-in codes. Only keyed hashes of the code, the address and the IP are kept: a code
 * request for an address that never signs in leaves no readable personal data behind. Rows also
 * serve as the hourly request counters, so they live at least an hour (purged after a day).
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    emailHash: text('email_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    /** Language of the request, given to the account when this code creates it. */
    language: text('language').notNull().default('en'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_codes_email_idx').on(t.emailHash, t.createdAt),
    index('login_codes_ip_idx').on(t.ipHash, t.createdAt),
    index('login_codes_created_idx').on(t.createdAt),
  ],
);

/** Sessions: the id is the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Remember-device tokens for quick-restore (DECISIONS D5), hashed like sessions. */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('remember_tokens_user_idx').on(t.userId)],
);

/** The first acceptance of each terms version is the one that counts, so one row per version. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsVersion: text('terms_version').notNull(),
    /** As the server saw them; the client's own claims are not evidence. */
    userAgent: text('user_agent'),
    ipHash: text('ip_hash'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('terms_acceptances_user_version_idx').on(t.userId, t.termsVersion)],
);

/**
 * Audit trail. Never holds personal data in clear: e-mail addresses and IPs are keyed hashes,
 * details carry ids and outcomes only.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    actorUserId: integer('actor_user_id'),
    subjectUserId: integer('subject_user_id'),
    emailHash: text('email_hash'),
    ipHash: text('ip_hash'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_at_idx').on(t.at)],
);


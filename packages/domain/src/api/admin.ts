import { z } from 'zod';
import { ROLES, SUBSCRIPTION_PLANS } from './user.js';
import { databaseId } from './database-id.js';
import { withTextRules } from '../text.js';
import { TAX_STATUS_NAMES } from '../tax-status.js';

/**
 * The administrator's API (part 2 §2 Admin panel, DECISIONS D4). Every route is checked by the
 * server: 401 without a session, 403 for an account that is not an admin.
 */

/** A user id as the panel's field sends it: a whole positive number ('Invalid User ID' otherwise). */
const userIdNumber = databaseId(z.number({ error: 'userId must be a number' }), 'userId');

/** POST /api/admin/reset-profile */
export const resetProfileBody = z.object({ userId: userIdNumber });
export type ResetProfileBody = z.input<typeof resetProfileBody>;

export const resetProfileResponse = z.strictObject({
  success: z.literal(true),
  userId: z.number(),
  /** The tax years put back to status 1 with their tax profile reopened (those not yet transmitted). */
  taxYears: z.array(z.number()),
  message: z.string(),
});
export type ResetProfileResponse = z.infer<typeof resetProfileResponse>;

/** GET /api/admin/users?q=…: accounts whose e-mail contains q, or whose id is q; newest first. */
export const adminUsersQuery = z.object({
  q: withTextRules(z.string().trim().max(254, 'q is too long'), 'q').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1).max(200).default(50),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUserSummary = z.strictObject({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** DECISIONS D14: the stored plan (null when none is stored); only administrators change it. */
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS).nullable(),
  isProfileComplete: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUsersResponse = z.strictObject({
  users: z.array(adminUserSummary),
  /** How many accounts match q (the list holds at most `limit`). */
  total: z.number(),
  /** How many administrators there are: the last one cannot lose the role. */
  adminCount: z.number(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

/** PATCH /api/admin/users/:userId/role */
export const userIdParams = z.object({ userId: z.coerce.number({ error: 'userId must be a number' }).pipe(userIdNumber) });
export const setRoleBody = z.object({ role: z.enum(ROLES, { error: "role must be 'user', 'expert' or 'admin'" }) });
export type SetRoleBody = z.input<typeof setRoleBody>;

/** PATCH /api/admin/users/:userId/plan (D14: only administrators change a plan). */
export const setPlanBody = z.object({
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS, { error: `subscriptionPlan must be one of ${SUBSCRIPTION_PLANS.join(', ')}` }),
});
export type SetPlanBody = z.input<typeof setPlanBody>;

/** GET /api/admin/tax-status?userId=&taxYear=: whose status the panel drives (the caller by default). */
export const adminTaxStatusQuery = z.object({
  userId: z.coerce.number({ error: 'userId must be a number' }).pipe(userIdNumber).optional(),
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional(),
});
export type AdminTaxStatusQuery = z.input<typeof adminTaxStatusQuery>;

/** GET /api/admin/system-info: what runs, read from the running server and its build. */
export const systemInfoResponse = z.strictObject({
  environment: z.enum(['development', 'production', 'test']),
  version: z.string(),
  /** ISO time the server was built, or null when it runs from its sources (development). */
  buildDate: z.string().nullable(),
  /** The git commit of the build, when known. */
  commit: z.string().nullable(),
  nodeVersion: z.string(),
  database: z.enum(['embedded', 'postgresql']),
  blobStore: z.enum(['filesystem', 's3']),
  debugTools: z.boolean(),
  /** ISO time the server process started. */
  startedAt: z.string(),
});
export type SystemInfoResponse = z.infer<typeof systemInfoResponse>;

/* ---- Debug tools (DEBUG_TOOLS=1 only, admins only; 404 otherwise) ---- */

/** GET /api/tax/status: the caller's tax-profile flag and status of a year. */
export const debugTaxStatusResponse = z.strictObject({
  userId: z.number(),
  taxYear: z.number(),
  isTaxProfileComplete: z.boolean(),
  taxStatus: z.enum(TAX_STATUS_NAMES),
  current_status_id: z.number(),
});
export type DebugTaxStatusResponse = z.infer<typeof debugTaxStatusResponse>;

/** POST /api/tax-profile/set-status: completes or reopens the caller's tax profile of a year. */
export const debugTaxProfileStatusBody = z.object({
  status: z.boolean({ error: 'status must be true or false' }),
  taxYear: z.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional(),
});
export type DebugTaxProfileStatusBody = z.input<typeof debugTaxProfileStatusBody>;

export const migrationState = z.strictObject({
  /** Migration names (files) applied to this database, in order. */
  applied: z.array(z.string()),
  /** Committed migrations this database has not applied yet. */
  pending: z.array(z.string()),
  upToDate: z.boolean(),
});
export type MigrationState = z.infer<typeof migrationState>;

/** The live database's tables and columns against those the code declares (names, not types). */
export const schemaCheck = z.strictObject({
  matches: z.boolean(),
  missingTables: z.array(z.string()),
  extraTables: z.array(z.string()),
  /** 'table.column', of tables that exist on both sides. */
  missingColumns: z.array(z.string()),
  extraColumns: z.array(z.string()),
});
export type SchemaCheck = z.infer<typeof schemaCheck>;

/** GET /api/debug/db-status (part 1 §3 Debug status, plus the migration state). */
export const debugDbStatusResponse = z.strictObject({
  userCount: z.number(),
  taxCompletedCount: z.number(),
  /** Percent of accounts with a complete tax profile for some year, one decimal. */
  completionRate: z.number(),
  newestUser: z.strictObject({ id: z.number(), email: z.string(), created: z.string() }).nullable(),
  /** The tax profile's completion column exists (the spec's hasTaxIdentificationColumn). */
  hasTaxProfileColumn: z.boolean(),
  /** The columns of the users table, as the database has them. */
  columns: z.array(z.string()),
  migrations: migrationState,
  /** Whether the database has the tables and columns the code declares. */
  schema: schemaCheck,
  lastChecked: z.string(),
});
export type DebugDbStatusResponse = z.infer<typeof debugDbStatusResponse>;

/**
 * POST /api/debug/fix-column: applies pending committed migrations (never hand-made changes). A
 * database that differs from the code with no migration pending is left as it is (409 SCHEMA_DIFFERS).
 */
export const debugFixColumnResponse = z.strictObject({
  success: z.literal(true),
  /** Migrations applied by this call. */
  applied: z.array(z.string()),
  migrations: migrationState,
  /** The schema check after applying them. */
  schema: schemaCheck,
});
export type DebugFixColumnResponse = z.infer<typeof debugFixColumnResponse>;

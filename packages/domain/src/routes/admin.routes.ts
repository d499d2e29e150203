import {
  adminTaxStatusQuery,
  adminUsersQuery,
  debugTaxProfileStatusBody,
  resetProfileBody,
  setPlanBody,
  setRoleBody,
  userIdParams,
  adminUserSummary,
  adminUsersResponse,
  debugDbStatusResponse,
  debugFixColumnResponse,
  debugTaxStatusResponse,
  resetProfileResponse,
  systemInfoResponse,
} from '../api/admin.js';
import { adminTaxStatusResponse, taxStatusQuery } from '../api/tax-status.js';
import { auditExportQuery, auditQuery, auditResponse } from '../api/audit.js';
import { defineRoute, file, json } from './route.js';

/** The admin panel (part 2 §2, D4): 401 without a session, 403 to non-admins. */
export const adminRoutes = {
  adminAudit: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    access: 'admin',
    summary: 'The audit trail, newest first, filtered by person, actor, action and days; keyset paging',
    query: auditQuery,
    response: json(auditResponse),
  }),
  adminAuditCsv: defineRoute({
    method: 'GET',
    path: '/api/admin/audit.csv',
    access: 'admin',
    summary: 'The audit trail with the same filters as a CSV download (at most 10 000 events, newest first)',
    query: auditExportQuery,
    response: file('text/csv'),
  }),
  adminUsers: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'Lists accounts, optionally filtered',
    query: adminUsersQuery,
    response: json(adminUsersResponse),
  }),
  setRole: defineRoute({
    method: 'PATCH',
    path: '/api/admin/users/:userId/role',
    access: 'admin',
    summary: "Sets an account's role: user, expert or admin (the last admin keeps it)",
    params: userIdParams,
    body: setRoleBody,
    response: json(adminUserSummary),
  }),
  setPlan: defineRoute({
    method: 'PATCH',
    path: '/api/admin/users/:userId/plan',
    access: 'admin',
    summary: "Sets an account's subscription plan",
    params: userIdParams,
    body: setPlanBody,
    response: json(adminUserSummary),
  }),
  adminTaxStatus: defineRoute({
    method: 'GET',
    path: '/api/admin/tax-status',
    access: 'admin',
    summary: "A user's status for a year",
    query: adminTaxStatusQuery,
    response: json(adminTaxStatusResponse),
  }),
  resetProfile: defineRoute({
    method: 'POST',
    path: '/api/admin/reset-profile',
    access: 'admin',
    summary: "Resets a user's tax profile",
    body: resetProfileBody,
    response: json(resetProfileResponse),
  }),
  systemInfo: defineRoute({
    method: 'GET',
    path: '/api/admin/system-info',
    access: 'admin',
    summary: 'Server version, storage and database facts',
    response: json(systemInfoResponse),
  }),
} as const;

/** The debug panel (part 1 §7): only with DEBUG_TOOLS=1 outside production, else they do not exist. */
export const debugRoutes = {
  debugTaxStatus: defineRoute({
    method: 'GET',
    path: '/api/tax/status',
    access: 'admin',
    summary: "Debug: the caller's status and profile state for a year",
    query: taxStatusQuery,
    response: json(debugTaxStatusResponse),
  }),
  debugDbStatus: defineRoute({
    method: 'GET',
    path: '/api/debug/db-status',
    access: 'admin',
    summary: "Debug: the database's migrations and schema check",
    response: json(debugDbStatusResponse),
  }),
  debugFixColumn: defineRoute({
    method: 'POST',
    path: '/api/debug/fix-column',
    access: 'admin',
    summary: 'Debug: repairs a known schema drift',
    response: json(debugFixColumnResponse),
  }),
  debugSetTaxProfileStatus: defineRoute({
    method: 'POST',
    path: '/api/tax-profile/set-status',
    access: 'admin',
    summary: "Debug: marks the caller's tax profile complete or not",
    body: debugTaxProfileStatusBody,
    response: json(debugTaxStatusResponse),
  }),
} as const;

import { userIdParams } from '../api/admin.js';
import { accountExportAllowance } from '../api/account-export.js';
import { defineRoute, file, json } from './route.js';

/**
 * The person's copy of everything Taxli holds on them (issue 30: nDSG Art. 25 access, Art. 28
 * portability): one ZIP, streamed, for the person, or for an administrator acting on a request the
 * person made by other means.
 */
export const accountRoutes = {
  accountExport: defineRoute({
    method: 'GET',
    path: '/api/account/export',
    access: 'user',
    summary: "Everything held on the signed-in person as one ZIP, streamed (audited; 5 per 24 h, then 429 EXPORT_RATE_LIMITED)",
    response: file('application/zip'),
  }),
  accountExportAllowance: defineRoute({
    method: 'GET',
    path: '/api/account/export/allowance',
    access: 'user',
    summary: "How many of the day's exports the signed-in person has left, and when the oldest one counted frees",
    response: json(accountExportAllowance),
  }),
  adminUserExport: defineRoute({
    method: 'GET',
    path: '/api/admin/users/:userId/export',
    access: 'admin',
    summary: "A person's data export made by an administrator on their behalf (audited as the admin's act)",
    params: userIdParams,
    response: file('application/zip'),
  }),
} as const;

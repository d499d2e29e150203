import { requestCodeResponse } from '../api/auth.js';
import { userIdParams } from '../api/admin.js';
import { accountErasurePreview, accountErasureResponse, deleteAccountBody } from '../api/erasure.js';
import { defineRoute, json } from './route.js';

/** "Delete my account" (issue 30 item 6) and an administrator's erasure on a person's behalf (item 7). */
export const erasureRoutes = {
  accountErasurePreview: defineRoute({
    method: 'GET',
    path: '/api/account/delete/preview',
    access: 'user',
    summary: 'What deleting the account would keep (transmitted years, until when) before the person confirms',
    response: json(accountErasurePreview),
  }),
  accountDeleteRequestCode: defineRoute({
    method: 'POST',
    path: '/api/account/delete/request-code',
    access: 'user',
    summary: "Mails a fresh code to the account's address that confirms deleting the account (not a sign-in code)",
    response: json(requestCodeResponse),
  }),
  accountDelete: defineRoute({
    method: 'POST',
    path: '/api/account/delete',
    access: 'user',
    summary: "Erases the account with the mailed code: data keys destroyed, blobs and personal rows deleted, sessions ended; says what stays and until when, and mails it",
    body: deleteAccountBody,
    response: json(accountErasureResponse),
  }),
  adminDeleteUser: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:userId/delete',
    access: 'admin',
    summary: "Erases a person's account on their behalf (audited; the person is mailed; not one's own: 409)",
    params: userIdParams,
    response: json(accountErasureResponse),
  }),
} as const;

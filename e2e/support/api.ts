import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ORIGIN } from './environment';
import { waitForCode } from './mailbox';
import { confirmAdminApiSession } from './passkey';

/**
 * Calls the API as the signed-in user of `page` (same cookies), for steps whose screens come in a
 * later issue, such as marking the Advanced Tax Information section complete.
 */
export async function apiAsUser(page: Page, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    headers: { origin: E2E_ORIGIN, 'x-forwarded-for': '10.250.0.1' },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json() as Promise<unknown>;
}

let admin: APIRequestContext | undefined;

/** An API session of the e2e administrator (signed in once with a mailed code, confirmed with its passkey). */
export async function adminContext(): Promise<APIRequestContext> {
  if (admin) return admin;
  const context = await request.newContext({
    baseURL: E2E_ORIGIN,
    extraHTTPHeaders: { origin: E2E_ORIGIN, 'x-forwarded-for': '10.250.0.2' },
  });
  const since = Date.now() - 1000;
  expect((await context.post('/api/auth/request-code', { data: { email: E2E_ADMIN_EMAIL } })).ok()).toBe(true);
  const code = await waitForCode(E2E_ADMIN_EMAIL, since);
  const verified = await context.post('/api/auth/verify-code', { data: { email: E2E_ADMIN_EMAIL, code } });
  expect(verified.ok()).toBe(true);
  await confirmAdminApiSession(context);
  admin = context;
  return context;
}

/** What the tax-profile wizard (a later issue) will do: the year moves to documents_pending. */
export async function adminSetsStatus(page: Page, taxYear: number, taxStatus: string): Promise<void> {
  const user = (await apiAsUser(page, 'GET', '/api/user')) as { id: number };
  const context = await adminContext();
  const response = await context.patch('/api/user/tax-status', { data: { userId: user.id, taxYear, taxStatus } });
  expect(response.ok(), `PATCH /api/user/tax-status answered ${response.status()}`).toBe(true);
}

/** Gives the account of `email` a role, as an administrator does in the panel (issue 27: experts). */
export async function adminSetsRole(email: string, role: 'user' | 'expert' | 'admin'): Promise<void> {
  const context = await adminContext();
  const listed = await context.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  expect(listed.ok(), `GET /api/admin/users answered ${listed.status()}`).toBe(true);
  const account = ((await listed.json()) as { users: Array<{ id: number; email: string }> }).users.find((user) => user.email === email);
  if (!account) throw new Error(`no account for ${email}`);
  const changed = await context.patch(`/api/admin/users/${account.id}/role`, { data: { role } });
  expect(changed.ok(), `PATCH role answered ${changed.status()}`).toBe(true);
}

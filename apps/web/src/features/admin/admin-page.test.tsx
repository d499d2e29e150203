import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminTaxStatusResponse, AdminUsersResponse, SystemInfoResponse, TaxStatusId } from '@taxli/domain';
import { taxStatusName } from '@taxli/domain';
import { aUser, apiError, clearToasts, json, renderRoutes, setLanguage, stubServer, toastRegion, type Route } from '../../test/harness';
import { AdminPage } from './admin-page';

const now = () => new Date('2026-03-01T10:00:00Z');
const ADMIN = aUser({ id: 1, email: 'admin@example.ch', role: 'admin', isAdmin: true });

const statusOf = (userId: number, id: TaxStatusId, taxYear = 2025): AdminTaxStatusResponse => ({
  userId,
  taxYear,
  status: taxStatusName(id),
  current_status_id: id,
  advancedInfoCompleted: false,
  transmittedAt: null,
});

const accounts: AdminUsersResponse = {
  users: [
    { id: 2, email: 'anna@example.ch', name: 'Anna', role: 'user', subscriptionPlan: 'basic', isProfileComplete: true, createdAt: '2026-02-01T10:00:00Z' },
    { id: 1, email: 'admin@example.ch', name: 'Admin', role: 'admin', subscriptionPlan: 'premium', isProfileComplete: true, createdAt: '2026-01-01T10:00:00Z' },
  ],
  total: 2,
  adminCount: 1,
};

const systemInfo: SystemInfoResponse = {
  environment: 'production',
  version: '0.1.0',
  buildDate: '2026-02-27T08:30:00Z',
  commit: 'abc1234',
  nodeVersion: 'v24.21.0',
  database: 'postgresql',
  blobStore: 's3',
  debugTools: false,
  startedAt: '2026-03-01T09:00:00Z',
};

/** A server holding one status per account for 2025, answering the panel's calls. */
function adminServer(initial: Record<number, TaxStatusId> = { 1: 6, 2: 1 }, extra: Record<string, Route> = {}) {
  const statuses = { ...initial };
  const patch: Route = (request) => {
    const body = request.body as { taxStatus: TaxStatusId; userId: number; taxYear: number };
    statuses[body.userId] = body.taxStatus;
    return json(200, statusOf(body.userId, body.taxStatus, body.taxYear));
  };
  return stubServer({
    'GET /api/user': json(200, ADMIN),
    'GET /api/admin/tax-status?userId=1&taxYear=2025': () => json(200, statusOf(1, statuses[1]!)),
    'GET /api/admin/tax-status?userId=2&taxYear=2025': () => json(200, statusOf(2, statuses[2]!)),
    'GET /api/admin/users': json(200, accounts),
    'GET /api/admin/system-info': json(200, systemInfo),
    'PATCH /api/user/tax-status': patch,
    ...extra,
  });
}

const renderAdmin = () => renderRoutes([{ path: '/admin', Component: AdminPage }, { path: '/', Component: () => <p>Home</p> }], { path: '/admin', now });
/** The panel, once the server has said who is signed in. */
async function openAdmin() {
  const view = renderAdmin();
  await screen.findByRole('heading', { level: 1, name: 'Admin Panel' });
  return view;
}
const card = (name: string) => within(screen.getByRole('region', { name }));
const toastText = () => toastRegion().textContent ?? '';

describe('/admin', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows Access Denied to an account the server does not call an admin, and asks no admin endpoint', async () => {
    const server = stubServer({ 'GET /api/user': json(200, aUser()) });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(/This area is restricted to administrators only\./)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.startsWith('/api/admin'))).toEqual([]);
  });

  it('shows Access Denied when the server answers an admin call with 403, whatever the user record says', async () => {
    stubServer({
      'GET /api/user': json(200, ADMIN),
      'GET /api/admin/tax-status?userId=1&taxYear=2025': apiError(403, 'FORBIDDEN', 'Administrators only'),
      'GET /api/admin/users': apiError(403, 'FORBIDDEN', 'Administrators only'),
      'GET /api/admin/system-info': apiError(403, 'FORBIDDEN', 'Administrators only'),
    });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it("shows the admin's own status with the D1 labels, 'Current' badge and progress, and wraps Next from the last status", async () => {
    const server = adminServer();
    await openAdmin();
    expect(await screen.findByText('Step 6 of 6: Submitted to Tax Authority')).toBeInTheDocument();
    const progress = card('Tax Status Progress');
    const current = progress.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'step')!;
    expect(current).toHaveTextContent('Submitted to Tax Authority');
    expect(current).toHaveTextContent('Current');
    expect(progress.getAllByRole('listitem').map((item) => item.textContent?.match(/\d+ %/)?.[0])).toEqual(['16 %', '32 %', '48 %', '64 %', '82 %', '100 %']);

    fireEvent.click(card('Tax Status Stepper').getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 1 of 6: Initial Info Needed')).toBeInTheDocument();
    expect(server.calls('PATCH', '/api/user/tax-status').map((r) => r.body)).toEqual([{ taxStatus: 1, taxYear: 2025, userId: 1 }]);
    expect(toastText()).toContain('Status Changed');
    expect(toastText()).toContain('Tax status updated to: Initial Info Needed');

    fireEvent.click(card('Manage Tax Status').getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Step 6 of 6: Submitted to Tax Authority')).toBeInTheDocument();
  });

  it("Update Status without a choice says 'Please select a tax status'; with one it sets it", async () => {
    const server = adminServer();
    await openAdmin();
    const manage = card('Manage Tax Status');
    await screen.findByText('Step 6 of 6: Submitted to Tax Authority');
    fireEvent.click(manage.getByRole('button', { name: 'Update Status' }));
    expect(toastText()).toContain('Please select a tax status');
    expect(server.calls('PATCH', '/api/user/tax-status')).toHaveLength(0);

    fireEvent.change(manage.getByLabelText('Tax status'), { target: { value: '3' } });
    fireEvent.click(manage.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Step 3 of 6: All Documents Submitted')).toBeInTheDocument();
    expect(toastText()).toContain('Tax status has been updated successfully');
  });

  it("a refused update says 'Failed to update tax status' and keeps the status shown", async () => {
    adminServer({ 1: 2, 2: 1 }, { 'PATCH /api/user/tax-status': apiError(500, 'INTERNAL', 'boom') });
    await openAdmin();
    await screen.findByText('Step 2 of 6: Upload Required Documents');
    fireEvent.click(card('Tax Status Stepper').getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(toastText()).toContain('Failed to update tax status. Please try again.'));
    expect(screen.getByText('Step 2 of 6: Upload Required Documents')).toBeInTheDocument();
  });

  it("drives another account's status once it is chosen in the list of accounts", async () => {
    const server = adminServer();
    await openAdmin();
    const list = card('Accounts and roles');
    fireEvent.click(await list.findByRole('button', { name: 'Drive status: anna@example.ch' }));
    expect(await screen.findByText('Driving anna@example.ch (user 2)')).toBeInTheDocument();
    expect(await screen.findByText('Step 1 of 6: Initial Info Needed')).toBeInTheDocument();
    fireEvent.click(card('Tax Status Stepper').getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 6: Upload Required Documents')).toBeInTheDocument();
    expect(server.calls('PATCH', '/api/user/tax-status').at(-1)?.body).toEqual({ taxStatus: 2, taxYear: 2025, userId: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Back to my own account' }));
    expect(await screen.findByText('Step 6 of 6: Submitted to Tax Authority')).toBeInTheDocument();
  });

  it('keeps the last admin: its Remove admin button is disabled and says why; another account can be made admin', async () => {
    const server = adminServer(undefined, {
      'PATCH /api/admin/users/2/role': json(200, { ...accounts.users[0], role: 'admin' }),
    });
    await openAdmin();
    const list = card('Accounts and roles');
    expect(await list.findByRole('button', { name: 'Remove admin: admin@example.ch' })).toBeDisabled();
    expect(list.getByText('The last administrator keeps the role.')).toBeInTheDocument();
    fireEvent.click(list.getByRole('button', { name: 'Make admin: anna@example.ch' }));
    await vi.waitFor(() => expect(toastText()).toContain('anna@example.ch is now: Administrator'));
    expect(server.calls('PATCH', '/api/admin/users/2/role').map((r) => r.body)).toEqual([{ role: 'admin' }]);
  });

  it('Reset User Profile checks the id, then resets and says so; the server refusal is shown', async () => {
    const server = adminServer(undefined, {
      'POST /api/admin/reset-profile': (request) =>
        (request.body as { userId: number }).userId === 2
          ? json(200, { success: true, userId: 2, taxYears: [2025], message: 'reset' })
          : apiError(404, 'NOT_FOUND', 'No such user'),
    });
    await openAdmin();
    const reset = card('Reset User Profile');
    const field = await reset.findByLabelText('User ID');
    for (const junk of ['', 'abc', '0', '-3', '2.5']) {
      fireEvent.change(field, { target: { value: junk } });
      fireEvent.click(reset.getByRole('button', { name: 'Reset Profile' }));
      expect(toastText(), junk).toContain('Invalid User ID');
      expect(toastText()).toContain('Please enter a valid numeric user ID');
    }
    expect(server.calls('POST', '/api/admin/reset-profile')).toHaveLength(0);
    expect(field).toHaveValue('2.5');

    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.click(reset.getByRole('button', { name: 'Reset Profile' }));
    await vi.waitFor(() => expect(toastText()).toContain('User 2 profile has been reset to first-time login status.'));
    expect(toastText()).toContain('Profile Reset Successful');

    fireEvent.change(field, { target: { value: '99' } });
    fireEvent.click(reset.getByRole('button', { name: 'Reset Profile' }));
    await vi.waitFor(() => expect(toastText()).toContain('Reset Failed'));
    expect(server.calls('POST', '/api/admin/reset-profile').map((r) => r.body)).toEqual([{ userId: 2 }, { userId: 99 }]);
  });

  it('shows the system information the server reports, not constants', async () => {
    adminServer();
    await openAdmin();
    const info = card('System information');
    expect(await info.findByText('Production')).toBeInTheDocument();
    expect(info.getByText('0.1.0')).toBeInTheDocument();
    // In the browser's time zone, the Swiss way (27.02.2026, …).
    expect(info.getByText(new Date(systemInfo.buildDate!).toLocaleString('en-CH'))).toBeInTheDocument();
    expect(info.getByText('abc1234')).toBeInTheDocument();
    expect(info.getByText('PostgreSQL server')).toBeInTheDocument();
    expect(info.getByText('S3-compatible store, encrypted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Tax Card Demo' })).toHaveAttribute('href', '/tax-card-demo');
  });
});

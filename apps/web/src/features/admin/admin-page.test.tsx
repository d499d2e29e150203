import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
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
/** An administrator's role change of user 2, as GET /api/admin/audit gives it. */
const roleChange = (id: number) => ({
  id,
  at: '2026-03-15T09:30:00.000Z',
  action: 'user.role_change',
  outcome: 'success',
  actorUserId: 1,
  subjectUserId: 2,
  details: { from: 'user', to: 'expert' },
});

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
    'GET /api/admin/audit': json(200, { events: [roleChange(7)], nextCursor: 7 }),
    'GET /api/admin/audit?cursor=7': json(200, { events: [roleChange(3)], nextCursor: null }),
    'PATCH /api/user/tax-status': patch,
    ...extra,
  });
}

const renderAdmin = () =>
  renderRoutes(
    [
      { path: '/admin', Component: AdminPage },
      { path: '/', Component: () => <p>Home</p> },
      { path: '/tax-card-demo', Component: () => <p>Tax Card Demo</p> },
    ],
    { path: '/admin', now },
  );
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
    const confirm = await screen.findByRole('dialog', { name: 'Make anna@example.ch an administrator?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Make admin' }));
    await vi.waitFor(() => expect(toastText()).toContain('anna@example.ch is now: Administrator'));
    expect(server.calls('PATCH', '/api/admin/users/2/role').map((r) => r.body)).toEqual([{ role: 'admin' }]);
  });

  it('makes a person a tax expert, shown as such in the list; an administrator is offered no expert button', async () => {
    const server = adminServer(undefined, {
      'PATCH /api/admin/users/2/role': json(200, { ...accounts.users[0], role: 'expert' }),
    });
    await openAdmin();
    const list = card('Accounts and roles');
    expect(list.queryByRole('button', { name: 'Make expert: admin@example.ch' })).not.toBeInTheDocument();
    fireEvent.click(await list.findByRole('button', { name: 'Make expert: anna@example.ch' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make anna@example.ch a tax expert?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Make expert' }));
    await vi.waitFor(() => expect(toastText()).toContain('anna@example.ch is now: Tax expert'));
    expect(server.calls('PATCH', '/api/admin/users/2/role').map((r) => r.body)).toEqual([{ role: 'expert' }]);
  });

  it("offers each account's data export as a download of that account's ZIP (issue 30)", async () => {
    adminServer();
    await openAdmin();
    const list = card('Accounts and roles');
    const anna = await list.findByRole('link', { name: 'Export data: anna@example.ch' });
    expect(anna).toHaveAttribute('href', '/api/admin/users/2/export');
    expect(anna).toHaveAttribute('download');
    expect(list.getByRole('link', { name: 'Export data: admin@example.ch' })).toHaveAttribute('href', '/api/admin/users/1/export');
  });

  it('deletes a person’s account on their behalf after a confirmation that says what goes; never the administrator’s own', async () => {
    const erased = { erasedAt: '2026-03-01T10:00:00.000Z', kind: 'full', erased: { documentVersions: 2, taxYears: [2025] }, retained: [], retentionYears: 10 };
    const server = adminServer(undefined, { 'POST /api/admin/users/2/delete': json(200, erased) });
    await openAdmin();
    const list = card('Accounts and roles');
    expect(list.queryByRole('button', { name: 'Delete account: admin@example.ch' })).not.toBeInTheDocument();
    fireEvent.click(await list.findByRole('button', { name: 'Delete account: anna@example.ch' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the account anna@example.ch for good?' });
    expect(confirm).toHaveTextContent("Only at the person's own request.");
    // Cancel deletes nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('POST', '/api/admin/users/2/delete')).toHaveLength(0);
    fireEvent.click(await list.findByRole('button', { name: 'Delete account: anna@example.ch' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete the account anna@example.ch for good?' })).getByRole('button', { name: 'Delete account' }));
    await vi.waitFor(() => expect(toastText()).toContain('Account 2 was deleted; the person was told by e-mail.'));
    expect(server.calls('POST', '/api/admin/users/2/delete')).toHaveLength(1);
  });

  it('shows the audit trail newest first, older events on request, and filters it by person and action', async () => {
    const server = adminServer(undefined, {
      'GET /api/admin/audit?userId=2&action=user.role_change': json(200, { events: [], nextCursor: null }),
    });
    await openAdmin();
    const trail = card('Audit trail');
    const list = await trail.findByRole('list', { name: 'Audit trail' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(/by 1 · concerning 2/)).toBeInTheDocument();
    expect(within(list).getByText('from: user · to: expert')).toBeInTheDocument();

    fireEvent.click(trail.getByRole('button', { name: 'Show older events' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(trail.queryByRole('button', { name: 'Show older events' })).not.toBeInTheDocument();

    fireEvent.change(trail.getByLabelText('Person (user ID)'), { target: { value: '2' } });
    fireEvent.change(trail.getByLabelText('Action'), { target: { value: 'user.role_change' } });
    fireEvent.click(trail.getByRole('button', { name: 'Apply filters' }));
    expect(await trail.findByText('No events match these filters.')).toBeInTheDocument();
    // The export takes the filters applied.
    expect(trail.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute('href', '/api/admin/audit.csv?userId=2&action=user.role_change');
    expect(server.calls('GET', '/api/admin/audit?userId=2&action=user.role_change')).toHaveLength(1);
  });

  it("shows each account's plan and lets the admin change it (D14); a refusal says why", async () => {
    const server = adminServer(undefined, {
      'PATCH /api/admin/users/2/plan': json(200, { ...accounts.users[0], subscriptionPlan: 'premium' }),
      'PATCH /api/admin/users/1/plan': apiError(404, 'NOT_FOUND', 'No user with this id', 'userId'),
    });
    await openAdmin();
    const list = card('Accounts and roles');
    const annas = await list.findByRole('combobox', { name: 'Plan: anna@example.ch' });
    expect(annas).toHaveValue('basic');
    expect(within(annas).getAllByRole('option').map((o) => o.textContent)).toEqual(['Basic', 'Premium']);
    expect(list.getByText(/ID 2 · User · Plan: Basic · Profile: Complete/)).toBeInTheDocument();
    expect(list.getByText(/ID 1 · Administrator · Plan: Premium/)).toBeInTheDocument();

    fireEvent.change(annas, { target: { value: 'premium' } });
    const confirm = await screen.findByRole('dialog', { name: 'Change the plan of anna@example.ch from Basic to Premium?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Change plan' }));
    await vi.waitFor(() => expect(toastText()).toContain('anna@example.ch is now on: Premium'));
    expect(toastText()).toContain('Plan changed');
    expect(server.calls('PATCH', '/api/admin/users/2/plan').map((r) => r.body)).toEqual([{ subscriptionPlan: 'premium' }]);

    clearToasts();
    fireEvent.change(list.getByRole('combobox', { name: 'Plan: admin@example.ch' }), { target: { value: 'basic' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change plan' }));
    await vi.waitFor(() => expect(toastText()).toContain('There is no account with this user ID.'));
    expect(toastText()).toContain('Plan change failed');
  });

  it.each([
    ['en', 'Make expert: anna@example.ch', 'Make anna@example.ch a tax expert?', 'Plan: anna@example.ch', 'Change the plan of anna@example.ch from Basic to Premium?', 'Cancel'],
    ['de', 'Als Steuerexpert/in einsetzen: anna@example.ch', 'anna@example.ch als Steuerexpert/in einsetzen?', 'Abonnement: anna@example.ch', 'Abonnement von anna@example.ch von Basic auf Premium ändern?', 'Abbrechen'],
  ])('(%s) asks before a role or plan changes, naming the person and the change; Cancel changes nothing', async (language, roleButton, roleQuestion, planBox, planQuestion, cancel) => {
    await setLanguage(language);
    const server = adminServer();
    renderAdmin();
    const makeExpert = await screen.findByRole('button', { name: roleButton });
    const list = card(language === 'de' ? 'Konten und Rollen' : 'Accounts and roles');
    makeExpert.focus();
    fireEvent.click(makeExpert);
    const roleDialog = await screen.findByRole('dialog', { name: roleQuestion });
    fireEvent.click(within(roleDialog).getByRole('button', { name: cancel }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(makeExpert).toHaveFocus());

    const plan = list.getByRole('combobox', { name: planBox });
    fireEvent.change(plan, { target: { value: 'premium' } });
    const planDialog = await screen.findByRole('dialog', { name: planQuestion });
    fireEvent.keyDown(planDialog, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(plan).toHaveValue('basic');
    expect(server.calls('PATCH', '/api/admin/users/2/role')).toHaveLength(0);
    expect(server.calls('PATCH', '/api/admin/users/2/plan')).toHaveLength(0);
  });

  it("shows 'No plan' for an account without a stored plan", async () => {
    adminServer(undefined, {
      'GET /api/admin/users': json(200, { ...accounts, users: [{ ...accounts.users[0], subscriptionPlan: null }, accounts.users[1]] }),
    });
    await openAdmin();
    const annas = await card('Accounts and roles').findByRole('combobox', { name: 'Plan: anna@example.ch' });
    expect(annas).toHaveValue('');
    expect(within(annas).getAllByRole('option').map((o) => o.textContent)).toEqual(['No plan', 'Basic', 'Premium']);
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

  it("'Reset Failed' says what the server said, as specifically as it is translated, else 'Failed to reset user profile'", async () => {
    const answers: Response[] = [
      apiError(404, 'NOT_FOUND', 'No user with this id', 'userId'),
      apiError(409, 'SOMETHING_NEW', 'The account is being reset by someone else'),
      apiError(500, 'INTERNAL_ERROR', 'boom'),
      new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    ];
    adminServer(undefined, { 'POST /api/admin/reset-profile': () => answers.shift()! });
    await openAdmin();
    const reset = card('Reset User Profile');
    fireEvent.change(await reset.findByLabelText('User ID'), { target: { value: '99' } });
    for (const expected of [
      'There is no account with this user ID.',
      'The account is being reset by someone else',
      'Something went wrong on our side. Please try again later.',
      'Failed to reset user profile',
    ]) {
      clearToasts();
      await vi.waitFor(() => expect(reset.getByRole('button', { name: 'Reset Profile' })).toBeEnabled());
      fireEvent.click(reset.getByRole('button', { name: 'Reset Profile' }));
      await vi.waitFor(() => expect(toastText()).toContain(expected));
      expect(toastText()).toContain('Reset Failed');
    }
  });

  it('says why the status cannot be shown (an account deleted meanwhile, the server, the network) and offers to try again', async () => {
    let annas: Route = apiError(404, 'NOT_FOUND', 'No user with this id', 'userId');
    let own: Route = apiError(500, 'INTERNAL_ERROR', 'boom');
    adminServer(undefined, {
      'GET /api/admin/tax-status?userId=1&taxYear=2025': (request) => (typeof own === 'function' ? own(request) : own.clone()),
      'GET /api/admin/tax-status?userId=2&taxYear=2025': (request) => (typeof annas === 'function' ? annas(request) : annas.clone()),
    });
    await openAdmin();
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(
      'The tax status of admin@example.ch for 2025 could not be loaded: Something went wrong on our side. Please try again later.',
    );
    expect(screen.getByText('Status not available.')).toBeInTheDocument();
    expect(screen.queryByText('Loading…', { selector: 'p[aria-live]' })).not.toBeInTheDocument();
    expect(card('Tax Status Stepper').getByRole('button', { name: 'Next' })).toBeDisabled();

    own = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/could not be loaded: Network error occurred/)).toBeInTheDocument();

    own = json(200, statusOf(1, 3));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Step 3 of 6: All Documents Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Anna's account is deleted while the list still shows her.
    fireEvent.click(await card('Accounts and roles').findByRole('button', { name: 'Drive status: anna@example.ch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The tax status of anna@example.ch for 2025 could not be loaded: There is no account with this user ID.',
    );
    annas = json(200, statusOf(2, 1));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Step 1 of 6: Initial Info Needed')).toBeInTheDocument();
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

/**
 * The stepper of part 2 §4 as the admin uses it, on a fake clock: the page, its buttons, the
 * server's answers and the toasts, second by second.
 */
describe('/admin stepper on a fake clock', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    vi.unstubAllGlobals();
  });

  /** The panel with the admin's own status loaded; from here on the timers are fake. */
  async function openWithStatus(initial: TaxStatusId, extra: Record<string, Route> = {}) {
    const server = adminServer({ 1: initial, 2: 1 }, extra);
    await openAdmin();
    await screen.findByText(new RegExp(`^Step ${initial} of 6`));
    await card('System information').findByText('Production');
    await card('Accounts and roles').findByText('anna@example.ch');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // React Query tells the page on a timer of 0 ms; on the fake clock that would wait for the next tick.
    notifyManager.setScheduler(queueMicrotask);
    return server;
  }
  /** `ms` on the fake clock, then the server's last answer read (reading a response takes real turns of the event loop). */
  const wait = async (ms: number) => {
    await act(() => vi.advanceTimersByTimeAsync(ms));
    for (let turn = 0; turn < 5; turn++) await act(() => new Promise((resolve) => setImmediate(resolve)));
  };
  const sets = (server: ReturnType<typeof adminServer>) =>
    server.calls('PATCH', '/api/user/tax-status').map((r) => (r.body as { taxStatus: number }).taxStatus);
  const stepper = () => card('Tax Status Stepper');
  // Part 2 §4's numbers, written out: a wrong interval in the code fails here.
  const AUTO_ADVANCE_INTERVAL_MS = 2_500;
  const LOOP_INTERVAL_MS = 2_000;
  const button = (name: string) => stepper().getByRole('button', { name });

  it('Auto Advance takes a step every 2.5 s up to the last status, and stops there', async () => {
    const server = await openWithStatus(3);
    fireEvent.click(button('Auto Advance'));
    expect(button('Stop Auto Advance')).toHaveAttribute('aria-pressed', 'true');
    await wait(AUTO_ADVANCE_INTERVAL_MS - 1);
    expect(sets(server)).toEqual([]);
    await wait(1);
    expect(sets(server)).toEqual([4]);
    expect(screen.getByText('Step 4 of 6: Expert & AI Analysis Ongoing')).toBeInTheDocument();
    await wait(AUTO_ADVANCE_INTERVAL_MS * 2);
    expect(sets(server)).toEqual([4, 5, 6]);
    expect(screen.getByText('Step 6 of 6: Submitted to Tax Authority')).toBeInTheDocument();
    // Stopped at the last step: nothing left to advance, nothing more sent.
    expect(button('Auto Advance')).toBeDisabled();
    await wait(AUTO_ADVANCE_INTERVAL_MS * 4);
    expect(sets(server)).toEqual([4, 5, 6]);
    expect(button('Start Loop')).toBeEnabled();
  });

  it("Loop resets to the first status, steps every 2 s wrapping round, counts the cycles, and says 'Loop Started' and 'Loop Stopped'", async () => {
    const server = await openWithStatus(4);
    fireEvent.click(button('Start Loop'));
    expect(toastText()).toContain('Loop Started');
    expect(toastText()).toContain('The status advances every 2 seconds.');
    await wait(0);
    expect(sets(server)).toEqual([1]);
    expect(screen.getByText('Step 1 of 6: Initial Info Needed')).toBeInTheDocument();
    expect(stepper().getByText('0 completed cycles')).toBeInTheDocument();
    await wait(LOOP_INTERVAL_MS * 5);
    expect(sets(server)).toEqual([1, 2, 3, 4, 5, 6]);
    await wait(LOOP_INTERVAL_MS);
    expect(sets(server)).toEqual([1, 2, 3, 4, 5, 6, 1]);
    expect(stepper().getByText('1 completed cycle')).toBeInTheDocument();

    fireEvent.click(button('Stop Loop'));
    expect(toastText()).toContain('Loop Stopped');
    expect(toastText()).toContain('Stopped after 1 completed cycle.');
    await wait(LOOP_INTERVAL_MS * 3);
    expect(sets(server)).toHaveLength(7);
    expect(button('Start Loop')).toHaveAttribute('aria-pressed', 'false');
  });

  it('Auto Advance and Loop exclude each other, and hold the account, the year and the single steps while they run', async () => {
    const server = await openWithStatus(2);
    const manage = card('Manage Tax Status');
    fireEvent.click(button('Auto Advance'));
    expect(button('Start Loop')).toBeDisabled();
    expect(manage.getByRole('button', { name: 'Start Loop' })).toBeDisabled();
    expect(button('Previous')).toBeDisabled();
    expect(manage.getByRole('button', { name: 'Update Status' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Tax year' })).toBeDisabled();
    expect(card('Accounts and roles').getByRole('button', { name: 'Drive status: anna@example.ch' })).toBeDisabled();
    fireEvent.click(button('Stop Auto Advance'));

    fireEvent.click(manage.getByRole('button', { name: 'Start Loop' }));
    await wait(0);
    expect(button('Auto Advance')).toBeDisabled();
    expect(button('Next')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Tax year' })).toBeDisabled();
    fireEvent.click(manage.getByRole('button', { name: 'Stop Loop' }));
    expect(sets(server)).toEqual([1]);
  });

  it("a failed update stops the Loop with 'Error — Failed to update tax status. Please try again.'", async () => {
    let calls = 0;
    const server = await openWithStatus(5, {
      'PATCH /api/user/tax-status': (request) => {
        calls += 1;
        if (calls === 3) return apiError(500, 'INTERNAL_ERROR', 'boom');
        const body = request.body as { taxStatus: TaxStatusId; userId: number; taxYear: number };
        return json(200, statusOf(body.userId, body.taxStatus, body.taxYear));
      },
    });
    fireEvent.click(button('Start Loop'));
    await wait(LOOP_INTERVAL_MS * 2);
    expect(sets(server)).toEqual([1, 2, 3]);
    expect(toastText()).toContain('Error');
    expect(toastText()).toContain('Failed to update tax status. Please try again.');
    expect(toastText()).not.toContain('Loop Stopped');
    expect(button('Start Loop')).toBeEnabled();
    await wait(LOOP_INTERVAL_MS * 5);
    expect(sets(server)).toEqual([1, 2, 3]);
  });

  it('leaving the page stops the Loop', async () => {
    const server = await openWithStatus(1);
    fireEvent.click(button('Start Loop'));
    await wait(LOOP_INTERVAL_MS);
    expect(sets(server)).toEqual([1, 2]);
    fireEvent.click(screen.getByRole('link', { name: 'Open the Tax Card Demo' }));
    await wait(0);
    expect(screen.getByText('Tax Card Demo')).toBeInTheDocument();
    await wait(LOOP_INTERVAL_MS * 5);
    expect(sets(server)).toEqual([1, 2]);
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DebugDbStatusResponse, DebugTaxStatusResponse, TaxStatusResponse } from '@taxli/domain';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiError, aUser, clearToasts, json, renderRoutes, setLanguage, signedInCheck, stubServer, toastRegion, type Route } from '../../../test/harness';
import { HomePage } from '../home-page';
import { DebugPanel } from './debug-panel';

const YEAR = 2025;
const ADMIN = aUser({ id: 1, role: 'admin', isAdmin: true });

const taxStatus = (complete = false, id: 1 | 2 | 3 | 4 = 2): DebugTaxStatusResponse => ({
  userId: 1,
  taxYear: YEAR,
  isTaxProfileComplete: complete,
  taxStatus: id === 2 ? 'documents_pending' : 'processing',
  current_status_id: id,
});

const dbStatus: DebugDbStatusResponse = {
  userCount: 12,
  taxCompletedCount: 3,
  completionRate: 25,
  newestUser: { id: 12, email: 'new@example.ch', created: '2026-11-20T10:00:00Z' },
  hasTaxProfileColumn: true,
  columns: ['id', 'email'],
  migrations: { applied: ['0000_a', '0001_b'], pending: [], upToDate: true },
  lastChecked: '2026-11-22T10:00:00Z',
};

function renderPanel(routes: Record<string, Route>) {
  const server = stubServer({ [`GET /api/tax/status?taxYear=${YEAR}`]: json(200, taxStatus()), ...routes });
  renderRoutes([{ path: '/', Component: () => <DebugPanel taxYear={YEAR} /> }]);
  return server;
}

const toastText = () => toastRegion().textContent ?? '';

describe('the dashboard debug panel (part 1 §2)', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('Check DB shows the counts, the column and the migrations; Fix Column applies what is pending', async () => {
    const server = renderPanel({
      'GET /api/debug/db-status': json(200, dbStatus),
      'POST /api/debug/fix-column': json(200, { success: true, applied: [], migrations: dbStatus.migrations }),
    });
    expect(screen.getByText('Not checked yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check DB' }));
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByText('3 (25 %)')).toBeInTheDocument();
    expect(screen.getByText('present')).toBeInTheDocument();
    expect(screen.getByText('up to date (2 applied)')).toBeInTheDocument();
    expect(screen.getByText('new@example.ch (#12)')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Fix Column' }));
    await waitFor(() => expect(toastText()).toContain('The database already matches the migrations.'));
    expect(server.calls('POST', '/api/debug/fix-column')).toHaveLength(1);
  });

  it("a failed check says 'Database Check Failed'", async () => {
    renderPanel({ 'GET /api/debug/db-status': apiError(500, 'INTERNAL', 'boom') });
    fireEvent.click(screen.getByRole('button', { name: 'Check DB' }));
    await waitFor(() => expect(toastText()).toContain('Database Check Failed'));
  });

  it("Toggle Status flips the year's tax-profile flag", async () => {
    const server = renderPanel({ 'POST /api/tax-profile/set-status': json(200, { success: true }) });
    const toggle = await screen.findByRole('button', { name: 'Toggle Status' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Tax profile complete' })).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(server.calls('POST', '/api/tax-profile/set-status')).toHaveLength(1));
    expect(server.calls('POST', '/api/tax-profile/set-status')[0]!.body).toEqual({ status: true, taxYear: YEAR });
  });

  it('the status override shows the names with spaces, sets the year and locks for a second', async () => {
    const server = renderPanel({
      'PATCH /api/user/tax-status': (request) =>
        json(200, { ...taxStatus(false, 4), userId: 1, status: 'processing', advancedInfoCompleted: false, transmittedAt: null, body: request.body }),
    });
    const select = await screen.findByRole('combobox', { name: 'Tax status' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '1 · profile incomplete',
      '2 · documents pending',
      '3 · documents submitted',
      '4 · processing',
      '5 · review required',
      '6 · completed',
    ]);
    fireEvent.change(select, { target: { value: '4' } });
    expect(select).toBeDisabled();
    expect(screen.getByText('Wait a second before the next change.')).toBeInTheDocument();
    await waitFor(() => expect(toastText()).toContain('Tax Status Updated'));
    expect(server.calls('PATCH', '/api/user/tax-status')[0]!.body).toEqual({ taxStatus: 4, taxYear: YEAR });
    await waitFor(() => expect(select).toBeEnabled(), { timeout: 3000 });
  });

  it("shows 'Debug Access Restricted' when the server refuses", async () => {
    renderPanel({ [`GET /api/tax/status?taxYear=${YEAR}`]: apiError(403, 'FORBIDDEN', 'Administrators only') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Debug Access Restricted - You are not authorized to use the debugging tools.');
  });
});

describe('the debug button on the dashboard', () => {
  const dashboardRoutes = (config: { debugTools: boolean }): Record<string, Route> => {
    const status: TaxStatusResponse = { taxYear: YEAR, status: 'documents_pending', current_status_id: 2, advancedInfoCompleted: false, transmittedAt: null };
    return {
      [`GET /api/tax-status?taxYear=${YEAR}`]: json(200, status),
      [`GET /api/files?taxYear=${YEAR}`]: json(200, []),
      [`GET /api/document-categories?taxYear=${YEAR}&mode=basic`]: json(200, []),
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      [`GET /api/tax/status?taxYear=${YEAR}`]: json(200, taxStatus()),
      'GET /api/config': json(200, { ...config, version: '0.1.0' }),
    };
  };

  function renderHome(user = ADMIN) {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.auth, signedInCheck());
    queryClient.setQueryData(queryKeys.user(), user);
    renderRoutes([{ path: '/', Component: HomePage }], { path: '/', now: () => new Date(2026, 10, 22), queryClient });
  }

  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is there for an admin while the server offers debug tools, and opens the panel', async () => {
    stubServer(dashboardRoutes({ debugTools: true }));
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Debug tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Debug tools' });
    expect(within(dialog).getByRole('button', { name: 'Check DB' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload to Bank Documents' })).toBeInTheDocument();
  });

  it('is absent without debug tools, and for someone who is not an admin (who never asks)', async () => {
    const server = stubServer(dashboardRoutes({ debugTools: false }));
    renderHome();
    await waitFor(() => expect(server.calls('GET', '/api/config')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Debug tools' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();

    const second = stubServer(dashboardRoutes({ debugTools: true }));
    cleanup();
    renderHome(aUser());
    await screen.findByRole('heading', { level: 1 });
    expect(second.calls('GET', '/api/config')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Debug tools' })).not.toBeInTheDocument();
  });
});

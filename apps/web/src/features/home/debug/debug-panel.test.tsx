import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DebugDbStatusResponse, DebugTaxStatusResponse, TaxStatusResponse } from '@taxli/domain';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiError, aUser, clearToasts, json, renderRoutes, setLanguage, signedInCheck, stubServer, stubUploads, toastRegion, type Route } from '../../../test/harness';
import { HomePage } from '../home-page';
import { DebugDock } from './debug-dock';
import { DebugPanel } from './debug-panel';
import { STATUS_LOCK_MS } from './status-override';

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
  columns: ['id', 'email', 'role'],
  migrations: { applied: ['0000_a', '0001_b'], pending: [], upToDate: true },
  schema: { matches: true, missingTables: [], extraTables: [], missingColumns: [], extraColumns: [] },
  lastChecked: '2026-11-22T10:00:00Z',
};

/** 22 November 2026: the dashboard offers 2025, 2024 and 2023. */
const now = () => new Date(2026, 10, 22);

function renderPanel(routes: Record<string, Route>) {
  const server = stubServer({ [`GET /api/tax/status?taxYear=${YEAR}`]: json(200, taxStatus()), ...routes });
  renderRoutes([{ path: '/', Component: () => <DebugPanel taxYear={YEAR} /> }], { now });
  return server;
}

/** The status override's selects, once the year's status has arrived. */
async function overrideSelects() {
  const status = await screen.findByRole('combobox', { name: 'Tax status' });
  await waitFor(() => expect(status).toBeEnabled());
  return { year: screen.getByRole('combobox', { name: 'Tax year' }), status };
}

const toastText = () => toastRegion().textContent ?? '';

describe('the dashboard debug panel (part 1 §2)', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('Check DB shows the schema check, the counts, the column, the migrations and the columns of users; Fix Column applies what is pending', async () => {
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
    expect(screen.getByText('Schema').nextSibling).toHaveTextContent('matches the code');
    expect(screen.getByText('Columns of users').nextSibling).toHaveTextContent('id, email, role');

    fireEvent.click(screen.getByRole('button', { name: 'Fix Column' }));
    await waitFor(() => expect(toastText()).toContain('The database already matches the migrations.'));
    expect(server.calls('POST', '/api/debug/fix-column')).toHaveLength(1);
  });

  it('Check DB names each difference between the database and the code', async () => {
    renderPanel({
      'GET /api/debug/db-status': json(200, {
        ...dbStatus,
        schema: { matches: false, missingTables: ['messages'], extraTables: ['stray'], missingColumns: ['users.job_name'], extraColumns: ['users.note'] },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check DB' }));
    expect(await screen.findByText('differs from the code')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'missing table messages',
      'missing column users.job_name',
      'extra table stray',
      'extra column users.note',
    ]);
  });

  it("a refused Fix Column says 'Database Fix Failed' with the reason, and shows what differs", async () => {
    const differs = { matches: false, missingTables: [], extraTables: [], missingColumns: ['users.job_name'], extraColumns: [] };
    const server = renderPanel({
      'POST /api/debug/fix-column': apiError(409, 'SCHEMA_DIFFERS', 'The database differs from the code (missing users.job_name)'),
      'GET /api/debug/db-status': json(200, { ...dbStatus, schema: differs }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fix Column' }));
    await waitFor(() => expect(toastText()).toContain('Database Fix Failed'));
    expect(toastText()).toContain('The database differs from the code and no migration is pending, so nothing was changed.');
    expect(await screen.findByText('missing column users.job_name')).toBeInTheDocument();
    expect(server.calls('GET', '/api/debug/db-status')).toHaveLength(1);
  });

  it("a failed Fix Column says 'Database Fix Failed'", async () => {
    renderPanel({ 'POST /api/debug/fix-column': apiError(500, 'INTERNAL_ERROR', 'boom') });
    fireEvent.click(screen.getByRole('button', { name: 'Fix Column' }));
    await waitFor(() => expect(toastText()).toContain('Database Fix Failed'));
    expect(toastText()).toContain('Something went wrong on our side. Please try again later.');
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
    const { status: select } = await overrideSelects();
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '1 · profile incomplete',
      '2 · documents pending',
      '3 · documents submitted',
      '4 · processing',
      '5 · review required',
      '6 · completed',
    ]);
    // The lock is counted on a fake clock from here on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(select, { target: { value: '4' } });
      expect(select).toBeDisabled();
      expect(screen.getByText('Wait a second before the next change.')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(STATUS_LOCK_MS - 1));
      // The server has answered, and the selector is still locked.
      expect(toastText()).toContain('Tax Status Updated');
      expect(server.calls('PATCH', '/api/user/tax-status')[0]!.body).toEqual({ taxStatus: 4, taxYear: YEAR });
      expect(select).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(select).toBeEnabled();
      expect(screen.queryByText('Wait a second before the next change.')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the status override sets another year, or every year ("overall") with allYears', async () => {
    const server = renderPanel({
      'GET /api/tax/status?taxYear=2023': json(200, { ...taxStatus(false, 4), taxYear: 2023 }),
      'PATCH /api/user/tax-status': (request) => json(200, { userId: 1, taxYear: YEAR, status: 'completed', current_status_id: 6, body: request.body }),
    });
    const { year, status } = await overrideSelects();
    expect(within(year).getAllByRole('option').map((o) => o.textContent)).toEqual(['2025', '2024', '2023', 'All years']);
    expect(year).toHaveValue(String(YEAR));
    expect(status).toHaveValue('2');

    fireEvent.change(year, { target: { value: '2023' } });
    await waitFor(() => expect(status).toHaveValue('4'));
    fireEvent.change(status, { target: { value: '5' } });
    await waitFor(() => expect(server.calls('PATCH', '/api/user/tax-status')).toHaveLength(1));
    expect(server.calls('PATCH', '/api/user/tax-status')[0]!.body).toEqual({ taxStatus: 5, taxYear: 2023 });
    await waitFor(() => expect(status).toBeEnabled(), { timeout: 3000 });

    fireEvent.change(year, { target: { value: 'all' } });
    expect(screen.getByText('Sets the status of every year of your account.')).toBeInTheDocument();
    // The years may differ: no status is shown as the current one.
    expect(status).toHaveValue('');
    expect(within(status).getAllByRole('option')[0]).toHaveTextContent('Choose a status');
    fireEvent.change(status, { target: { value: '6' } });
    await waitFor(() => expect(server.calls('PATCH', '/api/user/tax-status')).toHaveLength(2));
    expect(server.calls('PATCH', '/api/user/tax-status')[1]!.body).toEqual({ taxStatus: 6, allYears: true });
  });

  it("a refused status override says 'Update Failed' and keeps the status shown", async () => {
    renderPanel({ 'PATCH /api/user/tax-status': apiError(500, 'INTERNAL_ERROR', 'boom') });
    const { status } = await overrideSelects();
    fireEvent.change(status, { target: { value: '5' } });
    await waitFor(() => expect(toastText()).toContain('Update Failed'));
    expect(toastText()).toContain('Could not update tax status.');
    expect(status).toHaveValue('2');
  });

  it("shows 'Debug Access Restricted' when the server refuses", async () => {
    renderPanel({ [`GET /api/tax/status?taxYear=${YEAR}`]: apiError(403, 'FORBIDDEN', 'Administrators only') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Debug Access Restricted - You are not authorized to use the debugging tools.');
  });
});

describe('the debug upload (part 1 §2)', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("'Upload to Bank Documents' sends the chosen files to category 1 of the dashboard's year", async () => {
    stubServer({ [`GET /api/tax/status?taxYear=${YEAR}`]: json(200, taxStatus()), 'GET /api/debug/check-auth': json(200, signedInCheck()) });
    const uploads = stubUploads(() => ({
      status: 200,
      body: { files: [{ id: 9, originalFileName: 'kontoauszug.pdf', categoryId: 1, taxYear: YEAR, version: 1 }], failedCount: 0 },
    }));
    renderRoutes([{ path: '/', Component: () => <DebugDock taxYear={YEAR} /> }], { now });
    fireEvent.click(screen.getByRole('button', { name: 'Debug tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Debug tools' });
    const picker = within(dialog).getByLabelText('Upload to Bank Documents', { selector: 'input' });
    fireEvent.change(picker, { target: { files: [new File(['%PDF-1.7 statement'], 'kontoauszug.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const { url, form } = uploads.sent[0]!;
    expect(url).toBe('/api/files/upload');
    expect(form.get('categoryId')).toBe('1');
    expect(form.get('taxYear')).toBe(String(YEAR));
    expect((form.get('files') as File).name).toBe('kontoauszug.pdf');
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

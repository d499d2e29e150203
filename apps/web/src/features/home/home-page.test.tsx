import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taxStatusName, type FileRecord, type TaxStatusResponse, type UserResponse } from '@taxli/domain';
import { createQueryClient } from '../../lib/query-client';
import { appEvents, onAppEvent } from '../../lib/app-events';
import { queryKeys } from '../../lib/query-keys';
import { announceTransmitEnabled } from '../../lib/transmit-announcement';
import { aChecklist, aFileRecord, apiError, aUser, clearToasts, json, renderRoutes, setLanguage, signedInCheck, stubServer, stubUploads, toastRegion, type Route } from '../../test/harness';
import { HomePage } from './home-page';

const november2026 = new Date(2026, 10, 22);
const YEAR = 2025;

const status = (id: number, extra: Partial<TaxStatusResponse> = {}): TaxStatusResponse => ({
  taxYear: YEAR,
  status: taxStatusName(id),
  current_status_id: id as TaxStatusResponse['current_status_id'],
  advancedInfoCompleted: false,
  transmittedAt: null,
  ...extra,
});

const CATEGORIES = [1, 2, 3, 4, 5, 21].map((id) => ({ id, name: `Category ${id}`, description: '', section: 'required', required: true }));

/** What the dashboard loads for one year. */
const yearRoutes = (taxStatus: TaxStatusResponse, files: FileRecord[] = []): Record<string, Route> => ({
  [`GET /api/tax-status?taxYear=${taxStatus.taxYear}`]: json(200, taxStatus),
  [`GET /api/files?taxYear=${taxStatus.taxYear}`]: json(200, files),
  // No completed tax profile: D3's six, ticked by the files (D19).
  [`GET /api/checklist?taxYear=${taxStatus.taxYear}`]: json(200, aChecklist(taxStatus.taxYear, { files, statusId: taxStatus.current_status_id })),
  [`GET /api/document-categories?taxYear=${taxStatus.taxYear}&mode=basic`]: json(200, CATEGORIES),
  // The expert's side (issue 27): nothing done yet, no messages.
  [`GET /api/tax/return-progress?taxYear=${taxStatus.taxYear}`]: json(200, {
    taxYear: taxStatus.taxYear,
    status: taxStatus.current_status_id,
    expertFirstName: null,
    openRequests: [],
    preparedReturn: null,
    filedOn: null,
    unreadMessages: 0,
  }),
  [`GET /api/messages?taxYear=${taxStatus.taxYear}`]: json(200, { taxYear: taxStatus.taxYear, messages: [], unread: 0 }),
});

function dashboard(taxStatus: TaxStatusResponse, files: FileRecord[] = [], extra: Record<string, Route> = {}) {
  return stubServer({ ...yearRoutes(taxStatus, files), 'GET /api/debug/check-auth': json(200, signedInCheck()), ...extra });
}

function renderHome(user: UserResponse = aUser(), today = november2026, Page: ComponentType = HomePage) {
  const queryClient = createQueryClient();
  // The dashboard sits in the signed-in layout, which has seen the session alive.
  queryClient.setQueryData(queryKeys.auth, signedInCheck());
  queryClient.setQueryData(queryKeys.user(), user);
  return renderRoutes([{ path: '/', Component: Page }], { path: '/', now: () => today, queryClient });
}

const LOADING = 'Please wait, loading your tax year…';

/** The dashboard once its loading overlay has gone (at least 500 ms, part 1 §9). */
async function renderLoadedHome(...args: Parameters<typeof renderHome>) {
  const rendered = renderHome(...args);
  await waitFor(() => expect(screen.queryByText(LOADING)).not.toBeInTheDocument(), { timeout: 3000 });
  return rendered;
}

/** Upload card → category dialog → the file picker, as a person does it (English interface). */
async function pickFiles(category: string, files: File[]) {
  await userEvent.click(await screen.findByRole('button', { name: 'Upload files' }));
  const dialog = await screen.findByRole('dialog', { name: 'Select Document Category' });
  await userEvent.click(within(dialog).getByRole('radio', { name: category }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files } });
}

describe('dashboard', () => {
  let uploads: ReturnType<typeof stubUploads>;
  beforeEach(async () => {
    await setLanguage('en');
    uploads = stubUploads();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the year, the six steps at Documents, the next step and the checklist with its percentage', async () => {
    dashboard(status(3), [aFileRecord(1, 1), aFileRecord(2, 5), aFileRecord(3, 21)]);
    await renderLoadedHome();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tax Status for 2025' })).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps of your tax return for 2025' });
    expect(within(steps).getByText('Documents').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Finish the Advanced Tax Information section.')).toBeInTheDocument();
    expect(screen.getByText('Your documents have been received.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Required documents' })).toBeInTheDocument();
    expect(await screen.findByText('50% complete')).toBeInTheDocument();
    expect(screen.getByText('Salary Statement').textContent).toBe('Salary Statement – uploaded');
    expect(screen.getByText('Transport').textContent).toBe('Transport – uploaded');
    expect(screen.getByText('Insurance Certificates').textContent).toBe('Insurance Certificates – missing');
    expect(screen.getByRole('button', { name: /Your Files/ })).toHaveTextContent('3 files for 2025');
    expect(await screen.findByRole('link', { name: 'Advanced Tax Info' })).toHaveAttribute('href', '/advanced-tax-info');
    expect(screen.getByText('Advanced features unlocked')).toBeInTheDocument();
  });

  it('shows the review inbox the app layer hands it (issue 29) for the year on screen, above the documents', async () => {
    dashboard(status(2));
    const Inbox = ({ taxYear }: { taxYear: number }) => <p>Review inbox of {taxYear}</p>;
    renderHome(aUser(), november2026, () => <HomePage reviewInbox={Inbox} />);
    const inbox = await screen.findByText('Review inbox of 2025');
    const documents = await screen.findByRole('button', { name: 'Upload files' });
    expect(inbox.compareDocumentPosition(documents) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks for status 3 with the numeric update call at status 2 once all six required categories have a file', async () => {
    const sixFiles = [1, 2, 3, 4, 5, 21].map((categoryId, i) => aFileRecord(i + 1, categoryId));
    const server = dashboard(status(2), sixFiles, { 'POST /api/tax-status/update-numeric': json(200, status(3)) });
    await renderLoadedHome();
    const steps = await screen.findByRole('list', { name: 'Steps of your tax return for 2025' });
    await waitFor(() => expect(within(steps).getByText('Documents').closest('li')).toHaveAttribute('aria-current', 'step'));
    expect(server.calls('POST', '/api/tax-status/update-numeric').map((r) => r.body)).toEqual([{ status: 3, taxYear: YEAR }]);
  });

  it('does not ask for status 3 while a required category is missing', async () => {
    const fiveFiles = [1, 2, 3, 4, 5].map((categoryId, i) => aFileRecord(i + 1, categoryId));
    const server = dashboard(status(2), fiveFiles, { 'POST /api/tax-status/update-numeric': json(200, status(3)) });
    await renderLoadedHome();
    expect(await screen.findByText('83% complete')).toBeInTheDocument();
    expect(server.calls('POST', '/api/tax-status/update-numeric')).toHaveLength(0);
  });

  it('shows an unknown status from the server as status 1, with its texts', async () => {
    dashboard({ ...status(3), status: 'archived' as TaxStatusResponse['status'] });
    await renderLoadedHome();
    const steps = await screen.findByRole('list', { name: 'Steps of your tax return for 2025' });
    expect(within(steps).getByText('Initial').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Complete your tax profile.')).toBeInTheDocument();
    expect(screen.getByText('Start by completing your tax profile information.')).toBeInTheDocument();
    expect(screen.queryByText(/taxStatus\./)).not.toBeInTheDocument();
  });

  it('covers the dashboard with the loading overlay until status, files and categories have loaded', async () => {
    let releaseFiles = () => {};
    const filesAnswer = new Promise<Response>((resolve) => (releaseFiles = () => resolve(json(200, []))));
    dashboard(status(2), [], { [`GET /api/files?taxYear=${YEAR}`]: () => filesAnswer });
    renderHome();
    const overlay = await screen.findByText(LOADING);
    expect(overlay.closest('[role="status"]')).not.toBeNull();
    // Well past the 500 ms minimum: the files have still not come, so the overlay stays.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(screen.getByText(LOADING)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tax Status for 2025' }).closest('[inert]')).not.toBeNull();
    releaseFiles();
    await waitFor(() => expect(screen.queryByText(LOADING)).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Tax Status for 2025' }).closest('[inert]')).toBeNull();
  });

  it("says 'Installation not available' when the browser offers no install within 1 s", async () => {
    dashboard(status(3));
    await renderLoadedHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(await screen.findByText('Installation not available', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('opens the review page from Mark as Transmitted once the advanced section is complete', async () => {
    dashboard(status(3, { advancedInfoCompleted: true }));
    await renderLoadedHome();
    const link = await screen.findByRole('link', { name: 'Mark as Transmitted' });
    expect(link).toHaveAttribute('href', `/review?year=${YEAR}`);
  });

  it('says why transmitting is not possible yet, and shows the server message when it fails', async () => {
    dashboard(status(3), [], {
      'POST /api/tax-year-status/transmit': apiError(409, 'ADVANCED_INFO_INCOMPLETE', 'Complete the Advanced Tax Information section before transmitting.'),
    });
    await renderLoadedHome();
    expect(await screen.findByRole('button', { name: 'Mark as Transmitted' })).toBeDisabled();
    expect(screen.getByText('Complete the Advanced Tax Information section to transmit.')).toBeInTheDocument();
  });

  it('shows the Documents Transmitted banner instead of the checklist from status 4, the files sent, and still takes a late document', async () => {
    const sent = aFileRecord(1, 1, { name: 'sent.pdf' });
    const late = aFileRecord(2, 22, { name: 'late.pdf' });
    dashboard(status(4), [sent, late], {
      [`GET /api/tax-year-status/review?taxYear=${YEAR}`]: json(200, {
        taxYear: YEAR,
        current_status_id: 4,
        blocks: [],
        transmission: { transmittedAt: '2026-03-15T10:05:00.000Z', documents: [{ documentId: 1, version: 1, categoryId: 1, fileName: 'sent.pdf', size: 2048, sha256: 'a'.repeat(64) }] },
      }),
    });
    await renderLoadedHome();
    expect(await screen.findByRole('heading', { name: 'Documents Transmitted' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download receipt (PDF)' })).toHaveAttribute('href', `/api/tax/receipt?taxYear=${YEAR}`);
    expect(screen.queryByRole('heading', { name: 'Required documents' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Your Files/ }));
    const files = await screen.findByRole('dialog', { name: 'Your files for 2025' });
    // A file the transmission did not send is never shown as sent.
    const lateRow = within(files).getByRole('link', { name: 'late.pdf' }).closest('li')!;
    expect(await within(lateRow).findByText('Added after transmission')).toBeInTheDocument();
    const sentRow = within(files).getByRole('link', { name: 'sent.pdf' }).closest('li')!;
    expect(within(sentRow).queryByText('Added after transmission')).not.toBeInTheDocument();
  });

  it('says which list failed to load and loads it again on request', async () => {
    let filesFail = true;
    let categoriesFail = true;
    dashboard(status(2), [], {
      [`GET /api/files?taxYear=${YEAR}`]: () => (filesFail ? apiError(500, 'INTERNAL_ERROR', 'boom') : json(200, [aFileRecord(1, 1)])),
      [`GET /api/document-categories?taxYear=${YEAR}&mode=basic`]: () =>
        categoriesFail ? apiError(503, 'INTERNAL_ERROR', 'boom') : json(200, CATEGORIES),
    });
    const queryClient = createQueryClient();
    // The retries of part 1 §9 stay; only their back-off is cut so the test need not wait for it.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
    queryClient.setQueryData(queryKeys.user(), aUser());
    renderRoutes([{ path: '/', Component: HomePage }], { path: '/', now: () => november2026, queryClient });
    expect(await screen.findByText('Failed to fetch files', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch document categories: 503')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Your Files/ })).toHaveTextContent('0 files for 2025');

    filesFail = false;
    categoriesFail = false;
    for (const retry of screen.getAllByRole('button', { name: 'Try again' })) await userEvent.click(retry);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Your Files/ })).toHaveTextContent('1 file for 2025');
  });

  it('shows where the return stands once the tax profile is done', async () => {
    dashboard(status(3));
    await renderLoadedHome();
    expect(await screen.findByText('Tax Profile Complete')).toBeInTheDocument();
    expect(screen.getByText('Documents Submitted')).toBeInTheDocument();
    expect(screen.queryByText('Transmit Files Enabled')).not.toBeInTheDocument();
  });

  it("says 'Transmit Files Enabled' once, on the dashboard, after Advanced Tax Information was finished on its own page", async () => {
    announceTransmitEnabled(YEAR);
    dashboard(status(3, { advancedInfoCompleted: true }));
    const first = await renderLoadedHome();
    expect(await within(toastRegion()).findByText('Transmit Files Enabled')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('You can now transmit your documents for review.')).toBeInTheDocument();
    first.unmount();
    clearToasts();
    // A second visit says nothing new.
    dashboard(status(3, { advancedInfoCompleted: true }));
    await renderLoadedHome();
    expect(await screen.findByRole('link', { name: 'Mark as Transmitted' })).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Transmit Files Enabled')).not.toBeInTheDocument();
  });

  it("keeps 'Transmit Files Enabled' for when the server agrees: not said while the year is not at status 3", async () => {
    announceTransmitEnabled(YEAR);
    dashboard(status(2, { advancedInfoCompleted: true }));
    await renderLoadedHome();
    expect(await screen.findByText('Tax Profile Complete')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Transmit Files Enabled')).not.toBeInTheDocument();
  });

  // One story per status (D1 and its reconciliation in docs/product/decisions.md): the current
  // step, the description under the bar and the next-step box agree, and the box's button leads on.
  const story: Array<{ id: number; ready?: boolean; step: string; description: string; next: string; action: string; leadsTo: string }> = [
    { id: 1, step: 'Initial', description: 'Start by completing your tax profile information.', next: 'Complete your tax profile.', action: 'Go to the tax profile', leadsTo: '/profile?setup=tax' },
    { id: 2, step: 'Tax Profile', description: 'Your tax profile is complete; the required tax documents come next.', next: 'Upload the required tax documents.', action: 'Upload documents', leadsTo: 'category dialog' },
    { id: 3, step: 'Documents', description: 'Your documents have been received.', next: 'Finish the Advanced Tax Information section.', action: 'Go to Advanced Tax Information', leadsTo: '/advanced-tax-info' },
    { id: 3, ready: true, step: 'Documents', description: 'Your documents have been received.', next: 'Transmit your documents to the tax experts.', action: 'Continue to transmission', leadsTo: 'Mark as Transmitted' },
    // D18: from transmission on the texts say what the expert does and what waits for the person.
    {
      id: 4,
      step: 'Transmitted',
      description: 'Transmitted — an expert is preparing your return.',
      next: 'An expert is preparing your return; there is nothing you need to do unless they ask for a document. File History shows what you sent.',
      action: 'Open File History',
      leadsTo: '/file-history',
    },
    {
      id: 5,
      step: 'Reviewed',
      description: 'Your prepared return is ready for your review.',
      next: 'Your prepared return is ready: read it, then approve it or ask for changes.',
      action: 'Review your return',
      leadsTo: 'Your tax return',
    },
    {
      id: 6,
      step: 'Completed',
      description: 'Completed — you approved your tax return.',
      next: 'Congratulations! You approved your tax return. Your expert files it with the canton; your files stay in File History.',
      action: 'Open File History',
      leadsTo: '/file-history',
    },
  ];

  it.each(story)('at status $id says $step, "$next" and leads to $leadsTo', async ({ id, ready, step, description, next, action, leadsTo }) => {
    dashboard(status(id, { advancedInfoCompleted: ready === true }));
    await renderLoadedHome(aUser({ taxStatus: taxStatusName(id) }));
    const steps = await screen.findByRole('list', { name: 'Steps of your tax return for 2025' });
    expect(within(steps).getByText(step).closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText(description)).toBeInTheDocument();
    const box = screen.getByRole('group', { name: 'Next step' });
    expect(within(box).getByText(next)).toBeInTheDocument();
    if (leadsTo.startsWith('/')) {
      expect(within(box).getByRole('link', { name: action })).toHaveAttribute('href', leadsTo);
      return;
    }
    await userEvent.click(within(box).getByRole('button', { name: action }));
    if (leadsTo === 'category dialog') expect(await screen.findByRole('dialog', { name: 'Select Document Category' })).toBeInTheDocument();
    else if (leadsTo === 'Mark as Transmitted') expect(screen.getByRole('link', { name: leadsTo })).toHaveFocus();
    else expect(screen.getByRole('region', { name: leadsTo })).toHaveFocus();
  });

  it('says at status 5 that the review is done, in the tax-profile line too', async () => {
    dashboard(status(5));
    await renderLoadedHome(aUser({ taxStatus: 'review_required' }));
    expect(await screen.findByText('Tax Profile Complete')).toBeInTheDocument();
    expect(screen.getByText('Tax Profile Complete').nextElementSibling).toHaveTextContent('Reviewed');
  });

  it('leads to the first-time profile while the status is Initial and the profile incomplete', async () => {
    dashboard(status(1));
    await renderLoadedHome(aUser({ isProfileComplete: false }));
    expect(await screen.findByRole('link', { name: /Complete your tax profile/ })).toHaveAttribute('href', '/profile?firstTime=true');
  });

  it('offers the last three tax years, the year in preparation chosen', async () => {
    dashboard(status(2));
    await renderLoadedHome();
    const years = await screen.findByRole('group', { name: 'Tax year' });
    expect(within(years).getAllByRole('button').map((b) => b.textContent)).toEqual(['2025', '2024', '2023']);
    expect(within(years).getByRole('button', { name: '2025' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks the category first, sends the fields before the files, keeps the good file and lets the failed one be retried alone', async () => {
    dashboard(status(2));
    const good = new File(['%PDF good'], 'lohn.pdf', { type: 'application/pdf' });
    const bad = new File(['%PDF bad'], 'bank.pdf', { type: 'application/pdf' });
    uploads.answer = (form) =>
      form.getAll('files').length === 2
        ? {
            status: 200,
            body: {
              failedCount: 1,
              files: [
                { status: 'fulfilled', value: { originalFileName: 'lohn.pdf', hash: 'h', blobUrl: '/x', fileId: 1, version: 1, isNewVersion: true, ahvNumberMasked: false } },
                { status: 'rejected', code: 'HASH_MISMATCH', reason: 'Upload verification failed', originalFileName: 'bank.pdf' },
              ],
            },
          }
        : { status: 200, body: { failedCount: 0, files: [{ status: 'fulfilled', value: { originalFileName: 'bank.pdf', hash: 'h', blobUrl: '/y', fileId: 2, version: 1, isNewVersion: true, ahvNumberMasked: false } }] } };
    await renderLoadedHome();
    await pickFiles('Salary Statement', [good, bad]);

    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]!.url).toBe('/api/files/upload');
    const form = uploads.sent[0]!.form;
    expect([...form.keys()]).toEqual(['categoryId', 'taxYear', 'hashes[]', 'hashes[]', 'files', 'files']);
    expect(form.get('categoryId')).toBe('5');
    expect(form.get('taxYear')).toBe('2025');
    expect(form.getAll('hashes[]')[0]).toMatch(/^[0-9a-f]{64}$/);

    expect(await screen.findByText('Upload partially successful')).toBeInTheDocument();
    const rows = screen.getByRole('list', { name: 'Uploads' });
    expect(within(rows).getByText(/failed – Upload verification failed/)).toBeInTheDocument();
    expect(within(rows).getByRole('progressbar', { name: 'Upload of lohn.pdf' })).toHaveAttribute('aria-valuenow', '100');
    await userEvent.click(within(rows).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    expect(uploads.sent[1]!.form.getAll('files').map((f) => (f as File).name)).toEqual(['bank.pdf']);
    // Successful rows clear after 2 s.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument(), { timeout: 4000 });
  });

  it('tells the person when the server stored a file name with its AHV number masked', async () => {
    dashboard(status(2));
    const named = new File(['%PDF ahv'], 'Lohnausweis 756.1234.5678.97.pdf', { type: 'application/pdf' });
    uploads.answer = () => ({
      status: 200,
      body: {
        failedCount: 0,
        files: [
          {
            status: 'fulfilled',
            value: { originalFileName: 'Lohnausweis 756.****.****.97.pdf', hash: 'h', blobUrl: '/x', fileId: 1, version: 1, isNewVersion: true, ahvNumberMasked: true },
          },
        ],
      },
    });
    await renderLoadedHome();
    await pickFiles('Salary Statement', [named]);
    expect(await screen.findByText('AHV number removed from the file name: saved as Lohnausweis 756.****.****.97.pdf')).toBeInTheDocument();
  });

  it('offers the six required categories when none load, and asks for a category before going on', async () => {
    dashboard(status(2), [], { [`GET /api/document-categories?taxYear=${YEAR}&mode=basic`]: json(200, []) });
    await renderLoadedHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Document Category' });
    expect(within(dialog).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5', '21']);
    expect(within(dialog).getByRole('radio', { name: 'Salary Statement' })).toHaveAttribute('value', '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please select a document category');
    expect(screen.getByRole('dialog', { name: 'Select Document Category' })).toBeInTheDocument();
  });

  it('sends a selection of more than 20 files in requests of at most 20', async () => {
    dashboard(status(2));
    uploads.answer = (form) => {
      const names = form.getAll('files').map((f) => (f as File).name);
      const value = (name: string) => ({ originalFileName: name, hash: 'h', blobUrl: '/x', fileId: 1, version: 1, isNewVersion: true });
      return { status: 200, body: { failedCount: 0, files: names.map((name) => ({ status: 'fulfilled', value: value(name) })) } };
    };
    await renderLoadedHome();
    const receipts = Array.from({ length: 25 }, (_, n) => new File([`%PDF ${n}`], `beleg-${n + 1}.pdf`));
    await pickFiles('Receipts for Deductions', receipts);
    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    expect(uploads.sent.map(({ form }) => form.getAll('files').length)).toEqual([20, 5]);
    expect(uploads.sent[1]!.form.getAll('files').map((f) => (f as File).name)[0]).toBe('beleg-21.pdf');
    expect(await screen.findByText('5 files uploaded successfully')).toBeInTheDocument();
  });

  it('refuses a file over 50 MB at once and uploads the others of the selection', async () => {
    dashboard(status(2));
    uploads.answer = () => ({
      status: 200,
      body: { failedCount: 0, files: [{ status: 'fulfilled', value: { originalFileName: 'ok.pdf', hash: 'h', blobUrl: '/x', fileId: 1, version: 1, isNewVersion: true } }] },
    });
    const big = new File(['%PDF big'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    await renderLoadedHome();
    await pickFiles('Bank Documents', [big, new File(['%PDF ok'], 'ok.pdf')]);
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]!.form.getAll('files').map((f) => (f as File).name)).toEqual(['ok.pdf']);
    const rows = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(rows).findByText(/This file is 50\.1\sMB; files of at most 50 MB can be uploaded/)).toBeInTheDocument();
    expect(await screen.findByText('Upload partially successful')).toBeInTheDocument();
  });

  it('refuses an empty file at once, with its reason and without a Retry that could not help', async () => {
    dashboard(status(2));
    await renderLoadedHome();
    await pickFiles('Bank Documents', [new File([], 'empty.pdf')]);
    const rows = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(rows).findByText(/The file is empty and was not uploaded/)).toBeInTheDocument();
    expect(within(rows).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
    // The toast gives the outcome; the reason is said once, in the row, and no "try again" that cannot help.
    const title = await within(toastRegion()).findByText('Upload failed');
    expect(title.parentElement).toHaveTextContent(/^Upload failed$/);
    expect(screen.getAllByText(/The file is empty/, { ignore: '[role="status"], [role="status"] *' })).toHaveLength(1);
  });

  it('says why a request failed once, in the rows, and the toast says to try again', async () => {
    dashboard(status(2));
    uploads.answer = () => ({ status: 502, body: {} });
    await renderLoadedHome();
    await pickFiles('Bank Documents', [new File(['x'], 'a.pdf')]);
    const rows = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(rows).findByText(/Upload failed with status: 502/)).toBeInTheDocument();
    expect((await within(toastRegion()).findByText('Upload failed')).parentElement).toHaveTextContent('Please try again');
    expect(screen.getAllByText(/Upload failed with status: 502/, { ignore: '[role="status"], [role="status"] *' })).toHaveLength(1);
  });

  it("offers Retry only where sending again can help: not for the server's refusal of a file type", async () => {
    dashboard(status(2));
    uploads.answer = () => ({
      status: 200,
      body: {
        failedCount: 1,
        files: [{ status: 'rejected', reason: 'Executables are not accepted', code: 'UNSUPPORTED_FILE_TYPE', originalFileName: 'setup.pdf' }],
      },
    });
    await renderLoadedHome();
    await pickFiles('Bank Documents', [new File(['MZ'], 'setup.pdf')]);
    const rows = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(rows).findByText(/This file type is not accepted\. Please upload a PDF, a picture/)).toBeInTheDocument();
    expect(within(rows).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("offers only the types of D7 in the picker, and refuses another name at once, naming the types, without sending it", async () => {
    dashboard(status(2));
    await renderLoadedHome();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('.pdf,.jpg,.jpeg,.png,.heic,.heif,.webp,.tif,.tiff,.doc,.docx,.xls,.xlsx,.odt,.ods,.txt,.csv');
    await pickFiles('Bank Documents', [new File(['@echo off'], 'steuern.bat'), new File(['<svg/>'], 'logo.SVG')]);
    const rows = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(rows).findAllByText(/This file type is not accepted\. Please upload a PDF/)).toHaveLength(2);
    expect(within(rows).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
  });

  it('a required item of the checklist starts an upload in its own category, without asking for one', async () => {
    dashboard(status(2));
    uploads.answer = () => ({
      status: 200,
      body: { failedCount: 0, files: [{ status: 'fulfilled', value: { originalFileName: 'lohn.pdf', hash: 'h', blobUrl: '/x', fileId: 1, version: 1, isNewVersion: true } }] },
    });
    await renderLoadedHome();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.spyOn(input, 'click');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload to Salary Statement' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Select Document Category' })).not.toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'lohn.pdf')] } });
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]!.form.get('categoryId')).toBe('5');
  });

  it('names the HTTP status of a failed upload, and a reply that is not JSON, in the interface language', async () => {
    await setLanguage('de');
    dashboard(status(2));
    const replies = [{ status: 502, body: 'Bad Gateway' }, { status: 200, body: 'not the expected shape' }];
    uploads.answer = () => replies.shift()!;
    await renderLoadedHome();
    const chooseAndUpload = async (name: string) => {
      await userEvent.click(await screen.findByRole('button', { name: 'Dateien hochladen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Dokumentkategorie wählen' });
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Lohnausweis' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      fireEvent.change(input, { target: { files: [new File(['%PDF'], name, { type: 'application/pdf' })] } });
    };
    const rows = () => within(screen.getByRole('list', { name: 'Uploads' })).getAllByRole('listitem');
    await chooseAndUpload('a.pdf');
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/^a\.pdf.* – Hochladen fehlgeschlagen mit Status: 502/));
    await chooseAndUpload('b.pdf');
    await waitFor(() => expect(rows()[1]).toHaveTextContent(/^b\.pdf.* – Ungültige JSON-Antwort vom Server/));
    expect(rows()).toHaveLength(2);
  });

  it('says in the interface language when the account already has four uploads running, and offers Retry', async () => {
    await setLanguage('fr');
    dashboard(status(2));
    uploads.answer = () => ({ status: 429, body: { error: { code: 'TOO_MANY_UPLOADS', message: '4 uploads of this account are already running' } } });
    await renderLoadedHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Téléverser des fichiers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choisir la catégorie du document' });
    await userEvent.click(within(dialog).getAllByRole('radio')[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [new File(['%PDF'], 'a.pdf')] } });
    const rows = await screen.findByRole('list', { name: 'Téléversements' });
    expect(await within(rows).findByText(/Quatre téléversements sont déjà en cours pour votre compte/)).toBeInTheDocument();
    expect(within(rows).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('says in the interface language when the document storage is full or down, and offers Retry', async () => {
    await setLanguage('de');
    dashboard(status(2));
    uploads.answer = () => ({ status: 507, body: { error: { code: 'STORAGE_FULL', message: 'files: the document storage is full', field: 'files' } } });
    await renderLoadedHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Dateien hochladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dokumentkategorie wählen' });
    await userEvent.click(within(dialog).getAllByRole('radio')[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [new File(['%PDF'], 'a.pdf')] } });
    const rows = await screen.findByRole('list', { name: 'Uploads' });
    expect(await within(rows).findByText(/Unser Dokumentenspeicher ist voll, die Datei wurde nicht gespeichert/)).toBeInTheDocument();
    expect(within(rows).getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  it("shows how much of the storage quota the account's documents take, and reads it again after an upload", async () => {
    const GB = 1024 ** 3;
    let usedBytes = 1.2 * GB;
    const server = dashboard(status(2), [], { 'GET /api/files/usage': () => json(200, { usedBytes, quotaBytes: 2 * GB }) });
    uploads.answer = () => ({
      status: 200,
      body: { failedCount: 0, files: [{ status: 'fulfilled', value: { originalFileName: 'a.pdf', hash: 'h', blobUrl: '/x', fileId: 1, version: 1, isNewVersion: true } }] },
    });
    await renderLoadedHome();
    const documents = screen.getByRole('region', { name: 'Upload documents' });
    expect(await within(documents).findByText('1.2 GB of 2 GB used')).toBeInTheDocument();

    usedBytes = 1.5 * GB;
    await pickFiles('Bank Documents', [new File(['%PDF'], 'a.pdf')]);
    expect(await within(documents).findByText('1.5 GB of 2 GB used')).toBeInTheDocument();
    expect(server.calls('GET', '/api/files/usage').length).toBeGreaterThanOrEqual(2);
  });

  it('says in the interface language when the storage quota is reached (507) or the hour\'s uploads are used up (429)', async () => {
    await setLanguage('de');
    dashboard(status(2));
    uploads.answer = () => ({ status: 507, body: { error: { code: 'QUOTA_EXCEEDED', message: 'past its storage quota of 2 GB', field: 'files' } } });
    await renderLoadedHome();
    const choose = async (name: string) => {
      await userEvent.click(await screen.findByRole('button', { name: 'Dateien hochladen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Dokumentkategorie wählen' });
      await userEvent.click(within(dialog).getAllByRole('radio')[0]!);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
      fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [new File(['%PDF'], name)] } });
    };
    await choose('a.pdf');
    const rows = await screen.findByRole('list', { name: 'Uploads' });
    expect(await within(rows).findByText(/In Ihrem Dokumentenspeicher ist nicht mehr genug Platz für diesen Upload/)).toBeInTheDocument();

    uploads.answer = () => ({ status: 429, body: { error: { code: 'UPLOAD_RATE_LIMITED', message: 'at most 500 MB or 200 files an hour', field: 'files' } } });
    await choose('b.pdf');
    expect(await within(rows).findByText(/Sie haben in der letzten Stunde sehr viel hochgeladen/)).toBeInTheDocument();
  });

  it('checks the session before an upload and sends nothing when it has ended', async () => {
    dashboard(status(2), [], { 'GET /api/debug/check-auth': json(200, { ...signedInCheck(), isAuthenticated: false }) });
    const ended = vi.fn();
    const stopListening = onAppEvent(appEvents.sessionExpired, ended);
    await renderLoadedHome();
    await pickFiles('Bank Documents', [new File(['x'], 'a.pdf')]);
    await waitFor(() => expect(ended).toHaveBeenCalled());
    expect(uploads.sent).toHaveLength(0);
    stopListening();
  });

  it('uploads anyway when the session check gets no answer: only the server\'s "signed out" ends the session', async () => {
    dashboard(status(2), [], { 'GET /api/debug/check-auth': apiError(503, 'SERVICE_UNAVAILABLE', 'Down for a moment') });
    const ended = vi.fn();
    const stopListening = onAppEvent(appEvents.sessionExpired, ended);
    await renderLoadedHome();
    await pickFiles('Bank Documents', [new File(['x'], 'a.pdf')]);
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(ended).not.toHaveBeenCalled();
    stopListening();
  });

  it('takes an upload answered 401 as the end of the session, like any other call', async () => {
    dashboard(status(2));
    uploads.answer = () => ({ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Please log in' } } });
    const ended = vi.fn();
    const stopListening = onAppEvent(appEvents.sessionExpired, ended);
    await renderLoadedHome();
    await pickFiles('Bank Documents', [new File(['x'], 'a.pdf')]);
    const rows = await screen.findByRole('list', { name: 'Uploads' });
    expect(await within(rows).findByText(/Your session has expired, please log in again/)).toBeInTheDocument();
    expect(ended).toHaveBeenCalledTimes(1);
    stopListening();
  });

  it("keeps a failed upload with its own year: another year's dashboard does not show it, and Retry sends it to its year", async () => {
    dashboard(status(2), [], {
      ...yearRoutes({ ...status(2), taxYear: 2024 }),
    });
    uploads.answer = () => ({ status: 502, body: {} });
    await renderLoadedHome();
    await pickFiles('Bank Documents', [new File(['x'], 'a.pdf')]);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    const years = screen.getByRole('group', { name: 'Tax year' });
    await userEvent.click(within(years).getByRole('button', { name: '2024' }));
    await waitFor(() => expect(within(years).getByRole('button', { name: '2024' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();

    await userEvent.click(within(years).getByRole('button', { name: '2025' }));
    uploads.answer = () => ({ status: 200, body: { failedCount: 0, files: [] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    expect(uploads.sent[1]!.form.get('taxYear')).toBe('2025');
  });

  it('sends a message, shows the notice, and keeps the text when sending fails', async () => {
    const server = dashboard(status(2), [], { 'POST /api/send-message': apiError(429, 'RATE_LIMITED', 'Too many messages') });
    await renderLoadedHome();
    const box = await screen.findByRole('textbox', { name: 'Your message to our tax experts' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(box, 'Ich habe eine Frage');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message Failed')).toBeInTheDocument();
    expect(box).toHaveValue('Ich habe eine Frage');
    expect(server.calls('POST', '/api/send-message')[0]?.body).toEqual({ message: 'Ich habe eine Frage', taxYear: YEAR });
  });

  it('holds the message as sent while it is on its way, then empties the box', async () => {
    let answer: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (answer = resolve));
    dashboard(status(2), [], { 'POST /api/send-message': () => held });
    await renderLoadedHome();
    const box = await screen.findByRole('textbox', { name: 'Your message to our tax experts' });
    await userEvent.type(box, 'Lohnausweis folgt');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveAttribute('readonly'));
    await userEvent.type(box, ' nächste Woche');
    expect(box).toHaveValue('Lohnausweis folgt');
    answer(json(200, { success: true }));
    await waitFor(() => expect(box).toHaveValue(''));
    await waitFor(() => expect(box).not.toHaveAttribute('readonly'));
  });

  it('speaks Swiss German', async () => {
    await setLanguage('gsw');
    dashboard(status(6));
    await renderLoadedHome(aUser({ taxStatus: 'completed' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grüezi Anna' })).toBeInTheDocument();
    expect(screen.getByText(/^Gratuliere! Du häsch dini Stüürerklärig freigeh\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dateiverlauf öffne' })).toHaveAttribute('href', '/file-history');
    expect(screen.getByRole('heading', { name: 'Unterlage übermittlet' })).toBeInTheDocument();
    await act(async () => undefined);
  });
});

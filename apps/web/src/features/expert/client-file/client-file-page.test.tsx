import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentCategoryList, type ClientFileResponse, type ThreadMessage } from '@taxli/domain';
import { aUser, apiError, json, renderRoutes, setLanguage, stubServer, stubUploads, type Route } from '../../../test/harness';
import { ExpertClientFilePage } from './client-file-page';

const now = () => new Date('2026-04-20T10:00:00Z');
const EXPERT = aUser({ id: 5, email: 'eva.expert@example.ch', firstName: 'Eva', lastName: 'Expert', role: 'expert' });
const FILE_URL = '/api/expert/returns/42/2025';

function aClientFile(overrides: Partial<ClientFileResponse> = {}): ClientFileResponse {
  return {
    userId: 42,
    taxYear: 2025,
    status: 4,
    profile: {
      email: 'anna.muster@example.ch',
      firstName: 'Anna',
      lastName: 'Muster',
      phone: '0791234567',
      language: 'de',
      salutation: 'mrs',
      dateOfBirth: '1985-04-12',
      jobName: 'Teacher',
      taxAddress: { street: 'Bahnhofstrasse', houseNumber: '1', zipCode: '8001', city: 'Zürich', gemeinde: 'Zürich' },
    },
    taxProfile: {
      taxYear: 2025,
      step: 11,
      personal: { salutation: 'mrs', firstName: 'Anna', lastName: 'Muster', dateOfBirth: '1985-04-12', phone: '0791234567', countryCode: '+41', jobName: 'Teacher' },
      answers: { cantonOfResidence: 'zurich', maritalStatus: 'married', hasChildren: true, numberOfChildren: 2, childrenAges: [7, 12], hasPillar3a: true, hasInvestments: false },
      isComplete: true,
      completedAt: '2026-01-20T10:00:00.000Z',
      updatedAt: '2026-01-20T10:00:00.000Z',
      version: 3,
      previousCompleteYear: null,
    },
    declaration: { version: 2, createdAt: '2026-01-21T10:00:00.000Z', payload: {} },
    advancedTaxInfo: {
      taxYear: 2025,
      sections: { authorization: true, investments: false, deductions: true, realEstate: false, foreignIncome: false, spouse: true, children: true },
      relevance: {},
      completed: true,
      spouse: { firstName: 'Marco', lastName: 'Muster', age: 41, occupation: 'Engineer', ahvNumber: '', ahvNumberMasked: '756.****.****.97', taxId: '****5678' },
      children: [{ firstName: 'Lea', lastName: 'Muster', birthDate: '2018-06-01', schoolingInfo: 'Primary school', disability: '', alimony: '' }],
      authorization: { taxAddressEnabled: true, powerOfAttorneyEnabled: true, canton: 'ZH', tinNumber: '***.***.789', powerOfAttorneyAccepted: true, lastUpdated: '2026-01-22T10:00:00.000Z', taxYear: 2025 },
      fileCounts: {},
      versions: { spouse: 1, children: 1, authorization: 1 },
    },
    transmittedAt: '2026-02-15T09:30:00.000Z',
    files: [
      { versionId: 11, documentId: 1, categoryId: 5, categoryName: 'Salary Statement', fileName: 'lohnausweis.pdf', version: 1, size: 2048, sha256: 'a'.repeat(64), contentType: 'application/pdf', uploadedAt: '2026-02-10T08:00:00.000Z', transmitted: true },
      { versionId: 12, documentId: 2, categoryId: 1, categoryName: 'Bank Documents', fileName: 'ubs.pdf', version: 1, size: 4096, sha256: 'b'.repeat(64), contentType: 'application/pdf', uploadedAt: '2026-02-11T08:00:00.000Z', transmitted: true },
      { versionId: 13, documentId: 2, categoryId: 1, categoryName: 'Bank Documents', fileName: 'ubs.pdf', version: 2, size: 5120, sha256: 'c'.repeat(64), contentType: 'application/pdf', uploadedAt: '2026-03-02T08:00:00.000Z', transmitted: false },
    ],
    assignee: { userId: 5, firstName: 'Eva', lastName: 'Expert' },
    requests: [{ id: 3, categoryId: 22, note: 'The Pillar 3a certificate, please.', createdAt: '2026-03-01T08:00:00.000Z', fulfilledAt: null }],
    preparedReturn: null,
    filedOn: null,
    ...overrides,
  };
}

const message = (id: number, from: 'person' | 'expert', body: string, createdAt: string): ThreadMessage => ({
  id,
  from,
  authorFirstName: from === 'expert' ? 'Eva' : 'Anna',
  body,
  createdAt,
  readAt: null,
});

function fileServer(file: ClientFileResponse | Route = aClientFile(), routes: Record<string, Route> = {}) {
  return stubServer({
    'GET /api/user': json(200, EXPERT),
    [`GET ${FILE_URL}`]: typeof file === 'function' ? file : json(200, file),
    [`GET ${FILE_URL}/messages`]: json(200, {
      taxYear: 2025,
      // Newest first on purpose: the page shows the thread oldest first.
      messages: [message(2, 'expert', 'Which bank?', '2026-03-02T09:00:00.000Z'), message(1, 'person', 'Hello, I sent everything.', '2026-03-01T09:00:00.000Z')],
      unread: 1,
    }),
    'GET /api/document-categories?taxYear=2025&mode=all': json(200, documentCategoryList('all')),
    ...routes,
  });
}

const renderFile = (path = '/expert/returns/42/2025') =>
  renderRoutes(
    [
      { path: '/expert/returns/:userId/:taxYear', Component: ExpertClientFilePage },
      { path: '/expert', Component: () => <p>queue</p> },
      { path: '/', Component: () => <p>Home</p> },
    ],
    { path, now },
  );

async function openFile() {
  const view = renderFile();
  await screen.findByRole('heading', { level: 1, name: 'Anna Muster, tax year 2025' });
  return view;
}

const section = (name: string) => within(screen.getByRole('region', { name }));
/** The value a definition list gives a term. */
const valueOf = (scope: ReturnType<typeof within>, term: string) => scope.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('/expert/returns/:userId/:taxYear, the client file', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows Access Denied to a person (neither expert nor admin) and reads nothing of the file', async () => {
    const server = stubServer({ 'GET /api/user': json(200, aUser()) });
    renderFile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.startsWith('/api/expert'))).toEqual([]);
  });

  it('says so when there is no such return (404)', async () => {
    fileServer(() => apiError(404, 'NOT_FOUND', 'No transmitted return'));
    renderFile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Client file not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute('href', '/expert');
  });

  it('shows the person, the year, the status, who handles it, and the parts of the file under headings in order', async () => {
    fileServer();
    await openFile();
    const summary = within(screen.getByLabelText('Summary'));
    expect(valueOf(summary, 'Status')).toHaveTextContent('Transmitted');
    expect(valueOf(summary, 'Transmitted')).toHaveTextContent(/^15\.02\.2026, \d\d:30$/);
    expect(valueOf(summary, 'Handled by')).toHaveTextContent('You');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Profile',
      'Tax profile',
      'Advanced Tax Information',
      'Documents',
      'Figures from documents',
      'Document requests',
      'Messages',
      'Prepared return',
      'Status',
    ]);
    const profile = section('Profile');
    expect(valueOf(profile, 'Salutation')).toHaveTextContent('Mrs');
    expect(valueOf(profile, 'Language')).toHaveTextContent('Deutsch');
    expect(valueOf(profile, 'Date of birth')).toHaveTextContent('12.04.1985');
    expect(valueOf(profile, 'Tax address')).toHaveTextContent('Bahnhofstrasse 1, 8001 Zürich');
  });

  it("lists the wizard's answers readably: the canton by name, choices as the wizard names them, unanswered questions left out", async () => {
    fileServer();
    await openFile();
    const taxProfile = section('Tax profile');
    expect(taxProfile.getByText('Complete since 20.01.2026. Declaration version 2 saved on 21.01.2026.')).toBeInTheDocument();
    expect(valueOf(taxProfile, 'Canton of residence')).toHaveTextContent('Zurich');
    expect(valueOf(taxProfile, 'Marital status')).toHaveTextContent('Married or registered partnership');
    expect(valueOf(taxProfile, 'Number of children')).toHaveTextContent('2');
    expect(valueOf(taxProfile, 'Ages of the children')).toHaveTextContent('7, 12');
    expect(valueOf(taxProfile, 'Pillar 3a contributed in 2025')).toHaveTextContent('Yes');
    expect(valueOf(taxProfile, 'Shares or other securities')).toHaveTextContent('No');
    expect(taxProfile.queryByText('Religion')).not.toBeInTheDocument();
  });

  it('shows the AHV number and tax IDs masked, and Reveal asks the server for one value, shows it and announces it', async () => {
    const server = fileServer(aClientFile(), {
      [`POST ${FILE_URL}/reveal`]: (request) => {
        const { field } = request.body as { field: string };
        return json(200, { field, value: field === 'spouseAhvNumber' ? '756.1234.5678.97' : '123.456.789' });
      },
    });
    await openFile();
    const advanced = section('Advanced Tax Information');
    expect(advanced.getByRole('heading', { level: 3, name: 'Spouse Information' })).toBeInTheDocument();
    expect(valueOf(advanced, 'AHV number')).toHaveTextContent('756.****.****.97');
    expect(valueOf(advanced, 'Tax ID')).toHaveTextContent('****5678');
    expect(valueOf(advanced, 'Tax ID (TIN)')).toHaveTextContent('***.***.789');
    expect(advanced.queryByText('756.1234.5678.97')).not.toBeInTheDocument();

    await userEvent.click(advanced.getByRole('button', { name: "Reveal the spouse's AHV number" }));
    expect(await advanced.findByText('756.1234.5678.97')).toBeInTheDocument();
    expect(server.calls('POST', `${FILE_URL}/reveal`).map((call) => call.body)).toEqual([{ field: 'spouseAhvNumber' }]);
    expect(advanced.getAllByRole('status').map((status) => status.textContent)).toContain("spouse's AHV number: 756.1234.5678.97");
    // The other values stay masked: one reveal, one value.
    expect(valueOf(advanced, 'Tax ID (TIN)')).toHaveTextContent('***.***.789');

    const hide = advanced.getByRole('button', { name: "Hide the spouse's AHV number" });
    await userEvent.click(hide);
    expect(valueOf(advanced, 'AHV number')).toHaveTextContent('756.****.****.97');
    expect(hide).toHaveAccessibleName("Reveal the spouse's AHV number");

    await userEvent.click(advanced.getByRole('button', { name: 'Reveal the tax ID' }));
    expect(await advanced.findByText('123.456.789')).toBeInTheDocument();
    expect(server.calls('POST', `${FILE_URL}/reveal`).map((call) => call.body)).toEqual([{ field: 'spouseAhvNumber' }, { field: 'taxId' }]);
  });

  it('tells a refused reveal in the interface language', async () => {
    fileServer(aClientFile(), { [`POST ${FILE_URL}/reveal`]: apiError(403, 'FORBIDDEN', 'Experts only') });
    await openFile();
    await userEvent.click(screen.getByRole('button', { name: 'Reveal the tax ID' }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
  });

  it('lists the documents by category with version, size, day and whether they were sent with the transmission, each a download, and all as one ZIP', async () => {
    fileServer();
    await openFile();
    const documents = section('Documents');
    expect(documents.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Bank Documents', 'Salary Statement']);
    expect(documents.getByRole('link', { name: 'Download all (ZIP)' })).toHaveAttribute('href', '/api/expert/returns/42/2025/documents.zip');
    const bank = within(documents.getByRole('list', { name: 'Bank Documents' }));
    const items = bank.getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'ubs.pdf, Version 2' })).toHaveAttribute('href', '/api/expert/returns/42/2025/documents/13');
    expect(items[0]).toHaveTextContent('Version 2 · 5 KB · 02.03.2026');
    expect(items[0]).toHaveTextContent('Added after transmission');
    expect(within(items[1]!).getByRole('link', { name: 'ubs.pdf, Version 1' })).toHaveAttribute('href', '/api/expert/returns/42/2025/documents/12');
    expect(items[1]).toHaveTextContent('Sent with the transmission');
  });

  it('sends a document request as {categoryId, note}, says so and reads the file again', async () => {
    let reads = 0;
    const server = fileServer(
      () => {
        reads++;
        return json(200, aClientFile());
      },
      { [`POST ${FILE_URL}/requests`]: json(201, { id: 4, categoryId: 23, note: 'Your donation receipts', createdAt: '2026-04-20T10:00:00.000Z', fulfilledAt: null }) },
    );
    await openFile();
    const requests = section('Document requests');
    expect(requests.getByText('Pillar 3a certificate', { selector: 'li span' })).toBeInTheDocument();
    expect(requests.getByText('Open')).toBeInTheDocument();
    expect(requests.getByText('The Pillar 3a certificate, please.')).toBeInTheDocument();

    await userEvent.click(requests.getByRole('button', { name: 'Send request' }));
    expect(await requests.findByText('Please choose the category of the document you need.')).toBeInTheDocument();
    expect(server.calls('POST', `${FILE_URL}/requests`)).toHaveLength(0);

    await userEvent.selectOptions(requests.getByLabelText('Category'), 'Donation receipts');
    await userEvent.type(requests.getByLabelText('Note for the person'), 'Your donation receipts');
    await userEvent.click(requests.getByRole('button', { name: 'Send request' }));
    expect(await requests.findByText('The request for Donation receipts was sent. The person gets a notification and an e-mail.')).toBeInTheDocument();
    expect(server.calls('POST', `${FILE_URL}/requests`).map((call) => call.body)).toEqual([{ categoryId: 23, note: 'Your donation receipts' }]);
    expect(requests.getByLabelText('Note for the person')).toHaveValue('');
    await waitFor(() => expect(reads).toBe(2));
  });

  it('keeps what the expert typed when the server refuses the note, and says why at the field', async () => {
    fileServer(aClientFile(), {
      [`POST ${FILE_URL}/requests`]: apiError(400, 'VALIDATION_ERROR', 'note must be at most 2000 characters', 'note', { fieldCode: 'TOO_LONG', params: { max: 2000 } }),
    });
    await openFile();
    const requests = section('Document requests');
    await userEvent.selectOptions(requests.getByLabelText('Category'), 'Salary Statement');
    await userEvent.type(requests.getByLabelText('Note for the person'), 'Too long, says the server');
    await userEvent.click(requests.getByRole('button', { name: 'Send request' }));
    expect(await requests.findByText('At most 2000 characters.')).toBeInTheDocument();
    expect(requests.getByLabelText('Note for the person')).toHaveValue('Too long, says the server');
    expect(requests.getByLabelText('Note for the person')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.getByLabelText('Category')).toHaveValue('5');
  });

  it('shows the thread oldest first, and an answer is posted and joins it', async () => {
    const server = fileServer(aClientFile(), {
      [`POST ${FILE_URL}/messages`]: (request) =>
        json(201, message(3, 'expert', (request.body as { message: string }).message, '2026-04-20T10:00:00.000Z')),
    });
    await openFile();
    const messages = section('Messages');
    const thread = within(await messages.findByRole('list', { name: 'Messages with the person' }));
    expect(thread.getAllByRole('listitem').map((item) => item.lastElementChild?.textContent)).toEqual(['Hello, I sent everything.', 'Which bank?']);
    expect(thread.getAllByRole('listitem')[1]).toHaveTextContent('Eva (expert)');

    await userEvent.type(messages.getByLabelText('Your answer'), 'Thank you, all received.');
    await userEvent.click(messages.getByRole('button', { name: 'Send message' }));
    expect(await messages.findByText('Your message was sent. The person gets a notification and an e-mail.')).toBeInTheDocument();
    expect(server.calls('POST', `${FILE_URL}/messages`).map((call) => call.body)).toEqual([{ message: 'Thank you, all received.' }]);
    expect(thread.getAllByRole('listitem').map((item) => item.lastElementChild?.textContent)).toEqual([
      'Hello, I sent everything.',
      'Which bank?',
      'Thank you, all received.',
    ]);
    expect(messages.getByLabelText('Your answer')).toHaveValue('');
  });

  it('keeps an answer the server could not take, and tells why', async () => {
    fileServer(aClientFile(), { [`POST ${FILE_URL}/messages`]: apiError(429, 'RATE_LIMITED', 'Slow down') });
    await openFile();
    const messages = section('Messages');
    await userEvent.type(messages.getByLabelText('Your answer'), 'My answer');
    await userEvent.click(messages.getByRole('button', { name: 'Send message' }));
    expect(await messages.findByText('Too many requests. Please wait a few minutes and try again.')).toBeInTheDocument();
    expect(messages.getByLabelText('Your answer')).toHaveValue('My answer');
  });

  it('offers "Send for review" only once a prepared return exists, and says why until then', async () => {
    fileServer();
    await openFile();
    const status = section('Status');
    const send = status.getByRole('button', { name: "Send for the person's review" });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Upload the prepared return first: the person reviews that PDF.');
  });

  it('sends the return for review with {status: 5}, and shows the new status', async () => {
    let status = 4;
    const preparedReturn = { version: 1, size: 20480, sha256: 'd'.repeat(64), uploadedAt: '2026-04-19T10:00:00.000Z' };
    const server = fileServer(() => json(200, aClientFile({ status, preparedReturn })), {
      [`POST ${FILE_URL}/status`]: () => {
        status = 5;
        return json(200, { userId: 42, taxYear: 2025, status: 5, statusName: 'review_required' });
      },
    });
    await openFile();
    const prepared = section('Prepared return');
    expect(prepared.getByText(/^Version 1 · 20 KB · uploaded 19\.04\.2026/)).toBeInTheDocument();
    expect(prepared.getByRole('link', { name: 'Download the prepared return' })).toHaveAttribute('href', '/api/expert/returns/42/2025/prepared-return');

    await userEvent.click(section('Status').getByRole('button', { name: "Send for the person's review" }));
    // The button goes away with its success: the keyboard focus goes to what happened, not to the page's top.
    expect(await section('Status').findByText('The status is now Reviewed. The person gets a notification and an e-mail.')).toHaveFocus();
    expect(server.calls('POST', `${FILE_URL}/status`).map((call) => call.body)).toEqual([{ status: 5 }]);
    expect(await section('Status').findByRole('button', { name: 'Back to preparation' })).toBeInTheDocument();
  });

  it('tells a 409 (the status moved meanwhile) in the interface language and shows the status as it is now', async () => {
    let reads = 0;
    const preparedReturn = { version: 1, size: 20480, sha256: 'd'.repeat(64), uploadedAt: '2026-04-19T10:00:00.000Z' };
    fileServer(() => json(200, aClientFile({ status: reads++ === 0 ? 4 : 6, preparedReturn })), {
      [`POST ${FILE_URL}/status`]: apiError(409, 'STATUS_CHANGE_FORBIDDEN', 'The return is at status 6 (completed)'),
    });
    await openFile();
    await userEvent.click(section('Status').getByRole('button', { name: "Send for the person's review" }));
    expect(
      await section('Status').findByText('The status of this return changed in the meantime, so nothing was changed. The file now shows the current status.'),
    ).toBeInTheDocument();
    expect(await section('Status').findByRole('button', { name: 'Record filing date' })).toBeInTheDocument();
    expect(section('Status').getByText('Completed')).toBeInTheDocument();
  });

  it('takes a reviewed return back to preparation only with a note, sent as {status: 4, note}', async () => {
    const server = fileServer(aClientFile({ status: 5 }), {
      [`POST ${FILE_URL}/status`]: json(200, { userId: 42, taxYear: 2025, status: 4, statusName: 'processing' }),
    });
    await openFile();
    const status = section('Status');
    await userEvent.click(status.getByRole('button', { name: 'Back to preparation' }));
    expect(await status.findByText('Please say why the return goes back to preparation.')).toBeInTheDocument();
    expect(server.calls('POST', `${FILE_URL}/status`)).toHaveLength(0);
    await userEvent.type(status.getByLabelText('Why it goes back to preparation'), 'The person asked to add a donation.');
    await userEvent.click(status.getByRole('button', { name: 'Back to preparation' }));
    expect(await status.findByText('The status is now Transmitted. The person gets a notification and an e-mail.')).toBeInTheDocument();
    expect(server.calls('POST', `${FILE_URL}/status`).map((call) => call.body)).toEqual([{ status: 4, note: 'The person asked to add a donation.' }]);
  });

  it('records the filing date at status 6 as {filedOn} and shows the recorded day', async () => {
    let filedOn: string | null = null;
    const server = fileServer(() => json(200, aClientFile({ status: 6, filedOn })), {
      [`POST ${FILE_URL}/filed`]: (request) => {
        filedOn = (request.body as { filedOn: string }).filedOn;
        return json(200, { userId: 42, taxYear: 2025, filedOn });
      },
    });
    await openFile();
    const status = section('Status');
    expect(status.getByText('The filing date is not recorded yet.')).toBeInTheDocument();
    const day = status.getByLabelText('Filed with the canton on');
    expect(day).toHaveAttribute('max', '2026-04-20');
    fireEvent.change(day, { target: { value: '2026-04-18' } });
    await userEvent.click(status.getByRole('button', { name: 'Record filing date' }));
    expect(await status.findByText('The filing date 18.04.2026 was recorded. The person sees it.')).toBeInTheDocument();
    expect(server.calls('POST', `${FILE_URL}/filed`).map((call) => call.body)).toEqual([{ filedOn: '2026-04-18' }]);
    expect(await status.findByText('Filed with the canton on 18.04.2026.')).toBeInTheDocument();
  });

  it('tells a refused filing date at its field, in the interface language, and keeps it', async () => {
    fileServer(aClientFile({ status: 6 }), {
      [`POST ${FILE_URL}/filed`]: apiError(400, 'VALIDATION_ERROR', 'filedOn must not be in the future', 'filedOn', { fieldCode: 'DATE_IN_FUTURE' }),
    });
    await openFile();
    const status = section('Status');
    const day = status.getByLabelText('Filed with the canton on');
    fireEvent.change(day, { target: { value: '2026-04-25' } });
    await userEvent.click(status.getByRole('button', { name: 'Record filing date' }));
    expect(await status.findByText('The date must not be in the future.')).toBeInTheDocument();
    expect(day).toHaveValue('2026-04-25');
  });

  it('uploads the prepared return as a multipart form to its route and says which version was stored', async () => {
    const uploads = stubUploads(() => ({ status: 201, body: { version: 1, size: 20480, sha256: 'd'.repeat(64), uploadedAt: '2026-04-20T10:00:00.000Z' } }));
    fileServer();
    await openFile();
    const prepared = section('Prepared return');
    expect(prepared.getByText('No prepared return uploaded yet.')).toBeInTheDocument();
    await userEvent.click(prepared.getByRole('button', { name: 'Upload' }));
    expect(await prepared.findByText('Please choose a PDF file first.')).toBeInTheDocument();
    const pdf = new File(['%PDF-1.7'], 'return-2025.pdf', { type: 'application/pdf' });
    await userEvent.upload(prepared.getByLabelText('Prepared return (PDF)'), pdf);
    await userEvent.click(prepared.getByRole('button', { name: 'Upload' }));
    expect(await prepared.findByText('Version 1 of the prepared return was uploaded.')).toBeInTheDocument();
    expect(uploads.sent.map((sent) => [sent.url, (sent.form.get('file') as File).name])).toEqual([['/api/expert/returns/42/2025/prepared-return', 'return-2025.pdf']]);
  });

  it('tells a refused upload (not a PDF) in the interface language', async () => {
    stubUploads(() => ({ status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Not a PDF' } } }));
    fileServer();
    await openFile();
    const prepared = section('Prepared return');
    await userEvent.upload(prepared.getByLabelText('Prepared return (PDF)'), new File(['hello'], 'notes.pdf', { type: 'application/pdf' }));
    await userEvent.click(prepared.getByRole('button', { name: 'Upload' }));
    expect(await prepared.findByText('This file type is not supported.')).toBeInTheDocument();
  });

  it('takes an unassigned return from the file, and tells a 409 when someone else was quicker', async () => {
    fileServer(aClientFile({ assignee: null }), { [`POST ${FILE_URL}/assign`]: apiError(409, 'ALREADY_ASSIGNED', 'Someone else handles it') });
    await openFile();
    await userEvent.click(screen.getByRole('button', { name: 'Take the return of Anna Muster, 2025' }));
    expect(await screen.findByText('Someone else took this return a moment ago. The file now shows who handles it.')).toBeInTheDocument();
  });

  it('reads in German too: headings, masked values and actions', async () => {
    await setLanguage('de');
    fileServer();
    renderFile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Muster, Steuerjahr 2025' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Erweiterte Steuerinformationen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AHV-Nummer der Ehepartnerin oder des Ehepartners anzeigen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle herunterladen (ZIP)' })).toBeInTheDocument();
  });
});

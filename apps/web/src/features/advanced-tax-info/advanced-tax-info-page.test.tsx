import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@taxli/domain';
import { queryKeys } from '../../lib/query-keys';
import { announceTransmitEnabled, takeTransmitAnnouncement } from '../../lib/transmit-announcement';
import { aChecklist, aFileRecord, apiError, clearToasts, json, setLanguage, stubUploads, toastRegion } from '../../test/harness';
import { advancedServer, anInfo, openTab, renderAdvanced, renderLoaded, YEAR, yearRoutes } from './test-fixtures';

const entryOf = (category: string) => screen.getByRole('heading', { name: category }).closest('li')!;

/** The category's Upload button says the refusal, as a field says its error, until the next upload (issue 28). */
function expectRefusalAtUpload(category: string, text: string) {
  const upload = within(entryOf(category)).getByRole('button', { name: 'Upload' });
  expect(upload).toHaveAttribute('aria-invalid', 'true');
  expect(upload).toHaveAccessibleDescription(`${category} ${text}`);
}

describe('Advanced Tax Information', () => {
  let uploads: ReturnType<typeof stubUploads>;
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
    uploads = stubUploads();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Loading user data...' until the year has loaded, with a Back link to the dashboard", async () => {
    let release = () => {};
    const held = new Promise<Response>((resolve) => (release = () => resolve(json(200, anInfo()))));
    advancedServer({}, { [`GET /api/advanced-tax-info?taxYear=${YEAR}`]: () => held });
    renderAdvanced();
    expect(await screen.findByText('Loading user data...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('combobox', { name: 'Tax year' })).toHaveValue(String(YEAR));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    expect(screen.queryByText('Loading user data...')).not.toBeInTheDocument();
  });

  it('offers the current year −3 to +1 and loads the year chosen', async () => {
    const server = advancedServer({}, yearRoutes(2024));
    await renderLoaded('/advanced-tax-info-legacy');
    const years = screen.getByRole('combobox', { name: 'Tax year' });
    expect(within(years).getAllByRole('option').map((o) => o.textContent)).toEqual(['2027', '2026', '2025', '2024', '2023']);
    await userEvent.selectOptions(years, '2024');
    await waitFor(() => expect(server.calls('GET', '/api/advanced-tax-info?taxYear=2024')).toHaveLength(1));
  });

  it('switching on arms Finish Section; finishing saves the flag, opens transmitting and locks the tabs', async () => {
    const server = advancedServer({}, { 'PUT /api/advanced-tax-info/completion': json(200, { taxYear: YEAR, completed: true }) });
    const { queryClient } = await renderLoaded();
    // The dashboard's status of the year, as a visit before left it in the cache.
    queryClient.setQueryData(queryKeys.taxStatus(YEAR), { taxYear: YEAR, advancedInfoCompleted: false });
    expect(screen.queryByRole('button', { name: 'Finish Section' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Section Complete' }));
    expect(screen.getByRole('switch', { name: 'Section Complete' })).toBeChecked();
    expect(server.calls('PUT', '/api/advanced-tax-info/completion')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Finish Section' }));
    await waitFor(() => expect(screen.getByText('Section Completed - Navigation Locked')).toBeInTheDocument());
    expect(server.calls('PUT', '/api/advanced-tax-info/completion').map((r) => r.body)).toEqual([{ taxYear: YEAR, completed: true }]);
    expect(within(toastRegion()).getByText('Section Completed')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Advanced Tax Info section has been marked as complete. Transmission is now available.')).toBeInTheDocument();
    expect(screen.getByText('Section Completed - Navigation Locked')).toBeInTheDocument();
    expect(screen.getByText('This section has been completed and locked')).toBeInTheDocument();
    expect(screen.getByText('Section Completed', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish Section' })).not.toBeInTheDocument();
    // Inert: the tabs are out of reach for mouse, keyboard and screen readers.
    expect(screen.getByRole('tab', { name: 'Overview', hidden: true }).closest('[inert]')).not.toBeNull();
    // Returning to the dashboard reads the year's flag again, and it says 'Transmit Files Enabled'.
    expect(queryClient.getQueryState(queryKeys.taxStatus(YEAR))?.isInvalidated).toBe(true);
    expect(takeTransmitAnnouncement(YEAR)).toBe(true);
  });

  it('a completed year loads locked; switching off clears the flag on the server and closes transmitting', async () => {
    const server = advancedServer({ info: anInfo({ completed: true }) }, { 'PUT /api/advanced-tax-info/completion': json(200, { taxYear: YEAR, completed: false }) });
    // Finished a moment ago, the dashboard not seen yet.
    announceTransmitEnabled(YEAR);
    renderAdvanced();
    expect(await screen.findByText('Section Completed - Navigation Locked')).toBeInTheDocument();
    const complete = screen.getByRole('switch', { name: 'Section Complete' });
    expect(complete).toBeChecked();
    await userEvent.click(complete);
    await waitFor(() => expect(screen.queryByText('Section Completed - Navigation Locked')).not.toBeInTheDocument());
    expect(server.calls('PUT', '/api/advanced-tax-info/completion').map((r) => r.body)).toEqual([{ taxYear: YEAR, completed: false }]);
    expect(takeTransmitAnnouncement(YEAR)).toBe(false);
    expect(screen.getByRole('switch', { name: 'Section Complete' })).not.toBeChecked();
    expect(screen.getByRole('tab', { name: 'Overview' }).closest('[inert]')).toBeNull();
  });

  it('keeps the section open and says so when Finish Section fails', async () => {
    advancedServer({}, { 'PUT /api/advanced-tax-info/completion': apiError(500, 'INTERNAL_ERROR', 'x') });
    await renderLoaded();
    await userEvent.click(screen.getByRole('switch', { name: 'Section Complete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish Section' }));
    expect(await within(toastRegion()).findByText('The section could not be marked as complete. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Section Completed - Navigation Locked')).not.toBeInTheDocument();
    expect(takeTransmitAnnouncement(YEAR)).toBe(false);
  });

  it('shows Overview and Authorization always, the other tabs as the year’s card configuration says', async () => {
    advancedServer({ preferences: { investments: true, deductions: true, realEstate: false, foreignIncome: false, spouse: false, children: true } });
    await renderLoaded();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Authorization', 'Investments', 'Deductions', 'Children']);
  });

  it('moves between tabs with the arrow keys', async () => {
    advancedServer();
    await renderLoaded();
    screen.getByRole('tab', { name: 'Overview' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Authorization' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Authorization' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Children' })).toHaveAttribute('aria-selected', 'true');
  });

  it('counts files per card; a switched-off card is dimmed and does not open, a switched-on one opens its tab', async () => {
    advancedServer({ info: anInfo({ sections: { ...anInfo().sections, investments: true }, fileCounts: { '10': 2, '11': 1, '39': 1 } }) });
    await renderLoaded();
    const cards = screen.getByRole('list', { name: 'Tax sections' });
    const investments = within(cards).getByRole('button', { name: 'Investments & Securities' }).closest('li')!;
    expect(investments).toHaveTextContent('3 files');
    expect(within(cards).queryByRole('button', { name: 'Property & Real Estate' })).not.toBeInTheDocument();
    expect(within(cards).getByText('Property & Real Estate').closest('li')).toHaveAttribute('data-enabled', 'false');
    expect(within(cards).getByRole('switch', { name: 'Include Authorization & Tax ID' })).toBeDisabled();
    await userEvent.click(within(cards).getByRole('button', { name: 'Investments & Securities' }));
    expect(screen.getByRole('tab', { name: 'Investments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Securities account statement' })).toBeInTheDocument();
  });

  it('turns a section on at once and confirms it; the summary lists what is missing', async () => {
    const server = advancedServer({ info: anInfo({ fileCounts: { '10': 1 }, relevance: { '12': false } }) }, { 'POST /api/user-preferences/investments': json(200, {}) });
    await renderLoaded();
    const toggle = screen.getByRole('switch', { name: 'Include Investments & Securities' });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(await within(toastRegion()).findByText('Tax section enabled successfully.')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Preference updated')).toBeInTheDocument();
    expect(server.calls('POST', '/api/user-preferences/investments').map((r) => r.body)).toEqual([{ taxYear: YEAR, isRelevant: true }]);
    // 10 has a file, 12 is not relevant: only 11 is missing.
    const summary = screen.getByRole('heading', { name: 'Summary for 2025' }).closest('section')!;
    expect(within(summary).getByText('Still missing: Dividend and interest statements')).toBeInTheDocument();
  });

  it('does not call missing what the tax profile rules out or the person marked not applicable (D19)', async () => {
    // An employed single person without Pillar 3a who marked professional expenses not applicable.
    const checklist = aChecklist(YEAR, {
      answers: { maritalStatus: 'individual', employmentType: 'employed', hasPillar3a: false, hasChildren: false, hasInvestments: false, propertyOwner: false, hasForeignIncome: false },
      marks: { 3: 'I work from home' },
    });
    advancedServer({ info: anInfo({ sections: { ...anInfo().sections, deductions: true }, fileCounts: { '4': 1 } }), checklist });
    await renderLoaded();
    const summary = screen.getByRole('heading', { name: 'Summary for 2025' }).closest('section')!;
    // Deductions holds 3, 4, 22, 23, 24, 25: 4 has a file, 3 is marked, 22 is ruled out.
    expect(await within(summary).findByText('Still missing: Donation receipts, Medical and dental expenses, Further education costs')).toBeInTheDocument();
  });

  it('puts a section toggle back and says so when the server refuses it', async () => {
    advancedServer({}, { 'POST /api/user-preferences/spouse': apiError(500, 'INTERNAL_ERROR', 'x') });
    await renderLoaded();
    const toggle = screen.getByRole('switch', { name: 'Include Spouse Information' });
    await userEvent.click(toggle);
    expect(await within(toastRegion()).findByText('Could not save your preference. Please try again.')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Update failed')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('a document marked not relevant cannot be uploaded to, and the choice is saved', async () => {
    const server = advancedServer({}, { 'POST /api/user-preferences/10': json(200, {}) });
    await renderLoaded();
    await openTab('Investments', userEvent);
    const entry = entryOf('Securities account statement');
    expect(within(entry).getByRole('button', { name: 'Upload' })).toBeEnabled();
    await userEvent.click(within(entry).getByRole('switch', { name: 'Relevant' }));
    expect(within(entry).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(within(entry).getByRole('switch', { name: 'Not relevant' })).not.toBeChecked();
    await waitFor(() => expect(server.calls('POST', '/api/user-preferences/10').map((r) => r.body)).toEqual([{ taxYear: YEAR, isRelevant: false }]));
  });

  it('lists the files already there under their category', async () => {
    advancedServer({ files: [aFileRecord(1, 11, { name: 'dividends.pdf', size: 3072 }), aFileRecord(2, 1)] });
    await renderLoaded();
    await openTab('Investments', userEvent);
    const entry = entryOf('Dividend and interest statements');
    expect(within(entry).getByText('1 file')).toBeInTheDocument();
    await userEvent.click(within(entry).getByRole('button', { name: 'Show files' }));
    expect(within(entry).getByRole('link', { name: 'dividends.pdf' })).toHaveAttribute('href', '/api/files/1/versions/1/content');
    expect(within(entry).getByText(/^3 KB · /)).toBeInTheDocument();
  });

  it('refuses a file over 50 MB without sending it', async () => {
    advancedServer();
    await renderLoaded();
    await openTab('Investments', userEvent);
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    fireEvent.change(screen.getByTestId('upload-input-10'), { target: { files: [big] } });
    expect(await within(toastRegion()).findByText('Please select a file smaller than 50MB.')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('File Too Large')).toBeInTheDocument();
    expectRefusalAtUpload('Securities account statement', 'Upload failed: Please select a file smaller than 50MB.');
    expect(uploads.sent).toHaveLength(0);
  });

  it('refuses an empty file without sending it: the toast and the upload say why, and no retry is offered', async () => {
    advancedServer();
    await renderLoaded();
    await openTab('Investments', userEvent);
    fireEvent.change(screen.getByTestId('upload-input-10'), { target: { files: [new File([], 'empty.pdf', { type: 'application/pdf' })] } });
    const reason = 'The file is empty and was not uploaded.';
    expect(await within(toastRegion()).findByText(reason)).toBeInTheDocument();
    const entry = entryOf('Securities account statement');
    expectRefusalAtUpload('Securities account statement', `Upload failed: ${reason}`);
    expect(within(entry).getByText('empty.pdf')).toBeInTheDocument();
    expect(within(entry).queryByRole('button', { name: /retry|try again/i })).not.toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
  });

  it('sends one file with its SHA-256 as a JSON array, its category and year; then confirms, clears the row and reloads the files', async () => {
    const server = advancedServer();
    await renderLoaded();
    await openTab('Investments', userEvent);
    const content = 'statement 2025';
    const file = new File([content], 'depot.pdf', { type: 'application/pdf' });
    expect(screen.getByTestId('upload-input-10')).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png,.doc,.docx,.txt');
    fireEvent.change(screen.getByTestId('upload-input-10'), { target: { files: [file] } });
    expect(await within(toastRegion()).findByText('Successfully uploaded file to Securities account statement.')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Upload Successful')).toBeInTheDocument();
    expect(uploads.sent.map((sent) => sent.url)).toEqual(['/api/upload']);
    const form = uploads.sent[0]!.form;
    expect(form.getAll('files')).toHaveLength(1);
    expect((form.get('files') as File).name).toBe('depot.pdf');
    expect(form.get('hashes')).toBe(JSON.stringify([createHash('sha256').update(content).digest('hex')]));
    expect(form.get('categoryId')).toBe('10');
    expect(form.get('categoryName')).toBe('Securities account statement');
    expect(form.get('taxYear')).toBe(String(YEAR));
    const entry = entryOf('Securities account statement');
    expect(within(entry).getByRole('progressbar', { name: 'Upload of depot.pdf' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(entry).getByText('100.0% · uploaded')).toBeInTheDocument();
    expect(within(entry).getByText(`${file.size} B`)).toBeInTheDocument();
    await waitFor(() => expect(within(entry).queryByRole('progressbar')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(server.calls('GET', `/api/files?taxYear=${YEAR}`).length).toBeGreaterThanOrEqual(2);
  });

  it('offers only its seven types, and refuses another name without sending it, naming them', async () => {
    advancedServer();
    await renderLoaded();
    await openTab('Investments', userEvent);
    const input = screen.getByTestId<HTMLInputElement>('upload-input-10');
    expect(input.accept).toBe('.pdf,.jpg,.jpeg,.png,.doc,.docx,.txt');
    fireEvent.change(input, { target: { files: [new File(['a;b'], 'depot.xlsx')] } });
    const reason = 'This file type is not accepted here. Please upload a PDF, JPG, PNG, Word (DOC, DOCX) or text file.';
    expect(await within(toastRegion()).findByText(reason)).toBeInTheDocument();
    expectRefusalAtUpload('Securities account statement', `Upload failed: ${reason}`);
    expect(uploads.sent).toHaveLength(0);
  });

  it("names the server's reason in the toast and at the category's upload", async () => {
    uploads.answer = () => ({ status: 415, body: { error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'no' } } });
    advancedServer();
    await renderLoaded();
    await openTab('Investments', userEvent);
    fireEvent.change(screen.getByTestId('upload-input-10'), { target: { files: [new File(['MZ'], 'tool.pdf')] } });
    const reason = 'This file type is not accepted here. Please upload a PDF, JPG, PNG, Word (DOC, DOCX) or text file.';
    expect(await within(toastRegion()).findByText(reason)).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Upload Failed')).toBeInTheDocument();
    expectRefusalAtUpload('Securities account statement', `Upload failed: ${reason}`);
  });

  it('says there was an error uploading when the network fails, and names the category on any other failure', async () => {
    uploads.answer = () => 'network-error';
    advancedServer();
    await renderLoaded();
    await openTab('Investments', userEvent);
    fireEvent.change(screen.getByTestId('upload-input-11'), { target: { files: [new File(['a'], 'a.pdf')] } });
    expect(await within(toastRegion()).findByText('There was an error uploading your file.')).toBeInTheDocument();
    uploads.answer = () => ({ status: 500, body: '' });
    fireEvent.change(screen.getByTestId('upload-input-11'), { target: { files: [new File(['b'], 'b.pdf')] } });
    expect(await within(toastRegion()).findByText('Failed to upload file to Dividend and interest statements. Please try again.')).toBeInTheDocument();
  });
});

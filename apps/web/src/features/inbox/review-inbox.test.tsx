import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EchStatementFields, ExtractionResponse, InboxItem, SalaryCertificateFields } from '@taxli/domain';
import { useFiles } from '../../lib/documents';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { formatSwissFrancs } from '../../lib/swiss-francs';
import { aChecklist, aFileRecord, apiError, json, renderRoutes, setLanguage, stubServer, type Route } from '../../test/harness';
import { salaryRead, statementRead } from '../../test/reads';
import { ReviewInbox } from './review-inbox';

const YEAR = 2025;
const INBOX = `GET /api/inbox?taxYear=${YEAR}`;

/** The shared certificate's read (test/reads.ts), with the employee's masked AHV number and net to the centime. */
const read = (overrides: Partial<ExtractionResponse>): ExtractionResponse => ({
  ...salaryRead,
  fields: { ...(salaryRead.fields as SalaryCertificateFields), employee: { firstName: 'Anna', lastName: 'Muster', ahvNumberMasked: '756.****.****.97' }, netIncome: '58123.45' },
  ...overrides,
});

/** A salary certificate uploaded into Bank Documents (1): the reader suggests Salary Statement (5). */
const certificate = (overrides: Partial<InboxItem> = {}): InboxItem => ({
  fileId: 31,
  fileName: 'lohnausweis-2025.pdf',
  categoryId: 1,
  taxYear: YEAR,
  extraction: read({}),
  questions: [],
  ...overrides,
});

const statement: InboxItem = {
  fileId: 32,
  fileName: 'ubs-steuerauszug.pdf',
  categoryId: 1,
  taxYear: YEAR,
  extraction: {
    ...statementRead,
    fields: { ...(statementRead.fields as EchStatementFields), client: [{ clientNumber: 'C-1' }], totalGrossRevenueA: '1200.00', totalGrossRevenueB: '80.25', totalWithHoldingTaxClaim: '420.00' },
  },
  questions: ['SECURITIES_WITHOUT_INVESTMENTS'],
};

/** The inbox as the server keeps it: an accepted or dismissed item is no longer listed. */
function inboxServer(items: InboxItem[], answers: { accept?: Route; dismiss?: Route } = {}) {
  let listed = items;
  const decided = (fileId: number, categoryId: number, confirmed: boolean) => {
    listed = listed.filter((item) => item.fileId !== fileId);
    return json(200, { fileId, categoryId, confirmed });
  };
  const routes: Record<string, Route> = {
    [INBOX]: () => json(200, { items: listed }),
    [`GET /api/files?taxYear=${YEAR}`]: json(200, [aFileRecord(31, 5)]),
  };
  for (const item of items) {
    routes[`POST /api/inbox/${item.fileId}/accept`] = answers.accept ?? (() => decided(item.fileId, item.extraction.suggestedCategoryId ?? item.categoryId, true));
    routes[`POST /api/inbox/${item.fileId}/dismiss`] = answers.dismiss ?? (() => decided(item.fileId, item.categoryId, false));
  }
  return stubServer(routes);
}

/** The panel, with the year's files on screen as the dashboard shows them, and the checklist in the cache. */
function renderInbox() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.checklist(YEAR), aChecklist(YEAR));
  function FilesProbe() {
    const files = useFiles(YEAR);
    return <p>{files.data ? `files: ${files.data.length}` : 'files loading'}</p>;
  }
  const view = renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <main>
            <ReviewInbox taxYear={YEAR} />
            <FilesProbe />
          </main>
        ),
      },
    ],
    { queryClient },
  );
  return { ...view, queryClient };
}

/** The figure a read document's list gives for `term`, as written (with its non-breaking spaces). */
const figure = (item: HTMLElement, term: string) => within(item).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

const panel = () => screen.findByRole('region', { name: 'Review inbox' });
const itemNamed = (name: string) => screen.getByRole('article', { name });

/** axe on the rendered page; colour contrast is left to the e2e run (jsdom computes no colours). */
async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the review inbox on the dashboard (issue 29)', () => {
  beforeEach(() => setLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each read document with its kind, source, figures in francs, the masked AHV number and the suggested move', async () => {
    inboxServer([certificate(), statement]);
    renderInbox();
    await panel();
    const salary = itemNamed('lohnausweis-2025.pdf');
    expect(within(salary).getByText('Salary certificate · read from the barcode · confidence 100%')).toBeInTheDocument();
    const figures = within(salary).getByLabelText('Figures read from lohnausweis-2025.pdf');
    const value = (term: string) => within(figures).getByText(term).nextElementSibling?.textContent;
    expect(value('Employer')).toBe('COMPLEX Elektronik AG');
    expect(value('Period')).toBe('01.01.2025 – 31.12.2025');
    expect(value('Gross salary')).toBe(formatSwissFrancs('68000.00', 'en'));
    expect(value('Gross salary')).toMatch(/^CHF\s68\D000\.00$/);
    expect(value('Net salary')).toBe(formatSwissFrancs('58123.45', 'en'));
    expect(value('AHV number')).toBe('756.****.****.97');
    expect(within(salary).getByText('Move to Salary Statement?')).toBeInTheDocument();
    expect(within(salary).getByRole('button', { name: 'Accept' })).toHaveAccessibleDescription('lohnausweis-2025.pdf');
    expect(within(salary).getByRole('button', { name: 'Keep where it is' })).toBeInTheDocument();

    const bank = itemNamed('ubs-steuerauszug.pdf');
    expect(within(bank).getByText('E-tax statement · read from the data attached to the PDF · confidence 100%')).toBeInTheDocument();
    expect(within(bank).getByText('UBS Switzerland AG')).toBeInTheDocument();
    expect(figure(bank, 'Tax value')).toBe(formatSwissFrancs('125000.50', 'en'));
    expect(figure(bank, 'Gross revenue B (without withholding tax)')).toBe(formatSwissFrancs('80.25', 'en'));
    // Already where it belongs: no move offered, the figures are confirmed or dismissed.
    expect(within(bank).queryByText(/^Move to/)).not.toBeInTheDocument();
    expect(within(bank).getByRole('button', { name: 'Confirm figures' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('Accept moves the file: the API is called, the item leaves, the files and the checklist are read again, and focus stays in the panel', async () => {
    const server = inboxServer([certificate(), statement]);
    const { queryClient } = renderInbox();
    await panel();
    await screen.findByText('files: 1');
    const filesBefore = server.calls('GET', `/api/files?taxYear=${YEAR}`).length;
    await userEvent.click(within(itemNamed('lohnausweis-2025.pdf')).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'lohnausweis-2025.pdf' })).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/inbox/31/accept')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('lohnausweis-2025.pdf moved to Salary Statement.');
    expect(screen.getByRole('heading', { name: 'Review inbox' })).toHaveFocus();
    expect(itemNamed('ubs-steuerauszug.pdf')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', `/api/files?taxYear=${YEAR}`).length).toBeGreaterThan(filesBefore));
    expect(queryClient.getQueryState(queryKeys.checklist(YEAR))?.isInvalidated).toBe(true);
  });

  it('Keep where it is dismisses by keyboard alone, and the panel says so once the last item is decided', async () => {
    const server = inboxServer([certificate()]);
    renderInbox();
    await panel();
    const keep = within(itemNamed('lohnausweis-2025.pdf')).getByRole('button', { name: 'Keep where it is' });
    await userEvent.tab();
    await userEvent.tab();
    expect(keep).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/inbox/31/dismiss')).toHaveLength(1);
    expect(server.calls('POST', '/api/inbox/31/accept')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('lohnausweis-2025.pdf stays where it is.');
    expect(await panel()).toHaveTextContent('Every read document is reviewed.');
  });

  it('a refused decision is said at the item, which stays', async () => {
    inboxServer([certificate()], { accept: apiError(409, 'DOCUMENTS_TRANSMITTED', 'Documents transmitted') });
    renderInbox();
    await panel();
    await userEvent.click(within(itemNamed('lohnausweis-2025.pdf')).getByRole('button', { name: 'Accept' }));
    expect(await within(itemNamed('lohnausweis-2025.pdf')).findByRole('alert')).not.toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it.each([
    ['SEGMENTS_INCOMPLETE', 'This document could not be read: Some of its barcodes are missing or cannot be read, so its data is incomplete. The file itself stays where it is.'],
    ['A_CODE_OF_A_NEWER_SERVER', 'This document could not be read: Something in it could not be read. The file itself stays where it is.'],
  ])('a failed read (%s) says why, offers no move and can be dismissed', async (failureCode, text) => {
    inboxServer([certificate({ extraction: read({ status: 'failed', kind: 'ech-0196', source: null, confidence: null, suggestedCategoryId: null, fields: null, failureCode: failureCode as never }) })]);
    renderInbox();
    await panel();
    const item = itemNamed('lohnausweis-2025.pdf');
    expect(within(item).getByText(text)).toBeInTheDocument();
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(item).getAllByRole('button').map((button) => button.textContent)).toEqual(['Dismiss']);
  });

  it('asks the questions about the tax profile as questions, not errors', async () => {
    inboxServer([statement, certificate({ questions: ['AHV_NUMBER_NOT_HOUSEHOLD', 'SALARY_WITHOUT_EMPLOYMENT'] })]);
    renderInbox();
    await panel();
    const questions = within(itemNamed('lohnausweis-2025.pdf')).getByRole('list', { name: 'Questions about lohnausweis-2025.pdf' });
    const asked = within(questions).getAllByRole('listitem').map((item) => item.textContent);
    expect(asked).toEqual([
      "The AHV number on this certificate is neither yours nor your spouse's. Is this document yours?",
      'This is a salary certificate, but your tax profile says you were not employed. Were you employed this year?',
    ]);
    expect(within(itemNamed('ubs-steuerauszug.pdf')).getByText(/your tax profile says you have no investments\. Do you hold shares or other securities\?$/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks German: Lohnausweis, E-Steuerauszug, the move and the figures in Swiss francs', async () => {
    await setLanguage('de');
    inboxServer([certificate(), statement]);
    renderInbox();
    await screen.findByRole('region', { name: 'Gelesene Dokumente prüfen' });
    const salary = itemNamed('lohnausweis-2025.pdf');
    expect(within(salary).getByText(/^Lohnausweis · aus dem Barcode gelesen · Sicherheit 100\s?%$/)).toBeInTheDocument();
    expect(within(salary).getByText('Nach «Lohnausweis» verschieben?')).toBeInTheDocument();
    expect(figure(salary, 'Bruttolohn')).toBe(formatSwissFrancs('68000.00', 'de'));
    expect(within(itemNamed('ubs-steuerauszug.pdf')).getByText(/^E-Steuerauszug ·/)).toBeInTheDocument();
  });

  it.each([
    ['an empty inbox', json(200, { items: [] })],
    ['a server without the inbox', apiError(404, 'NOT_FOUND', 'No such endpoint')],
  ])('shows nothing for %s', async (_case, answer) => {
    const server = stubServer({ [INBOX]: answer, [`GET /api/files?taxYear=${YEAR}`]: json(200, []) });
    renderInbox();
    await screen.findByText('files: 0');
    await waitFor(() => expect(server.calls('GET', `/api/inbox?taxYear=${YEAR}`).length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Review inbox' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

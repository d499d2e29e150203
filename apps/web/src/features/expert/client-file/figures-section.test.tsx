import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientFileVersion, FiguresResponse } from '@taxli/domain';
import { formatSwissFrancs } from '../../../lib/swiss-francs';
import { apiError, json, renderRoutes, setLanguage, stubServer, type Route } from '../../../test/harness';
import { FiguresSection } from './figures-section';

const FIGURES_URL = 'GET /api/expert/returns/42/2025/figures';

const version = (versionId: number, documentId: number, fileName: string, versionNumber = 1): ClientFileVersion => ({
  versionId,
  documentId,
  categoryId: 5,
  categoryName: 'Salary Statement',
  fileName,
  version: versionNumber,
  size: 2048,
  sha256: 'a'.repeat(64),
  contentType: 'application/pdf',
  uploadedAt: '2026-02-10T08:00:00.000Z',
  transmitted: true,
});

/** Two certificates of one employer (a change of job within the year would be two), one of another, one statement. */
const FIGURES: FiguresResponse = {
  salary: [
    { fileId: 1, fileName: 'lohn-jan-jun.pdf', employer: 'COMPLEX Elektronik AG', periodFrom: '2025-01-01', periodUntil: '2025-06-30', grossIncome: '34000.00', netIncome: '29000.00', confirmed: true },
    { fileId: 2, fileName: 'lohn-jul-dec.pdf', employer: 'COMPLEX Elektronik AG', periodFrom: '2025-07-01', periodUntil: '2025-12-31', grossIncome: '34000.00', netIncome: '29000.50', confirmed: false },
    { fileId: 3, fileName: 'nebenjob.pdf', employer: 'Beck Brot GmbH', periodFrom: '2025-03-01', periodUntil: '2025-03-31', grossIncome: '1200.00', netIncome: '1100.00', confirmed: true },
  ],
  salaryTotalsByEmployer: [
    { employer: 'COMPLEX Elektronik AG', grossIncome: '68000.00', netIncome: '58000.50' },
    { employer: 'Beck Brot GmbH', grossIncome: '1200.00', netIncome: '1100.00' },
  ],
  statements: [
    { fileId: 4, fileName: 'ubs.pdf', institution: 'UBS Switzerland AG', totalTaxValue: '125000.50', totalGrossRevenueA: '1200.00', totalGrossRevenueB: '80.25', totalWithHoldingTaxClaim: '420.00', confirmed: true },
  ],
  statementTotals: { totalTaxValue: '125000.50', totalGrossRevenueA: '1200.00', totalGrossRevenueB: '80.25', totalWithHoldingTaxClaim: '420.00' },
};

/** The client file's versions: the first certificate in two versions, the side job's certificate not in the file. */
const FILES = [version(11, 1, 'lohn-jan-jun.pdf'), version(14, 1, 'lohn-jan-jun.pdf', 2), version(12, 2, 'lohn-jul-dec.pdf'), version(13, 4, 'ubs.pdf')];

function renderFigures(answer: Route) {
  const server = stubServer({ [FIGURES_URL]: answer });
  renderRoutes([{ path: '/', Component: () => <FiguresSection returnRef={{ userId: 42, taxYear: 2025 }} files={FILES} /> }]);
  return server;
}

const chf = (amount: string) => formatSwissFrancs(amount, 'en');
/** The cells of a table's rows, as read (header rows included). */
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('Figures from documents in the client file (issue 29)', () => {
  beforeEach(() => setLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists salary per certificate with totals per employer, and the statements with their totals', async () => {
    renderFigures(json(200, FIGURES));
    const salary = await screen.findByRole('table', { name: 'Salary certificates' });
    expect(rowsOf(salary)).toEqual([
      ['Document', 'Employer', 'Period', 'Gross salary', 'Net salary', 'Confirmed by the person'],
      ['lohn-jan-jun.pdf', 'COMPLEX Elektronik AG', '01.01.2025 – 30.06.2025', chf('34000.00'), chf('29000.00'), 'Confirmed'],
      ['lohn-jul-dec.pdf', 'COMPLEX Elektronik AG', '01.07.2025 – 31.12.2025', chf('34000.00'), chf('29000.50'), 'Not confirmed'],
      ['nebenjob.pdf', 'Beck Brot GmbH', '01.03.2025 – 31.03.2025', chf('1200.00'), chf('1100.00'), 'Confirmed'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Salary totals per employer' }))).toEqual([
      ['Employer', 'Gross salary', 'Net salary'],
      ['COMPLEX Elektronik AG', chf('68000.00'), chf('58000.50')],
      ['Beck Brot GmbH', chf('1200.00'), chf('1100.00')],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'E-tax statements (bank and securities)' }))).toEqual([
      ['Document', 'Institution', 'Tax value', 'Gross revenue A', 'Gross revenue B', 'Withholding tax claim', 'Confirmed by the person'],
      ['ubs.pdf', 'UBS Switzerland AG', chf('125000.50'), chf('1200.00'), chf('80.25'), chf('420.00'), 'Confirmed'],
      ['Total', chf('125000.50'), chf('1200.00'), chf('80.25'), chf('420.00'), ''],
    ]);
  });

  it("links each figure to its document's latest version and the whole to the CSV; a document not in the file is named only", async () => {
    renderFigures(json(200, FIGURES));
    const salary = await screen.findByRole('table', { name: 'Salary certificates' });
    expect(within(salary).getByRole('link', { name: 'lohn-jan-jun.pdf' })).toHaveAttribute('href', '/api/expert/returns/42/2025/documents/14');
    expect(within(salary).getByRole('link', { name: 'lohn-jul-dec.pdf' })).toHaveAttribute('href', '/api/expert/returns/42/2025/documents/12');
    expect(within(salary).queryByRole('link', { name: 'nebenjob.pdf' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: /^E-tax statements/ })).getByRole('link', { name: 'ubs.pdf' })).toHaveAttribute('href', '/api/expert/returns/42/2025/documents/13');
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', '/api/expert/returns/42/2025/figures.csv');
    expect(csv).toHaveAttribute('download');
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('says so when no figures were read, and offers no CSV', async () => {
    renderFigures(json(200, { salary: [], salaryTotalsByEmployer: [], statements: [], statementTotals: { totalTaxValue: '0', totalGrossRevenueA: '0', totalGrossRevenueB: '0', totalWithHoldingTaxClaim: '0' } }));
    expect(await screen.findByText("No figures have been read from this year's documents.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the figures cannot be loaded, and Retry reads them again', async () => {
    let answer: Route = apiError(500, 'INTERNAL_ERROR', 'boom');
    const server = renderFigures(() => (typeof answer === 'function' ? answer({} as never) : answer.clone()));
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(/./);
    answer = json(200, FIGURES);
    const before = server.calls('GET', '/api/expert/returns/42/2025/figures').length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Salary certificates' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/expert/returns/42/2025/figures').length).toBe(before + 1);
  }, 15_000);

  it('speaks German', async () => {
    await setLanguage('de');
    renderFigures(json(200, FIGURES));
    expect(await screen.findByRole('table', { name: 'Lohnausweise' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zahlen aus Dokumenten' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'E-Steuerauszüge (Bank und Wertschriften)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV herunterladen' })).toBeInTheDocument();
  });
});

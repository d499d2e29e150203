import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { aFileRecord, apiError, json, renderRoutes, setLanguage, stubServer } from '../../test/harness';
import { FileHistoryPage } from './file-history-page';
import { groupByUploadDay } from './group-by-day';

const file = (id: number, categoryId: number, uploadedAt: string, name: string) =>
  aFileRecord(id, categoryId, { uploadedAt, name, size: 3072 });

const FILES = [
  file(1, 5, '2026-03-02T09:00:00.000Z', 'Lohnausweis.pdf'),
  file(2, 1, '2026-03-04T10:00:00.000Z', 'UBS.pdf'),
  file(3, 1, '2026-03-04T08:00:00.000Z', 'PostFinance.pdf'),
];
const CATEGORIES = [
  { id: 1, name: 'Bank Documents', description: '', section: 'required', required: true },
  { id: 5, name: 'Salary Statement', description: '', section: 'required', required: true },
];

function render() {
  stubServer({
    'GET /api/files?taxYear=2025': json(200, FILES),
    'GET /api/files?taxYear=2024': json(200, []),
    'GET /api/document-categories?taxYear=2025&mode=all': json(200, CATEGORIES),
    'GET /api/document-categories?taxYear=2024&mode=all': json(200, CATEGORIES),
  });
  return renderRoutes([{ path: '/', Component: FileHistoryPage }], { path: '/', now: () => new Date(2026, 10, 22) });
}

describe('file history page', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('groups by upload day, newest first, with view and download links', async () => {
    render();
    const groups = await screen.findAllByRole('heading', { level: 2 });
    expect(groups.map((g) => g.textContent)).toEqual(['4 March 2026 (2 files)', '2 March 2026 (1 file)']);
    expect(screen.getByRole('link', { name: 'View UBS.pdf' })).toHaveAttribute('href', '/api/files/2/versions/1/content?inline=1');
    expect(screen.getByRole('link', { name: 'View UBS.pdf' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Download UBS.pdf' })).toHaveAttribute('download', 'UBS.pdf');
    expect(screen.getAllByText(/ · 3 KB$/)).toHaveLength(3);
  });

  it('filters by category and by year, with the empty state saying why', async () => {
    render();
    await screen.findByText('UBS.pdf');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Salary Statement');
    expect(screen.queryByText('UBS.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('Lohnausweis.pdf')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'All Categories');
    const years = within(screen.getByLabelText('Tax year')).getAllByRole('option').map((o) => o.textContent);
    expect(years).toEqual(['2026', '2025', '2024', '2023', '2022']);
    await userEvent.selectOptions(screen.getByLabelText('Tax year'), '2024');
    expect(await screen.findByRole('heading', { name: 'No files found' })).toBeInTheDocument();
    expect(screen.getByText('You have not uploaded any files for 2024.')).toBeInTheDocument();
  });
});

describe('groupByUploadDay', () => {
  it('keeps files of one local day together, newest first', () => {
    expect(groupByUploadDay(FILES).map((g) => g.files.map((f) => f.id))).toEqual([[2, 3], [1]]);
  });

  it("says 'Failed to fetch files' when the list cannot be loaded, and loads it again on request", async () => {
    let fail = true;
    stubServer({
      'GET /api/files?taxYear=2025': () => (fail ? apiError(500, 'INTERNAL_ERROR', 'boom') : json(200, FILES)),
      'GET /api/document-categories?taxYear=2025&mode=all': json(200, CATEGORIES),
    });
    const queryClient = createQueryClient();
    // The retries of part 1 §9 stay; only their back-off is cut so the test need not wait for it.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
    renderRoutes([{ path: '/', Component: FileHistoryPage }], { path: '/', now: () => new Date(2026, 10, 22), queryClient });
    expect(await screen.findByText('Failed to fetch files')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('UBS.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import type { FileVersionEntry } from '@taxli/domain';
import { aFileRecord, apiError, currentPath, json, renderRoutes, setLanguage, stubServer } from '../../test/harness';
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

const OLD_SALARY = file(7, 5, '2025-02-10T09:00:00.000Z', 'Lohnausweis 2024.pdf');
const HISTORY: FileVersionEntry[] = [
  { version: 2, createdAt: '2026-03-02T09:00:00.000Z', blobUrl: '/api/files/1/versions/2/content', filename: 'Lohnausweis.pdf', size: 3072, sha256: 'b'.repeat(64) },
  { version: 1, createdAt: '2026-02-20T09:00:00.000Z', blobUrl: '/api/files/1/versions/1/content', filename: 'Lohnausweis.pdf', size: 30_000_000, sha256: 'a'.repeat(64) },
];

/** The page at `path` on 22 November 2026: the year in preparation is 2025. */
function render(path = '/') {
  const server = stubServer({
    'GET /api/files?taxYear=2025': json(200, FILES),
    'GET /api/files?taxYear=2024': json(200, [OLD_SALARY]),
    'GET /api/files?taxYear=2023': json(200, []),
    'GET /api/document-categories?taxYear=2025&mode=all': json(200, CATEGORIES),
    'GET /api/document-categories?taxYear=2024&mode=all': json(200, CATEGORIES),
    'GET /api/document-categories?taxYear=2023&mode=all': json(200, CATEGORIES),
    'GET /api/files/1/history': json(200, HISTORY),
  });
  const view = renderRoutes([{ path: '/', Component: FileHistoryPage }], { path, now: () => new Date(2026, 10, 22) });
  return { ...view, server };
}

const shownNames = () => screen.queryAllByRole('listitem').map((item) => within(item).getByText(/\.pdf$/).textContent);

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

  it('keeps year and category in the address, so Back and Forward step through the choices', async () => {
    const { router } = render();
    await screen.findByText('UBS.pdf');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Salary Statement');
    expect(currentPath(router)).toBe('/?year=2025&category=5');
    expect(shownNames()).toEqual(['Lohnausweis.pdf']);
    await userEvent.selectOptions(screen.getByLabelText('Tax year'), '2024');
    expect(currentPath(router)).toBe('/?year=2024&category=5');
    expect(await screen.findByText('Lohnausweis 2024.pdf')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Tax year')).toHaveValue('2025');
    expect(screen.getByLabelText('Category')).toHaveValue('5');
    expect(await screen.findByText('Lohnausweis.pdf')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Lohnausweis.pdf']);
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Category')).toHaveValue('all');
    expect(shownNames()).toEqual(['UBS.pdf', 'PostFinance.pdf', 'Lohnausweis.pdf']);
    await act(() => router.navigate(1));
    expect(screen.getByLabelText('Category')).toHaveValue('5');
  });

  it('opens a shared link with its filters', async () => {
    render('/?year=2024&category=5');
    expect(await screen.findByText('Lohnausweis 2024.pdf')).toBeInTheDocument();
    expect(screen.getByLabelText('Tax year')).toHaveValue('2024');
    expect(screen.getByLabelText('Category')).toHaveValue('5');
  });

  it.each([
    ['a year the page does not offer', '/?year=1999&category=5', '5'],
    ['a year that is not a number', '/?year=next&category=5', '5'],
    ['an unknown category', '/?year=2025&category=999', 'all'],
    ['a category that is not a number', '/?year=2025&category=bank', 'all'],
  ])('reads %s in the address as the default, without failing', async (_case, path, category) => {
    render(path);
    expect(await screen.findByText('Lohnausweis.pdf')).toBeInTheDocument();
    expect(screen.getByLabelText('Tax year')).toHaveValue('2025');
    expect(screen.getByLabelText('Category')).toHaveValue(category);
  });

  it("shows a file's versions with their dates and sizes, each to download", async () => {
    const { server } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Version history of Lohnausweis.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions of Lohnausweis.pdf' });
    const versions = await within(dialog).findAllByRole('listitem');
    expect(versions.map((v) => v.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Version 2 · 02\.03\.2026, \d\d:\d\d:\d\d · 3 KB/),
      expect.stringMatching(/^Version 1 · 20\.02\.2026, \d\d:\d\d:\d\d · 28\.6 MB/),
    ]);
    expect(within(versions[1]!).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/files/1/versions/1/content');
    // Changing files is the dashboard's: here the versions are to read.
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/files/1/history')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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
    await userEvent.selectOptions(screen.getByLabelText('Tax year'), '2023');
    expect(await screen.findByRole('heading', { name: 'No files found' })).toBeInTheDocument();
    expect(screen.getByText('You have not uploaded any files for 2023.')).toBeInTheDocument();
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

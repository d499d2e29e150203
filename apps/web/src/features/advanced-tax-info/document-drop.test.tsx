import { fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatSwissFrancs } from '../../lib/swiss-francs';
import { clearToasts, json, setLanguage, stubUploads, toastRegion } from '../../test/harness';
import { advancedServer, anInfo, openTab, renderLoaded } from './test-fixtures';
import { statementRead } from '../../test/reads';

const entryOf = (category: string) => screen.getByRole('heading', { name: category }).closest('li')!;

/** Files dragged from the desktop onto a document entry; returns the zone. */
function dropOn(category: string, files: File[]) {
  const zone = entryOf(category).querySelector('[data-drop-zone]')!;
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.dragOver(zone, { dataTransfer });
  return { zone, drop: () => fireEvent.drop(zone, { dataTransfer }) };
}

describe('Advanced Tax Information: files dropped on a document entry', () => {
  let uploads: ReturnType<typeof stubUploads>;
  beforeEach(() => {
    clearToasts();
    uploads = stubUploads(() => ({ status: 200, body: { files: [{ status: 'fulfilled', value: {} }], failedCount: 0 } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  beforeEach(() => setLanguage('en'));

  it('uploads each dropped file into that category, one after another, as picked ones go', async () => {
    advancedServer();
    await renderLoaded();
    await openTab('Investments', userEvent);
    const { zone, drop } = dropOn('Securities account statement', [new File(['a'], 'depot-ubs.pdf'), new File(['b'], 'depot-zkb.pdf')]);
    expect(within(zone as HTMLElement).getByText('Drop files to upload to Securities account statement')).toBeInTheDocument();
    drop();
    await waitFor(() => expect(uploads.sent).toHaveLength(2), { timeout: 5000 });
    expect(uploads.sent.map(({ form }) => [(form.get('files') as File).name, form.get('categoryId')])).toEqual([
      ['depot-ubs.pdf', '10'],
      ['depot-zkb.pdf', '10'],
    ]);
  });

  it('in German: refuses a type off the list without sending it, and takes nothing where the entry is not relevant', async () => {
    advancedServer({ info: anInfo({ relevance: { '11': false } }) });
    await renderLoaded();
    await setLanguage('de');
    await openTab('Kapitalanlagen', userEvent);
    const { zone, drop } = dropOn('Depotauszug', [new File(['x'], 'depot.xlsx')]);
    expect(within(zone as HTMLElement).getByText('Dateien ablegen, um sie in Depotauszug hochzuladen')).toBeInTheDocument();
    drop();
    const reason = 'Dieser Dateityp wird hier nicht angenommen. Bitte laden Sie eine PDF-, JPG-, PNG-, Word- (DOC, DOCX) oder Textdatei hoch.';
    expect(await within(toastRegion()).findByText(reason)).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);

    // The category names are headings one level below their tab's (h3 here, issue 28).
    const off = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('li')).find((li) => li && within(li).queryByRole('switch', { checked: false }))!;
    const offZone = off.querySelector('[data-drop-zone]')!;
    const dataTransfer = { files: [new File(['a'], 'a.pdf')], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragEnter(offZone, { dataTransfer });
    expect(offZone).not.toHaveAttribute('data-drag-over');
    fireEvent.drop(offZone, { dataTransfer });
    expect(uploads.sent).toHaveLength(0);
  });
});

describe('Advanced Tax Information: what the upload recognised (issue 29)', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says in a second toast what the read found once it is done', async () => {
    const fulfilled = { status: 'fulfilled', value: { originalFileName: 'ubs.pdf', hash: 'h', blobUrl: '/b', fileId: 77, version: 1, isNewVersion: false, ahvNumberMasked: false } };
    stubUploads(() => ({ status: 200, body: { files: [fulfilled], failedCount: 0 } }));
    const read = { ...statementRead, source: 'barcode', suggestedCategoryId: 10 };
    advancedServer({}, { 'GET /api/files/77/extraction': json(200, read) });
    await renderLoaded();
    await openTab('Investments', userEvent);
    dropOn('Securities account statement', [new File(['%PDF'], 'ubs.pdf')]).drop();
    const said = `E-tax statement, UBS Switzerland AG, tax value ${formatSwissFrancs('125000.50', 'en')}`;
    expect(await within(toastRegion()).findByText(said, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) }, { timeout: 5000 })).toBeInTheDocument();
  }, 10_000);
});

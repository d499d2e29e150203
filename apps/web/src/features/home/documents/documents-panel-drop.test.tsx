import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, json, renderRoutes, setLanguage, signedInCheck, stubServer, stubUploads } from '../../../test/harness';
import { DocumentsPanel } from './documents-panel';

const YEAR = 2025;
const CATEGORIES = [1, 2, 3, 4, 5, 21].map((id) => ({ id, name: `Category ${id}`, description: '', section: 'required', required: true }));

function renderPanel() {
  stubServer({
    [`GET /api/files?taxYear=${YEAR}`]: json(200, []),
    [`GET /api/document-categories?taxYear=${YEAR}&mode=basic`]: json(200, CATEGORIES),
    'GET /api/files/usage': json(200, { usedBytes: 0, quotaBytes: 2 * 1024 ** 3 }),
    'GET /api/debug/check-auth': json(200, signedInCheck()),
  });
  renderRoutes([{ path: '/', Component: () => <DocumentsPanel taxYear={YEAR} statusId={2} /> }]);
}

/** Files dragged from the desktop onto the upload card, as the browser delivers them. */
function dropOnCard(buttonName: string, files: File[]) {
  const zone = screen.getByRole('button', { name: buttonName }).closest('[data-drop-zone]')!;
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.dragOver(zone, { dataTransfer });
  return { zone, drop: () => fireEvent.drop(zone, { dataTransfer }) };
}

describe('documents panel: files dropped on the upload card', () => {
  let uploads: ReturnType<typeof stubUploads>;
  beforeEach(() => {
    clearToasts();
    uploads = stubUploads((form) => ({
      status: 200,
      body: {
        files: form.getAll('files').map((file) => ({
          status: 'fulfilled',
          value: { hash: 'a'.repeat(64), blobUrl: '/x', originalFileName: (file as File).name, ahvNumberMasked: false },
        })),
        failedCount: 0,
      },
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the category, then uploads the dropped files there the way picked files go', async () => {
    await setLanguage('en');
    renderPanel();
    const payslip = new File(['%PDF-1.4 payslip'], 'Lohnausweis.pdf', { type: 'application/pdf' });
    const photo = new File(['png'], 'Quittung.png', { type: 'image/png' });
    const { zone, drop } = dropOnCard('Upload files', [payslip, photo]);
    expect(within(zone as HTMLElement).getByText('Drop files to upload')).toBeInTheDocument();
    drop();

    const dialog = await screen.findByRole('dialog', { name: 'Select Document Category' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Salary Statement' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const form = uploads.sent[0]!.form;
    expect(form.get('categoryId')).toBe('5');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['Lohnausweis.pdf', 'Quittung.png']);
    expect(await screen.findByText('2 files uploaded successfully')).toBeInTheDocument();
  });

  it('in French: refuses a dropped file off the allow-list as a picked one is, and Cancel drops nothing', async () => {
    await setLanguage('fr');
    renderPanel();
    const script = new File(['<script>'], 'page.html', { type: 'text/html' });
    dropOnCard('Téléverser des fichiers', [script]).drop();
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);

    dropOnCard('Téléverser des fichiers', [script]).drop();
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getAllByRole('radio')[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    const uploadsList = await screen.findByRole('list', { name: 'Téléversements' });
    expect(within(uploadsList).getByText('page.html')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
  });
});

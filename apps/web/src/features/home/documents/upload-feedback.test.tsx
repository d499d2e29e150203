import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, json, renderRoutes, setLanguage, signedInCheck, stubServer, stubUploads } from '../../../test/harness';
import { CategoryDialog } from './category-dialog';
import { UploadList } from './upload-list';
import { useUploads } from './use-uploads';

const CATEGORIES = [1, 5].map((id) => ({ id, name: `Category ${id}`, description: '', section: 'required' as const, required: true }));

/** The upload rows as the dashboard feeds them, with a button that picks the given files. */
function uploaderWith(files: File[]) {
  return function Uploader() {
    const uploads = useUploads(2025);
    return (
      <>
        <button type="button" onClick={() => uploads.start(files, 1)}>
          pick
        </button>
        <UploadList items={uploads.items} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
      </>
    );
  };
}

const bigFile = () => {
  const file = new File(['%PDF big'], 'scan.pdf', { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: 73.2 * 1024 * 1024 });
  return file;
};

describe('what the uploader says at the field', () => {
  beforeEach(() => clearToasts());
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Select Document Category', 'Continue', 'Please select a document category', 'Salary Statement'],
    ['de', 'Dokumentkategorie wählen', 'Weiter', 'Bitte wählen Sie eine Dokumentkategorie', 'Lohnausweis'],
  ])('(%s) Continue without a category says so at the list, and it stays until one is chosen', async (language, title, go, missing, category) => {
    await setLanguage(language);
    const onChoose = vi.fn();
    renderRoutes([{ path: '/', Component: () => <CategoryDialog open categories={CATEGORIES} onCancel={() => {}} onChoose={onChoose} /> }]);
    const dialog = await screen.findByRole('dialog', { name: title });
    await userEvent.click(within(dialog).getByRole('button', { name: go }));
    const error = within(dialog).getByRole('alert');
    expect(error).toHaveTextContent(missing);
    expect(within(dialog).getByRole('group')).toHaveAccessibleDescription(missing);
    expect(within(dialog).getAllByRole('radio')[0]).toHaveFocus();
    // Not a toast that goes by itself: still there later, and nothing was chosen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('radio', { name: category }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: go }));
    expect(onChoose).toHaveBeenCalledWith(5);
  });

  it.each([
    ['en', /^failed – This file is 73\.2\sMB; files of at most 50 MB can be uploaded/, 'Dismiss scan.pdf', 'Uploads'],
    ['fr', /^échec – Ce fichier fait 73,2\sMB/, 'Masquer scan.pdf', 'Téléversements'],
  ])('(%s) a file over 50 MB is refused with its own size, without a percentage, and the row goes on Dismiss', async (language, reason, dismiss, listName) => {
    await setLanguage(language);
    renderRoutes([{ path: '/', Component: uploaderWith([bigFile()]) }]);
    await userEvent.click(screen.getByRole('button', { name: 'pick' }));
    const region = await screen.findByRole('region', { name: listName });
    // The scroll box is reachable by keyboard.
    expect(region).toHaveAttribute('tabindex', '0');
    const row = within(region).getByRole('listitem');
    expect(within(row).getByText(reason)).toBeInTheDocument();
    expect(row).not.toHaveTextContent('%');
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
    // Sending it again cannot help: no Retry.
    expect(within(row).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(row).getByRole('button', { name: dismiss }));
    expect(screen.queryByRole('region', { name: listName })).not.toBeInTheDocument();
  });

  it('a failed send offers Retry and Dismiss, and the row stays until one of them is used', async () => {
    await setLanguage('en');
    const uploads = stubUploads(() => ({ status: 502, body: {} }));
    stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()) });
    renderRoutes([{ path: '/', Component: uploaderWith([new File(['x'], 'a.pdf')]) }]);
    await userEvent.click(screen.getByRole('button', { name: 'pick' }));
    const rows = () => screen.queryByRole('list', { name: 'Uploads' });
    const row = within(await screen.findByRole('list', { name: 'Uploads' })).getByRole('listitem');
    await within(row).findByText(/^failed – Upload failed with status: 502/);
    expect(uploads.sent).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(rows()).toContainElement(row);
    expect(within(row).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Dismiss a.pdf' }));
    await waitFor(() => expect(rows()).not.toBeInTheDocument());
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, json, setLanguage, signedInCheck } from '../../test/harness';
import { dashboardServer, renderHome, taxStatus } from './test-dashboard';

/*
 * The documents panel as the dashboard mounts it: the upload card, the session check before an
 * upload, the upload list with its retry. (The panel's own details are tested beside it.)
 */

/** XMLHttpRequest at the network boundary: records the form sent and answers as told. */
class FakeXhr {
  static sent: { form: FormData; xhr: FakeXhr }[] = [];
  static answer: (form: FormData) => { status: number; body: unknown } = () => ({ status: 200, body: { files: [], failedCount: 0 } });
  upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) };
  onload: null | (() => void) = null;
  onerror: null | (() => void) = null;
  onabort: null | (() => void) = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  open() {}
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    FakeXhr.sent.push({ form, xhr: this });
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      const { status: code, body } = FakeXhr.answer(form);
      this.status = code;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

describe('dashboard documents', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the category first, sends the fields before the files, keeps the good file and lets the failed one be retried alone', async () => {
    dashboardServer(taxStatus(2));
    const good = new File(['%PDF good'], 'lohn.pdf', { type: 'application/pdf' });
    const bad = new File(['%PDF bad'], 'bank.pdf', { type: 'application/pdf' });
    FakeXhr.answer = (form) =>
      form.getAll('files').length === 2
        ? {
            status: 200,
            body: {
              failedCount: 1,
              files: [
                { status: 'fulfilled', value: { originalFileName: 'lohn.pdf', hash: 'h', blobUrl: '/x', fileId: 1, version: 1, isNewVersion: true } },
                { status: 'rejected', code: 'HASH_MISMATCH', reason: 'Upload verification failed', originalFileName: 'bank.pdf' },
              ],
            },
          }
        : { status: 200, body: { failedCount: 0, files: [{ status: 'fulfilled', value: { originalFileName: 'bank.pdf', hash: 'h', blobUrl: '/y', fileId: 2, version: 1, isNewVersion: true } }] } };
    renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Document Category' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Salary Statement' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [good, bad] } });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const form = FakeXhr.sent[0]!.form;
    expect([...form.keys()]).toEqual(['categoryId', 'taxYear', 'hashes[]', 'hashes[]', 'files', 'files']);
    expect(form.get('categoryId')).toBe('5');
    expect(form.get('taxYear')).toBe('2025');
    expect(form.getAll('hashes[]')[0]).toMatch(/^[0-9a-f]{64}$/);

    expect(await screen.findByText('Upload partially successful')).toBeInTheDocument();
    const rows = screen.getByRole('list', { name: 'Uploads' });
    expect(within(rows).getByText(/failed – Upload verification failed/)).toBeInTheDocument();
    expect(within(rows).getByRole('progressbar', { name: 'Upload of lohn.pdf' })).toHaveAttribute('aria-valuenow', '100');
    await userEvent.click(within(rows).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.form.getAll('files').map((f) => (f as File).name)).toEqual(['bank.pdf']);
    // Successful rows clear after 2 s.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument(), { timeout: 4000 });
  });

  it('checks the session before an upload and sends nothing when it has ended', async () => {
    dashboardServer(taxStatus(2), [], { 'GET /api/debug/check-auth': json(200, { ...signedInCheck(), isAuthenticated: false }) });
    const ended = vi.fn();
    window.addEventListener('session-expired', ended);
    renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload files' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Bank Documents' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'a.pdf')] } });
    await waitFor(() => expect(ended).toHaveBeenCalled());
    expect(FakeXhr.sent).toHaveLength(0);
    window.removeEventListener('session-expired', ended);
  });

});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileRecord, FileVersionEntry } from '@taxli/domain';
import { useFiles } from '../../../lib/documents';
import { aFileRecord, apiError, clearToasts, json, renderRoutes, setLanguage, stubServer, toastRegion } from '../../../test/harness';
import { useTaxStatus } from '../api/get-tax-status';
import { StorageUsageLine } from './storage-usage-line';
import { YourFiles } from './your-files';

const YEAR = 2025;
const SALARY = aFileRecord(1, 5, { name: 'Lohnausweis.pdf', version: 2, versionCount: 2 });
const BANK = aFileRecord(2, 1, { name: 'UBS.pdf' });
const HISTORY: FileVersionEntry[] = [2, 1].map((version) => ({
  version,
  createdAt: '2026-03-01T10:00:00.000Z',
  blobUrl: `/api/files/1/versions/${version}/content`,
  filename: 'Lohnausweis.pdf',
  size: 2048,
  sha256: 'a'.repeat(64),
}));
const status = (id: number) => json(200, { taxYear: YEAR, status: 'x', current_status_id: id, advancedInfoCompleted: false, transmittedAt: null });

/** The list as the dashboard shows it: the year's files from the server, the status beside them. */
function Harness({ frozen = false }: { frozen?: boolean }) {
  const files = useFiles(YEAR);
  const taxStatus = useTaxStatus(YEAR);
  return (
    <>
      <p data-testid="status">status {taxStatus.data?.current_status_id}</p>
      <StorageUsageLine />
      <YourFiles open onOpenChange={() => undefined} taxYear={YEAR} files={files.data ?? []} frozen={frozen} />
    </>
  );
}

function render(routes: Parameters<typeof stubServer>[0], frozen = false) {
  const server = stubServer({
    'GET /api/tax-status?taxYear=2025': status(3),
    'GET /api/files/1/history': json(200, HISTORY),
    ...routes,
  });
  renderRoutes([{ path: '/', element: <Harness frozen={frozen} /> }]);
  return server;
}

describe("Your Files: delete and move (D7)", () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('deletes a file only after the confirmation, then shows the new list, the new status, the storage it freed and one toast', async () => {
    let files: FileRecord[] = [SALARY, BANK];
    let statusId = 3;
    let usedBytes = 3 * 1024 * 1024;
    const server = render({
      'GET /api/files?taxYear=2025': () => json(200, files),
      'GET /api/tax-status?taxYear=2025': () => status(statusId),
      'GET /api/files/usage': () => json(200, { usedBytes, quotaBytes: 2048 * 1024 * 1024 }),
      'DELETE /api/files/1': () => {
        files = [BANK];
        statusId = 2;
        usedBytes = 1024 * 1024;
        return json(200, { fileId: 1, taxYear: YEAR, deletedVersions: [2, 1], fileDeleted: true, current_status_id: 2 });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Lohnausweis.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Lohnausweis.pdf?' });
    expect(confirm).toHaveAccessibleDescription(/All versions of this file are deleted for good/);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Delete Lohnausweis.pdf?' })).not.toBeInTheDocument();
    expect(server.calls('DELETE', '/api/files/1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Lohnausweis.pdf' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Lohnausweis.pdf?' })).getByRole('button', { name: 'Delete for good' }));
    expect(await within(toastRegion()).findByText('File deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Lohnausweis.pdf')).not.toBeInTheDocument());
    expect(screen.getByText('UBS.pdf')).toBeInTheDocument();
    // The button that opened the confirmation is gone with its row: focus stays in the list's dialog.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Your files for 2025' })).toContainElement(document.activeElement as HTMLElement));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('status 2'));
    expect(await screen.findByText('1 MB of 2 GB used')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/files/1')).toHaveLength(1);
    expect(within(toastRegion()).getAllByRole('listitem', { hidden: true })).toHaveLength(1);
  });

  it('deletes one version from the version dialog', async () => {
    const server = render({
      'GET /api/files?taxYear=2025': json(200, [SALARY]),
      'DELETE /api/files/1/versions/1': json(200, { fileId: 1, taxYear: YEAR, deletedVersions: [1], fileDeleted: false, current_status_id: 3 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Version history of Lohnausweis.pdf' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete version 1 of Lohnausweis.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete version 1 of Lohnausweis.pdf?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete for good' }));
    expect(await within(toastRegion()).findByText('Version deleted')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/files/1/versions/1')).toHaveLength(1);
    expect(server.calls('DELETE', '/api/files/1')).toHaveLength(0);
    // The version list is read again.
    await waitFor(() => expect(server.calls('GET', '/api/files/1/history').length).toBeGreaterThan(1));
  });

  it('moves a file to the category chosen in the select', async () => {
    let files: FileRecord[] = [BANK];
    const server = render({
      'GET /api/files?taxYear=2025': () => json(200, files),
      'PATCH /api/files/2': ({ body }) => {
        files = [{ ...BANK, categoryId: (body as { categoryId: number }).categoryId }];
        return json(200, { fileId: 2, taxYear: YEAR, categoryId: 2, current_status_id: 3 });
      },
    });
    expect(await screen.findByText(/Bank Documents/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move UBS.pdf to another category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move UBS.pdf' });
    const moveButton = within(dialog).getByRole('button', { name: 'Move file' });
    expect(moveButton).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'Insurance Certificates');
    await userEvent.click(moveButton);
    expect(await within(toastRegion()).findByText('File moved to Insurance Certificates')).toBeInTheDocument();
    expect(server.calls('PATCH', '/api/files/2').map((r) => r.body)).toEqual([{ categoryId: 2 }]);
    expect(await screen.findByText(/Insurance Certificates ·/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Move UBS.pdf' })).not.toBeInTheDocument();
  });

  it('says why when the server refuses, and keeps the file', async () => {
    render({
      'GET /api/files?taxYear=2025': json(200, [BANK]),
      'DELETE /api/files/2': apiError(409, 'DOCUMENTS_TRANSMITTED', 'transmitted'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete UBS.pdf' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete UBS.pdf?' })).getByRole('button', { name: 'Delete for good' }));
    expect(await within(toastRegion()).findByText('The change could not be saved')).toBeInTheDocument();
    expect(within(toastRegion()).getByText(/transmitted to the experts; transmitted files can no longer be deleted or moved/)).toBeInTheDocument();
    expect(screen.getByText('UBS.pdf')).toBeInTheDocument();
  });

  it('disables Delete and Move once the year is transmitted, and says why to everyone', async () => {
    render({ 'GET /api/files?taxYear=2025': json(200, [SALARY]) }, true);
    const remove = await screen.findByRole('button', { name: 'Delete Lohnausweis.pdf' });
    const move = screen.getByRole('button', { name: 'Move Lohnausweis.pdf to another category' });
    const why = 'These files have been transmitted to the experts and can no longer be deleted or moved.';
    for (const button of [remove, move]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(why);
    }
    expect(screen.getByText(why)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Version history of Lohnausweis.pdf' }));
    expect(await screen.findByRole('button', { name: 'Delete version 2 of Lohnausweis.pdf' })).toBeDisabled();
  });
});

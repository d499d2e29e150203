import { expectNoAxeViolations } from '../support/axe';
import { adminSetsStatus, apiAsUser } from '../support/api';
import { readyForDocuments, uploadFiles, YEAR } from '../support/documents';
import { expect, test } from '../support/test';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);

type Listed = { id: number; name: string; categoryId: number; blobUrl: string };

for (const width of [390, 1280]) {
  test(`a person deletes one of two uploaded files and moves the other (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await readyForDocuments(page, `manage-${width}`);
    await uploadFiles(page, 'Bank Documents', [{ name: 'Kontoauszug.pdf', content: pdf('konto') }]);
    await uploadFiles(page, 'Salary Statement', [{ name: 'Police.pdf', content: pdf('police') }]);
    await expect(page.getByText('33% complete')).toBeVisible();
    const before = (await apiAsUser(page, 'GET', `/api/files?taxYear=${YEAR}`)) as Listed[];
    const konto = before.find((f) => f.name === 'Kontoauszug.pdf')!;

    await page.getByRole('button', { name: /Your Files/ }).click();
    const list = page.getByRole('dialog', { name: `Your files for ${YEAR}` });

    // Delete, confirmed in its own dialog.
    await list.getByRole('button', { name: 'Delete Kontoauszug.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Kontoauszug.pdf?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByText('File deleted').first()).toBeVisible();
    await expect(list.getByText('Kontoauszug.pdf')).toHaveCount(0);
    // Keyboard focus is not thrown to the top of the page: the button went with its row, so the list keeps it.
    await expect(list).toBeFocused();
    // The bytes are gone with their key: the old link answers 404.
    expect((await page.request.get(konto.blobUrl)).status()).toBe(404);

    // Move the police to where it belongs.
    await list.getByRole('button', { name: 'Move Police.pdf to another category' }).click();
    const move = page.getByRole('dialog', { name: 'Move Police.pdf' });
    await move.getByLabel('Category').selectOption({ label: 'Insurance Certificates' });
    await move.getByRole('button', { name: 'Move file' }).click();
    await expect(page.getByText('File moved to Insurance Certificates').first()).toBeVisible();
    await expect(move).toHaveCount(0);
    await expect(list.getByRole('button', { name: 'Move Police.pdf to another category' })).toBeFocused();
    await expect(list.getByText(/Insurance Certificates ·/)).toBeVisible();
    // A file's history takes the list's place on screen, and the list comes back when it closes.
    await list.getByRole('button', { name: 'Version history of Police.pdf' }).click();
    await page.keyboard.press('Escape');
    await expect(list).toBeVisible();
    // The checklist follows at once: Bank Documents and Salary Statement are missing, Insurance is there.
    await list.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('17% complete')).toBeVisible();
    await expect(page.getByRole('button', { name: /Your Files/ })).toBeFocused();
    await expect(page.getByRole('button', { name: /Your Files/ })).toContainText(`1 file for ${YEAR}`);
    const after = (await apiAsUser(page, 'GET', `/api/files?taxYear=${YEAR}`)) as Listed[];
    expect(after.map((f) => [f.name, f.categoryId])).toEqual([['Police.pdf', 2]]);
    // The page does not scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('after transmission Delete and Move are disabled and say why', async ({ page }) => {
  await readyForDocuments(page, 'manage-frozen');
  await uploadFiles(page, 'Bank Documents', [{ name: 'Kontoauszug.pdf', content: pdf('konto') }]);
  await adminSetsStatus(page, YEAR, 'processing');
  await page.reload();
  await page.getByRole('button', { name: /Your Files/ }).click();
  const list = page.getByRole('dialog', { name: `Your files for ${YEAR}` });
  const why = 'These files have been transmitted to the experts and can no longer be deleted or moved.';
  await expect(list.getByText(why)).toBeVisible();
  for (const name of ['Delete Kontoauszug.pdf', 'Move Kontoauszug.pdf to another category']) {
    await expect(list.getByRole('button', { name })).toBeDisabled();
    await expect(list.getByRole('button', { name })).toHaveAccessibleDescription(why);
  }
});

import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { apiAsUser } from '../support/api';
import { readyForDocuments, uploaded, uploadFiles, YEAR } from '../support/documents';
import { expect, test } from '../support/test';
import { reviewAndTransmit } from '../support/review';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);

const uploadFile = (page: Page, category: string, name: string, content: Buffer) => uploadFiles(page, category, [{ name, content }]);

const currentStep = (page: Page) => page.getByRole('list', { name: `Steps of your tax return for ${YEAR}` }).locator('[aria-current="step"]');

test('a user uploads every required document (one by camera), reaches Documents, completes the section and transmits', async ({ page }) => {
  // Six uploads, each read in the background by the server (issue 29), and three accessibility checks.
  test.setTimeout(120_000);
  await readyForDocuments(page, 'transmit');
  await expect(currentStep(page)).toContainText('Tax Profile');
  await expectNoAxeViolations(page);

  // Two bank statements in one selection: each is hashed and stored on its own.
  await uploadFiles(page, 'Bank Documents', [
    { name: 'Kontoauszug.pdf', content: pdf('Privatkonto') },
    { name: 'Sparkonto.pdf', content: pdf('Sparkonto') },
  ]);
  for (const [category, name] of [
    ['Insurance Certificates', 'Police.pdf'],
    ['Proof of Professional Expenses', 'Berufsauslagen.pdf'],
    ['Receipts for Deductions', 'Belege.pdf'],
    ['Salary Statement', 'Lohnausweis.pdf'],
  ] as const) {
    await uploadFile(page, category, name, pdf(name));
  }
  await expect(page.getByText('83% complete')).toBeVisible();

  // The sixth by Chromium's fake camera.
  await page.getByRole('button', { name: 'Take a photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Document Category' });
  await dialog.getByRole('radio', { name: 'Transport' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const camera = page.getByRole('dialog', { name: 'Take a photo of a document' });
  await expect(camera.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await camera.getByRole('button', { name: 'Capture' }).click();
  await camera.getByRole('button', { name: 'Send as PDF (1 page)' }).click();
  await uploaded(page);

  await expect(currentStep(page)).toContainText('Documents');
  await expect(page.getByRole('link', { name: 'Advanced Tax Info', exact: true })).toBeVisible();
  const files = (await apiAsUser(page, 'GET', `/api/files?taxYear=${YEAR}`)) as { name: string }[];
  expect(files.map((f) => f.name)).toContainEqual(expect.stringMatching(/^Transport_\d{4}-\d{2}-\d{2}\.pdf$/));
  expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['Kontoauszug.pdf', 'Sparkonto.pdf']));

  await expect(page.getByRole('button', { name: 'Mark as Transmitted', exact: true })).toBeDisabled();
  // What the Advanced Tax Information screen (a later issue) will do.
  await apiAsUser(page, 'PUT', '/api/advanced-tax-info/completion', { taxYear: YEAR, completed: true });
  await page.reload();
  await reviewAndTransmit(page);
  await expect(page.getByText('Tax declaration transmitted!').first()).toBeVisible();
  await expect(currentStep(page)).toContainText('Transmitted');
  await expectNoAxeViolations(page);
});

test('a failed upload can be retried on its own', async ({ page }) => {
  await readyForDocuments(page, 'retry');
  let failNext = true;
  await page.route('**/api/files/upload', async (route) => {
    if (failNext) {
      failNext = false;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.getByRole('button', { name: 'Upload files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Document Category' });
  await dialog.getByRole('radio', { name: 'Bank Documents' }).check();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await (await chooser).setFiles({ name: 'UBS.pdf', mimeType: 'application/pdf', buffer: pdf('ubs') });
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText(/failed/)).toBeVisible();
  await uploads.getByRole('button', { name: 'Retry' }).click();
  await uploaded(page);
  await expect(page.getByRole('button', { name: /Your Files/ })).toContainText(`1 file for ${YEAR}`);
});

test('uploading a file again under the same name adds a version to its history', async ({ page }) => {
  await readyForDocuments(page, 'versions');
  await uploadFile(page, 'Salary Statement', 'Lohnausweis.pdf', pdf('first'));
  await uploadFile(page, 'Salary Statement', 'Lohnausweis.pdf', pdf('corrected'));
  await page.getByRole('button', { name: /Your Files/ }).click();
  await page.getByRole('button', { name: 'Version history of Lohnausweis.pdf' }).click();
  const history = page.getByRole('dialog', { name: 'Versions of Lohnausweis.pdf' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Version 2');
  const download = page.waitForEvent('download');
  await history.getByRole('link', { name: 'Download' }).last().click();
  expect((await download).suggestedFilename()).toBe('Lohnausweis.pdf');

  await page.goto('/file-history');
  await expect(page.getByRole('heading', { name: 'File History', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Lohnausweis.pdf' })).toBeVisible();
  await expectNoAxeViolations(page);
});

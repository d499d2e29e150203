import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { readyForDocuments, uploaded, uploadFiles, YEAR } from '../support/documents';
import { expect, test } from '../support/test';

/** A PDF of exactly `size` bytes. */
const pdfOf = (size: number, text: string) => {
  const start = Buffer.from(`%PDF-1.4\n% ${text}\n`);
  const end = Buffer.from('\n%%EOF\n');
  return Buffer.concat([start, Buffer.alloc(size - start.length - end.length, 'x'), end]);
};
const SMALL = 12 * 1024 + 300; // 12 KB
const LARGE = 1_677_722; // 1.6 MB

/** The first file size in a row's text ("12 KB", "1.6 MB"), spaces as the reader sees them. */
function sizeIn(text: string): string | undefined {
  return text.replace(/\s+/g, ' ').match(/\d[\d'’.,]*\s(?:B|KB|MB|GB|TB)\b/)?.[0];
}

/** Picks a file in the dashboard's upload dialog, as uploadFiles does, without waiting for the end. */
async function pickFile(page: Page, category: string, name: string, content: Buffer): Promise<void> {
  await page.getByRole('button', { name: 'Upload files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Document Category' });
  await dialog.getByRole('radio', { name: category }).check();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: content });
}

for (const width of [390, 1280]) {
  test(`a file's size reads the same in the upload list, Your Files and File History; File History keeps its filters and shows the versions (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await readyForDocuments(page, `sizes-${width}`);
    await uploadFiles(page, 'Salary Statement', [{ name: 'Lohnausweis.pdf', content: pdfOf(SMALL, 'first') }]);
    await uploadFiles(page, 'Bank Documents', [{ name: 'Kontoauszug.pdf', content: pdfOf(3000, 'konto') }]);

    // The corrected salary statement, held on its way so that its row can be read before it clears.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/files/upload', async (route) => {
      await held;
      await route.continue();
    });
    await pickFile(page, 'Salary Statement', 'Lohnausweis.pdf', pdfOf(LARGE, 'corrected'));
    const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'Lohnausweis.pdf' });
    await expect(row).toBeVisible();
    const inUploadList = sizeIn(await row.innerText());
    release();
    await uploaded(page);
    await page.unrouteAll();
    // The three versions stored (12 KB, 3 KB, 1.6 MB) of the account's 2 GB, in the same format.
    await expect(page.getByRole('region', { name: 'Upload documents' }).getByText(/ of 2\sGB used$/)).toHaveText(/^1\.6\sMB of 2\sGB used$/);

    await page.getByRole('button', { name: /Your Files/ }).click();
    const yourFiles = page.getByRole('dialog', { name: `Your files for ${YEAR}` });
    const inYourFiles = sizeIn(await yourFiles.getByRole('listitem').filter({ hasText: 'Lohnausweis.pdf' }).innerText());
    await page.keyboard.press('Escape');
    await expect(yourFiles).toHaveCount(0);

    await page.goto('/file-history');
    const lohnausweis = page.getByRole('listitem').filter({ hasText: 'Lohnausweis.pdf' });
    const konto = page.getByRole('listitem').filter({ hasText: 'Kontoauszug.pdf' });
    await expect(lohnausweis).toBeVisible();
    const inFileHistory = sizeIn(await lohnausweis.innerText());
    expect({ inUploadList, inYourFiles, inFileHistory }).toEqual({ inUploadList: '1.6 MB', inYourFiles: '1.6 MB', inFileHistory: '1.6 MB' });
    await expect(konto).toContainText('3 KB');

    // The versions, from File History.
    await lohnausweis.getByRole('button', { name: 'Version history of Lohnausweis.pdf' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions of Lohnausweis.pdf' });
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    expect((await versions.getByRole('listitem').allInnerTexts()).map((text) => [text.match(/Version \d/)?.[0], sizeIn(text)])).toEqual([
      ['Version 2', '1.6 MB'],
      ['Version 1', '12 KB'],
    ]);
    await expectNoAxeViolations(page);
    await versions.getByRole('button', { name: 'Close' }).click();
    await expect(versions).toHaveCount(0);

    // The filters live in the address: reload, Back and Forward keep them.
    const category = page.getByLabel('Category');
    const year = page.getByLabel('Tax year');
    await category.selectOption({ label: 'Salary Statement' });
    await expect(page).toHaveURL(`/file-history?year=${YEAR}&category=5`);
    await expect(konto).toHaveCount(0);
    await page.reload();
    await expect(category).toHaveValue('5');
    await expect(lohnausweis).toBeVisible();
    await expect(konto).toHaveCount(0);

    await year.selectOption(String(YEAR - 1));
    await expect(page).toHaveURL(`/file-history?year=${YEAR - 1}&category=5`);
    await expect(page.getByRole('heading', { name: 'No files found' })).toBeVisible();
    await page.goBack();
    await expect(year).toHaveValue(String(YEAR));
    await expect(category).toHaveValue('5');
    await expect(lohnausweis).toBeVisible();
    await page.goBack();
    await expect(category).toHaveValue('all');
    await expect(konto).toBeVisible();
    await page.goForward();
    await expect(category).toHaveValue('5');
    await expect(konto).toHaveCount(0);

    // Away to the dashboard and back: the list is as it was left.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Required documents' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`/file-history?year=${YEAR}&category=5`);
    await expect(category).toHaveValue('5');
    await expect(lohnausweis).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

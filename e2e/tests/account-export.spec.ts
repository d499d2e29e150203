import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../support/axe';
import { readyForDocuments, uploadFiles, YEAR } from '../support/documents';
import { expect, test } from '../support/test';
import { unzipFiles } from '../support/unzip';

/**
 * Issue 30 item 5: "Download my data" in the profile, on a phone. The person uploads a document,
 * downloads the export, and the ZIP holds that document byte for byte, listed in its manifest.
 */
test.use({ viewport: { width: 390, height: 844 } });

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

test('a person downloads their data from the profile: a ZIP holding the document they uploaded, with its SHA-256 in the manifest', async ({ page }) => {
  await readyForDocuments(page, 'export');
  const statement = Buffer.from(`%PDF-1.4\n% bank statement for the export ${Date.now()}\n%%EOF\n`);
  await uploadFiles(page, 'Bank Documents', [{ name: 'Kontoauszug.pdf', content: statement }]);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toContainText('every version of your documents');
  await expectNoAxeViolations(page);
  await section.screenshot({ path: test.info().outputPath('your-data-390.png') });

  const download = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^taxli-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await file.path();
  const byName = await unzipFiles(await readFile(path));

  const documentPath = `documents/${YEAR}/01 Bank Documents/Kontoauszug.pdf`;
  expect(byName.get(documentPath)?.equals(statement)).toBe(true);
  const manifest = JSON.parse(byName.get('manifest.json')!.toString('utf8')) as { documentVersions: Array<{ path: string; sha256: string }> };
  expect(manifest.documentVersions).toEqual([expect.objectContaining({ path: documentPath, sha256: sha256(statement) })]);
  expect(byName.has('summary.pdf')).toBe(true);
  // Still on the profile: a download is not a navigation.
  await expect(page).toHaveURL(/\/profile$/);
});

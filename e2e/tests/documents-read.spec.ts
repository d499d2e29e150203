import { buildStatementBarcodePdf } from '../../apps/server/src/features/extraction/test-documents/ech-0196';
import { expectNoAxeViolations } from '../support/axe';
import { apiAsUser } from '../support/api';
import { readyForDocuments, uploadFiles, YEAR } from '../support/documents';
import { expect, test } from '../support/test';

const SECURITIES = 10;

test.use({ viewport: { width: 390, height: 844 } });

test('an e-tax statement uploaded as a salary statement is read from its barcodes; the person accepts the move in the review inbox', async ({ page }) => {
  test.setTimeout(240_000);
  await readyForDocuments(page, 'reading');
  const statement = Buffer.from(await buildStatementBarcodePdf());
  await uploadFiles(page, 'Salary Statement', [{ name: 'e-steuerauszug-2025.pdf', content: statement }]);

  // The read runs in the background; the inbox shows it once it ended (the page is read again).
  const inbox = page.getByRole('region', { name: 'Review inbox' });
  await expect(async () => {
    await page.reload();
    await expect(inbox).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 180_000 });

  const entry = inbox.getByRole('article', { name: 'e-steuerauszug-2025.pdf' });
  await expect(entry).toContainText('E-tax statement');
  await expect(entry).toContainText('Zürcher Musterbank AG');
  await expect(entry).toContainText('Move to Securities account statement?');
  await expectNoAxeViolations(page);
  await entry.screenshot({ path: test.info().outputPath('inbox-390.png') });

  // Leaving through the app's own links and coming back finds the same question.
  const menu = (entry: string) => page.getByRole('button', { name: 'Menu', exact: true }).click().then(() => page.getByRole('menuitem', { name: entry }).click());
  await menu('File History');
  await expect(page).toHaveURL(/\/file-history/);
  await menu('Home');
  await expect(entry).toContainText('Move to Securities account statement?');

  // A second tab, on a desktop-wide window, shows it too; the decision taken in the first one
  // reaches it at its next reload.
  const second = await page.context().newPage();
  await second.setViewportSize({ width: 1280, height: 900 });
  await second.goto('/');
  const secondInbox = second.getByRole('region', { name: 'Review inbox' });
  await expect(secondInbox.getByRole('article', { name: 'e-steuerauszug-2025.pdf' })).toContainText('Zürcher Musterbank AG');
  await expectNoAxeViolations(second);
  await secondInbox.screenshot({ path: test.info().outputPath('inbox-1280.png') });

  await entry.getByRole('button', { name: 'Accept' }).click();
  await expect(inbox.getByText('e-steuerauszug-2025.pdf moved to Securities account statement.')).toBeVisible();
  const files = (await apiAsUser(page, 'GET', `/api/files?taxYear=${YEAR}`)) as { name: string; categoryId: number }[];
  expect(files).toEqual([expect.objectContaining({ name: 'e-steuerauszug-2025.pdf', categoryId: SECURITIES })]);

  await second.reload();
  await expect(second.getByRole('heading', { name: 'Required documents' })).toBeVisible();
  await expect(second.getByRole('region', { name: 'Review inbox' })).toHaveCount(0);
  await second.close();

  // Decided: after a reload the inbox is gone, nothing else changed for the person.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Required documents' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Review inbox' })).toHaveCount(0);
});

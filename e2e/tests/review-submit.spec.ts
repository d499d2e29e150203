import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAsUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { YEAR } from '../support/documents';
import { E2E_ORIGIN } from '../support/environment';
import { lastSubject } from '../support/mailbox';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';
import type { ChecklistResponse } from '@taxli/domain';
import { wizardFinalSubmit } from '../../apps/server/src/test/tax-profile-fixture';

/**
 * Issue 28 item 3, D19: Mark as Transmitted opens a review of what is sent and what blocks; the
 * person fixes the block, confirms, transmits, and gets a receipt by mail and as a PDF. A file
 * added later is shown as added after transmission.
 */

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);

async function upload(page: Page, categoryId: number, name: string): Promise<void> {
  const content = pdf(name);
  const response = await page.request.post('/api/files/upload', {
    headers: { origin: E2E_ORIGIN },
    multipart: {
      categoryId: String(categoryId),
      taxYear: String(YEAR),
      'hashes[]': createHash('sha256').update(content).digest('hex'),
      files: { name, mimeType: 'application/pdf', buffer: content },
    },
  });
  expect(response.ok(), `upload ${name}: ${response.status()}`).toBe(true);
}

/**
 * A married person (the wizard through the API) with the six base documents, every further item of
 * their checklist (D19: the spouse's, the child's, 3a…) marked not applicable, a power of attorney
 * chosen, the section complete.
 */
async function marriedPersonReady(page: Page, label: string): Promise<string> {
  const email = newEmail(label);
  await signInWithProfile(page, email);
  await apiAsUser(page, 'PUT', '/api/user/profile', wizardFinalSubmit(YEAR));
  for (const categoryId of [1, 2, 3, 4, 5, 21]) await upload(page, categoryId, `required-${categoryId}.pdf`);
  const checklist = (await apiAsUser(page, 'GET', `/api/checklist?taxYear=${YEAR}`)) as ChecklistResponse;
  for (const item of checklist.items.filter((open) => !open.hasFile)) {
    await apiAsUser(page, 'PUT', `/api/checklist/${YEAR}/items/${item.categoryId}/not-applicable`, { reason: 'Not this year.' });
  }
  await apiAsUser(page, 'PUT', '/api/advanced-tax-info/authorization', {
    taxYear: YEAR,
    taxAddressEnabled: true,
    powerOfAttorneyEnabled: true,
    canton: 'ZH',
    tinNumber: '123.456.789',
    powerOfAttorneyAccepted: true,
  });
  await upload(page, 39, 'Vollmacht-Anna.pdf');
  await apiAsUser(page, 'PUT', '/api/advanced-tax-info/completion', { taxYear: YEAR, completed: true });
  return email;
}

for (const width of [390, 1280]) {
  test(`at ${width} px a married person reviews, fixes the missing power of attorney, confirms, transmits and gets the receipt`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const email = await marriedPersonReady(page, `review-${width}`);
    await page.goto(`/?year=${YEAR}`);

    await page.getByRole('link', { name: 'Mark as Transmitted', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/review\\?year=${YEAR}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Review and transmit ${YEAR}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your tax profile' })).toContainText('Married or registered partnership');
    await expect(page.getByRole('region', { name: 'Your documents' })).toContainText('required-5.pdf');
    const blocks = page.getByRole('region', { name: 'What still has to be done' });
    await expect(blocks).toContainText('A power of attorney signed by each spouse is needed (1 of 2 uploaded).');
    await expect(blocks.getByRole('link', { name: 'Upload the power of attorney' })).toHaveAttribute('href', '/advanced-tax-info?tab=authorization');
    await expect(page.getByRole('button', { name: 'Transmit', exact: true })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`review-blocked-${width}.png`), fullPage: true });

    // The spouse's signed copy arrives; the review asks again.
    await upload(page, 39, 'Vollmacht-Marco.pdf');
    await page.reload();
    await expect(page.getByText('Nothing is missing. You can transmit.')).toBeVisible();

    // Keyboard only: Transmit without the confirmation says so at the checkbox, then the confirmation and Transmit.
    const checkbox = page.getByRole('checkbox', { name: /^I confirm that my details and documents are complete and correct/ });
    const transmit = page.getByRole('button', { name: 'Transmit', exact: true });
    await transmit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Please tick the confirmation first.')).toBeVisible();
    await expect(checkbox).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Space');
    await expect(checkbox).toBeChecked();
    await transmit.focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/\\?year=${YEAR}$`));
    await expect(page.getByRole('heading', { name: 'Documents Transmitted' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download receipt (PDF)' }).click();
    const receipt = await download;
    expect(receipt.suggestedFilename()).toBe(`Taxli-receipt-${YEAR}.pdf`);
    const bytes = await (await import('node:fs/promises')).readFile((await receipt.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect.poll(() => lastSubject(email)).toBe(`Your Taxli receipt: tax year ${YEAR} transmitted`);

    // A file added later is never shown as sent.
    await upload(page, 22, 'Saeule-3a-spaet.pdf');
    await page.reload();
    await page.getByRole('button', { name: /Your Files/ }).click();
    const files = page.getByRole('dialog', { name: `Your files for ${YEAR}` });
    await expect(files.getByRole('listitem').filter({ hasText: 'Saeule-3a-spaet.pdf' })).toContainText('Added after transmission');
    await expect(files.getByRole('listitem').filter({ hasText: 'required-5.pdf' })).not.toContainText('Added after transmission');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-transmitted-${width}.png`), fullPage: true });
  });
}

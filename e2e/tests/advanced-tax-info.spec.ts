import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { ChecklistResponse } from '@taxli/domain';
import { apiAsUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { YEAR } from '../support/documents';
import { E2E_ORIGIN } from '../support/environment';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';
import { wizardFinalSubmit } from '../../apps/server/src/test/tax-profile-fixture';
import { reviewAndTransmit } from '../support/review';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);

/** The wizard's final submit through the API (docs/architecture.md "Tax profile"): married, one child. */
async function completeTaxProfile(page: Page): Promise<void> {
  await apiAsUser(page, 'PUT', '/api/user/profile', wizardFinalSubmit(YEAR));
}

/**
 * The year's checklist done (D19): D3's six documents through the dashboard's upload API, every
 * other item of the person's checklist (spouse, child, 3a, securities) marked not applicable
 * through its API; the last mark moves the year to 3.
 */
async function completeChecklist(page: Page): Promise<void> {
  for (const categoryId of [1, 2, 3, 4, 5, 21]) {
    const content = pdf(`required ${categoryId}`);
    const response = await page.request.post('/api/files/upload', {
      headers: { origin: E2E_ORIGIN },
      multipart: {
        categoryId: String(categoryId),
        taxYear: String(YEAR),
        'hashes[]': createHash('sha256').update(content).digest('hex'),
        files: { name: `required-${categoryId}.pdf`, mimeType: 'application/pdf', buffer: content },
      },
    });
    expect(response.ok(), `upload ${categoryId}: ${response.status()} ${await response.text()}`).toBe(true);
  }
  const checklist = (await apiAsUser(page, 'GET', `/api/checklist?taxYear=${YEAR}`)) as ChecklistResponse;
  for (const item of checklist.items.filter((candidate) => !candidate.hasFile)) {
    await apiAsUser(page, 'PUT', `/api/checklist/${YEAR}/items/${item.categoryId}/not-applicable`, { reason: 'Sent later by post' });
  }
  expect(((await apiAsUser(page, 'GET', `/api/tax-status?taxYear=${YEAR}`)) as { current_status_id: number }).current_status_id).toBe(3);
}

/** The document entry of a category. */
// The innermost item (last in document order): the signed power of attorney's entry sits inside the item of its step.
const entry = (page: Page, category: string): Locator =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: category, exact: true }) })
    .last();

/** Upload button → the browser's file chooser → the success toast; the entry then counts `files`. */
async function uploadTo(page: Page, category: string, name: string, files = 1): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await entry(page, category).getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: pdf(name) });
  await expect(page.getByText(`Successfully uploaded file to ${category}.`).first()).toBeVisible();
  await expect(entry(page, category).getByText(files === 1 ? '1 file' : `${files} files`, { exact: true })).toBeVisible();
}

const openTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

/** On the Overview, a section the tax profile calls for is on already (the server's default); its card opens its tab. */
async function openSection(page: Page, title: string): Promise<void> {
  await openTab(page, 'Overview');
  await expect(page.getByRole('switch', { name: `Include ${title}` })).toBeChecked();
  await page.getByRole('list', { name: 'Tax sections' }).getByRole('button', { name: title }).click();
}

/** Nothing wider than the viewport: no horizontal scrolling. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a person at Documents gives authorization, spouse and child with documents, finishes the section and transmits', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signInWithProfile(page, newEmail('advanced'));
  await completeTaxProfile(page);
  await completeChecklist(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Advanced Tax Info', exact: true }).click();
  await expect(page).toHaveURL(/\/advanced-tax-info$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced Tax Information' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tax year' })).toHaveValue(String(YEAR));
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Authorization', 'Investments', 'Deductions', 'Spouse', 'Children']);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('overview-1280.png'), fullPage: true });

  // Authorization: an invalid Zürich tax ID is refused, a valid one saved with the power of attorney.
  await openTab(page, 'Authorization');
  await page.getByRole('combobox', { name: 'Canton' }).selectOption('ZH');
  const tin = page.getByRole('textbox', { name: 'Tax ID (TIN)' });
  await tin.pressSequentially('12345');
  // Checked once the field is left, not from the first keystroke (issue 28).
  await expect(page.getByText('Invalid format. Expected: XXX.XXX.XXX')).toBeHidden();
  await tin.blur();
  await expect(page.getByText('Invalid format. Expected: XXX.XXX.XXX')).toBeVisible();
  await expect(tin).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save Authorization Settings' }).click();
  await expect(page.getByText('Please enter a valid Tax ID in the format: XXX.XXX.XXX').first()).toBeVisible();
  await tin.press('End');
  await tin.pressSequentially('6789');
  await expect(tin).toHaveValue('123.456.789');
  await page.getByRole('switch', { name: 'Tax Address (TIN)' }).click();
  await page.getByRole('switch', { name: 'Power of Attorney' }).click();
  // Step 1, the form to download and sign, above step 2, the upload of the signed form (issue 28).
  const germanForm = await page.getByRole('link', { name: 'Vollmacht (German, PDF)' }).boundingBox();
  const signedUpload = await entry(page, 'Power of attorney (signed)').boundingBox();
  expect(germanForm!.y).toBeLessThan(signedUpload!.y);
  await page.getByRole('checkbox', { name: /I accept the Power of Attorney/ }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Vollmacht (German, PDF)' }).click();
  expect((await download).suggestedFilename()).toBe('Vollmacht.pdf');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save Authorization Settings' }).click();
  await expect(page.getByText('Your authorization settings have been saved successfully.').first()).toBeVisible();
  await uploadTo(page, 'Power of attorney (signed)', 'Vollmacht-unterschrieben.pdf');
  // Married: each spouse signs one (D19), or the transmit is refused.
  await uploadTo(page, 'Power of attorney (signed)', 'Vollmacht-Marco-unterschrieben.pdf', 2);

  // Spouse: on already, since the tax profile says married; its card opens its tab; the AHV number checked
  // and masked, saved, and a document.
  await openSection(page, 'Spouse Information');
  await page.getByRole('textbox', { name: 'First name' }).fill('Marco');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Muster');
  await page.getByRole('textbox', { name: 'Age' }).fill('41');
  const ahv = page.getByRole('textbox', { name: 'AHV number' });
  await ahv.pressSequentially('7561234567898');
  await expect(page.getByText(/Invalid AHV number/)).toBeVisible();
  await ahv.fill('');
  await ahv.pressSequentially('7561234567897');
  await page.getByRole('textbox', { name: 'Occupation' }).fill('Teacher');
  await expect(ahv).toHaveValue('756.****.****.97');
  await page.getByRole('button', { name: 'Save Spouse Information' }).click();
  await expect(page.getByText('Spouse Information Saved').first()).toBeVisible();
  await uploadTo(page, 'Spouse: salary statement', 'Lohnausweis-Marco.pdf');
  await expectNoAxeViolations(page);

  // Children: the tax profile's one child, named, saved, and a birth certificate.
  await openSection(page, 'Children Information');
  const child = page.getByRole('group', { name: 'Child 1' });
  await child.getByRole('textbox', { name: 'First name' }).fill('Lena');
  await child.getByRole('textbox', { name: 'Last name' }).fill('Muster');
  await child.getByLabel('Date of birth').fill('2018-04-09');
  await page.getByRole('button', { name: 'Save Children Information' }).click();
  await expect(page.getByText('Children Information Saved').first()).toBeVisible();
  await uploadTo(page, 'Children: birth certificate', 'Geburtsschein-Lena.pdf');
  await expectNoAxeViolations(page);

  for (const tab of ['Investments', 'Deductions']) {
    await openTab(page, tab);
    await expectNoAxeViolations(page);
  }

  // What is saved is the server's: a reload shows it again.
  await page.reload();
  await openTab(page, 'Authorization');
  await expect(page.getByRole('textbox', { name: 'Tax ID (TIN)' })).toHaveValue('123.456.789');
  await openTab(page, 'Overview');
  const spouseCard = page.getByRole('list', { name: 'Tax sections' }).getByRole('listitem').filter({ hasText: 'Spouse Information' });
  await expect(spouseCard).toContainText('1 file');
  await expect(spouseCard.getByRole('switch')).toBeChecked();

  // 390 px: every tab reflows without horizontal scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['Overview', 'Authorization', 'Investments', 'Deductions', 'Spouse', 'Children']) {
    await openTab(page, tab);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`${tab.toLowerCase()}-390.png`), fullPage: true });
  }
  // German words are longer: the same in German.
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'de'));
  await page.reload();
  for (const tab of ['Übersicht', 'Vollmacht', 'Kapitalanlagen', 'Abzüge', 'Ehepartner', 'Kinder']) {
    await openTab(page, tab);
    await expectNoHorizontalScroll(page);
  }
  await page.screenshot({ path: testInfo.outputPath('kinder-390-de.png'), fullPage: true });
  await openTab(page, 'Vollmacht');
  await page.screenshot({ path: testInfo.outputPath('vollmacht-390-de.png'), fullPage: true });
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'en'));
  await page.reload();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Finish the section: the tabs lock.
  await page.getByRole('switch', { name: 'Section Complete' }).click();
  await page.getByRole('button', { name: 'Finish Section' }).click();
  await expect(page.getByText('Advanced Tax Info section has been marked as complete. Transmission is now available.').first()).toBeVisible();
  await expect(page.getByText('Section Completed - Navigation Locked')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('locked-1280.png'), fullPage: true });

  // Back on the dashboard, transmitting is open.
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await reviewAndTransmit(page);

  // Transmitted: Advanced Tax Information is read-only, says so, and cannot be reopened (issue 28).
  await page.goto('/advanced-tax-info');
  await expect(page.getByText('Transmitted – read-only')).toBeVisible();
  await expect(page.getByText(/^Transmitted on \d{2}\.\d{2}\.\d{4}; your expert sees these answers/)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Section Complete' })).toBeDisabled();
  await expect(page.getByText('Section Completed - Navigation Locked')).toBeHidden();
  await openTab(page, 'Children');
  await expect(page.getByRole('group', { name: 'Child 1' }).getByRole('textbox', { name: 'First name' })).toHaveValue('Lena');
  await expectNoAxeViolations(page);
  const reopen = await page.request.fetch('/api/advanced-tax-info/completion', {
    method: 'PUT',
    headers: { origin: E2E_ORIGIN },
    data: { taxYear: YEAR, completed: false },
  });
  expect(reopen.status()).toBe(409);
  expect((await reopen.json()).error.code).toBe('DOCUMENTS_TRANSMITTED');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('transmitted-390.png'), fullPage: true });
});

test('what is typed in Advanced Tax Information and not saved survives the dashboard, another tab of the screen and a reload', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const unsaved = page.getByText('Not saved yet. What you entered is kept in this browser tab until you save it.');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithProfile(page, newEmail('advanced-kept'));
  await completeTaxProfile(page);
  await page.goto('/advanced-tax-info');

  await openTab(page, 'Authorization');
  await page.getByRole('combobox', { name: 'Canton' }).selectOption('BE');
  await page.getByRole('textbox', { name: 'Tax ID (TIN)' }).pressSequentially('1234');
  await expect(unsaved).toBeVisible();
  await openTab(page, 'Spouse');
  await page.getByRole('textbox', { name: 'First name' }).fill('Marco');
  await page.getByRole('textbox', { name: 'AHV number' }).pressSequentially('756123');
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  // Away through the page's own link, back with the browser's (the dashboard's link opens at Documents).
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Tax Status for 2025' })).toBeVisible();
  await page.goBack();
  await openTab(page, 'Authorization');
  await expect(page.getByRole('combobox', { name: 'Canton' })).toHaveValue('BE');
  await expect(page.getByRole('textbox', { name: 'Tax ID (TIN)' })).toHaveValue('123.4');

  await page.reload();
  await openTab(page, 'Spouse');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Marco');
  await expect(page.getByRole('textbox', { name: 'AHV number' })).toHaveValue('756.123');
  await expect(unsaved).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('kept-spouse-390.png'), fullPage: true });

  // Saved, it is the server's; taken back, the stored form shows again.
  await page.getByRole('textbox', { name: 'AHV number' }).fill('');
  await page.getByRole('button', { name: 'Save Spouse Information' }).click();
  await expect(page.getByText('Spouse Information Saved').first()).toBeVisible();
  await expect(unsaved).toBeHidden();
  await openTab(page, 'Authorization');
  await page.getByRole('button', { name: 'Undo changes' }).click();
  await expect(page.getByRole('textbox', { name: 'Tax ID (TIN)' })).toHaveValue('');
  await page.reload();
  await openTab(page, 'Spouse');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Marco');
  await expect(unsaved).toBeHidden();
});

test('an older tab of Advanced Tax Information never overwrites what another saved: it keeps what was typed, says so, and saves only when asked again', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  const newer = 'Newer answers were saved in another tab or on another device. What you typed is still here: save again to replace them with it, or undo your changes to see the newer answers.';
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithProfile(page, newEmail('advanced-two-tabs'));
  await completeTaxProfile(page);
  await page.goto('/advanced-tax-info');
  await openTab(page, 'Spouse');

  // A second tab of the same browser opens the spouse too, then the first one saves.
  const older = await context.newPage();
  await older.setViewportSize({ width: 1280, height: 900 });
  await older.goto('/advanced-tax-info');
  await openTab(older, 'Spouse');
  await page.getByRole('textbox', { name: 'First name' }).fill('Marco');
  await page.getByRole('button', { name: 'Save Spouse Information' }).click();
  await expect(page.getByText('Spouse Information Saved').first()).toBeVisible();

  await older.getByRole('textbox', { name: 'First name' }).fill('Mario');
  await older.getByRole('textbox', { name: 'Occupation' }).fill('Teacher');
  await older.getByRole('button', { name: 'Save Spouse Information' }).click();
  await expect(older.getByRole('tabpanel').getByText(newer)).toBeVisible();
  await expect(older.getByRole('textbox', { name: 'First name' })).toHaveValue('Mario');
  await expectNoAxeViolations(older);
  await older.screenshot({ path: testInfo.outputPath('newer-answers-1280.png'), fullPage: true });
  const storedFirstName = async () => ((await apiAsUser(page, 'GET', `/api/advanced-tax-info?taxYear=${YEAR}`)) as { spouse: { firstName: string } | null }).spouse?.firstName;
  expect(await storedFirstName()).toBe('Marco');

  // Undo shows the newer answers; typed again and saved, it is the person's choice and is kept.
  await older.getByRole('button', { name: 'Undo changes' }).click();
  await expect(older.getByRole('textbox', { name: 'First name' })).toHaveValue('Marco');
  await older.getByRole('textbox', { name: 'Occupation' }).fill('Teacher');
  await older.getByRole('button', { name: 'Save Spouse Information' }).click();
  await expect(older.getByText('Spouse Information Saved').first()).toBeVisible();
  await expect(older.getByText(newer)).toBeHidden();

  // The first tab, unaware, types over its older copy and reloads: the version it typed over is
  // kept with what it typed, so it says that newer answers were saved before anything is sent.
  await page.getByRole('textbox', { name: 'Occupation' }).fill('Engineer');
  await page.reload();
  await openTab(page, 'Spouse');
  await expect(page.getByRole('textbox', { name: 'Occupation' })).toHaveValue('Engineer');
  await expect(page.getByRole('tabpanel').getByText(newer)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('newer-answers-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save Spouse Information' }).click();
  await expect(page.getByText('Spouse Information Saved').first()).toBeVisible();
  await expect(page.getByText(newer)).toBeHidden();
  await expect.poll(async () => ((await apiAsUser(page, 'GET', `/api/advanced-tax-info?taxYear=${YEAR}`)) as { spouse: { occupation: string } }).spouse.occupation).toBe('Engineer');
});

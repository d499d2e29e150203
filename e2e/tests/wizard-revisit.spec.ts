import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { YEAR } from '../support/documents';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';
import { answerStepsFromAddress } from '../support/wizard';

/**
 * Issue 28 and D19: progress a person can revisit. Start the wizard, answer step 3 with another
 * address for tax mail, leave at step 4; the dashboard offers "step 4 of 12"; continue, review the
 * summary, change a step, complete; then edit the completed profile after confirming, leave, and
 * find the draft kept. On a phone and on a desktop.
 */

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const heading = (page: Page) => page.getByRole('heading', { level: 2 });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');

async function expectStep(page: Page, number: number, title: string): Promise<void> {
  await expect(page.getByText(`Step ${number} of 12`)).toBeVisible();
  await expect(heading(page)).toHaveText(title);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function checked(page: Page): Promise<void> {
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
}

/** Leaves the wizard inside the app (the header's logo link), as a person going to the dashboard does. */
async function toDashboard(page: Page): Promise<void> {
  await page.locator('header a[href="/"]').first().click();
  await expect(page).toHaveURL(/\/$/);
}

async function stored(page: Page): Promise<{ step: number; isComplete: boolean; answers: Record<string, unknown> }> {
  const response = await page.request.get(`/api/tax-profile?taxYear=${YEAR}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the tax profile can be left, continued, reviewed, changed, completed and edited again (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInWithProfile(page, newEmail(`wizard-revisit-${viewport.width}`));
    await page.getByRole('link', { name: 'Complete your tax profile' }).click();

    await expectStep(page, 1, 'Personal information');
    await page.getByRole('radio', { name: 'Mrs' }).check();
    await page.getByLabel('Religion').selectOption('reformed');
    await page.getByLabel('Job title').fill('Engineer');
    await next(page).click();
    await expectStep(page, 2, 'Canton of residence');
    await page.locator('label').filter({ has: page.getByRole('radio', { name: 'Zurich ZH' }) }).click();
    await next(page).click();

    // Step 3 (D19): tax mail to another address, found with the address search.
    await expectStep(page, 3, 'Tax address');
    await expect(page.getByRole('radio', { name: /To my residence address/ })).toBeChecked();
    await page.getByRole('radio', { name: /To another address/ }).check();
    await page.getByLabel('c/o (optional)').fill('Treuhand Muster AG');
    await page.getByRole('combobox', { name: 'Search for your address' }).fill('Limmatquai');
    await suggestions(page).filter({ hasText: 'Limmatquai 12a, 8001 Zürich' }).click();
    await expect(page.getByRole('group', { name: 'Address for tax mail' }).getByLabel('Street')).toHaveValue('Limmatquai');
    await checked(page);
    await next(page).click();
    await expectStep(page, 4, 'Address and housing');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    // Left at step 4: the dashboard offers to continue there.
    await toDashboard(page);
    const resume = page.getByRole('link', { name: 'Continue your tax profile – step 4 of 12' });
    await expect(resume).toBeVisible();
    await checked(page);
    await resume.click();
    await expectStep(page, 4, 'Address and housing');

    await answerStepsFromAddress(page);

    // The summary of every answer, with a Change per step that comes back here.
    await page.getByRole('button', { name: 'Review answers' }).click();
    await expect(heading(page)).toHaveText('Check your answers');
    await expect(page.getByText('Treuhand Muster AG')).toBeVisible();
    await expect(page.getByText('Single', { exact: true })).toBeVisible();
    await checked(page);
    await page.getByRole('button', { name: `Change: Marital status as of 31 Dec ${YEAR}` }).click();
    await expectStep(page, 7, `Marital status as of 31 Dec ${YEAR}`);
    await page.getByRole('radio', { name: 'Widowed' }).check();
    await page.getByRole('button', { name: 'Back to the summary' }).click();
    await expect(heading(page)).toHaveText('Check your answers');
    await expect(page.getByText('Widowed', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    expect(await stored(page)).toMatchObject({ isComplete: true, answers: { taxMailTo: 'other', taxMailStreet: 'Limmatquai', maritalStatus: 'widowed' } });

    // After Complete: the answers stay one link away, to read; editing asks first.
    await page.getByRole('link', { name: 'Review your tax profile answers' }).click();
    // By its name: until the wizard's page has rendered, the dashboard and its four headings stay on
    // screen, and a locator of every h2 fails at once (strict mode) instead of waiting.
    await expect(page.getByRole('heading', { level: 2, name: `Your tax profile ${YEAR} is complete` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Change/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit answers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your completed tax profile?' });
    await expect(dialog).toContainText(`your tax profile ${YEAR} counts as incomplete until you complete it again`);
    await checked(page);
    await dialog.getByRole('button', { name: 'Edit answers' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(heading(page)).toHaveText('Check your answers');
    await expect(heading(page)).toBeFocused();

    // An edit, and away before going back to the summary: the draft keeps it.
    await page.getByRole('button', { name: `Change: Moving` }).click();
    await expectStep(page, 5, 'Moving');
    await page.getByRole('switch', { name: `I moved during ${YEAR}` }).click();
    await toDashboard(page);
    await expect(page.getByRole('link', { name: 'Continue your tax profile – step 5 of 12' })).toBeVisible();
    await expect.poll(async () => stored(page)).toMatchObject({ isComplete: false, step: 4, answers: { movedDuringYear: 'yes', maritalStatus: 'widowed' } });
  });
}

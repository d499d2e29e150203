import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

/** Issue 28: what a refused Next says, and the question about an address in another canton. */
const stepHeading = (page: Page) => page.getByRole('heading', { level: 2 });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

/** Next by keyboard: on an incomplete step it is aria-disabled (still focusable), which Playwright will not click. */
async function pressNext(page: Page): Promise<void> {
  await next(page).focus();
  await page.keyboard.press('Enter');
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`a refused Next names what is missing; an address in another canton is asked about (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInWithProfile(page, newEmail(`wizard-refusals-${viewport.width}`));
    await page.goto('/profile?setup=tax');
    await expect(stepHeading(page)).toHaveText('Personal information');

    // Step 1: Next refused, the missing answers named at their fields and beside Next.
    await pressNext(page);
    const summary = page.getByText('Before you go on, please complete:').locator('..');
    await expect(summary.getByRole('button', { name: 'Salutation is required' })).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Job title is required' })).toBeVisible();
    await expect(page.getByLabel('Job title')).toHaveAttribute('aria-invalid', 'true');
    await expect(next(page)).toHaveAccessibleDescription(/Salutation is required/);
    await summary.getByRole('button', { name: 'Job title is required' }).click();
    await expect(page.getByLabel('Job title')).toBeFocused();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.locator('label').filter({ has: page.getByRole('radio', { name: 'Mrs' }) }).click();
    await page.getByLabel('Religion').selectOption('reformed');
    await page.getByLabel('Job title').fill('Engineer');
    await pressNext(page);

    // Step 2: Bern; step 3 as it is; step 4: an address in Zürich (the stand-in geocoder's canton).
    await expect(stepHeading(page)).toHaveText('Canton of residence');
    await page.locator('label').filter({ has: page.getByRole('radio', { name: 'Bern BE' }) }).click();
    await pressNext(page);
    await expect(page.getByText('Step 3 of 12')).toBeVisible();
    await pressNext(page);
    await expect(stepHeading(page)).toHaveText('Address and housing');
    await page.getByRole('combobox', { name: 'Search for your address' }).fill('Bahnhofstrasse');
    await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option', { name: 'Bahnhofstrasse 12a, 8001 Zürich' }).click();
    await pressNext(page);

    const dialog = page.getByRole('dialog', { name: 'Is your tax canton right?' });
    await expect(dialog).toContainText('Your address is in Zurich but you chose Bern as your tax canton — is that right?');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Yes, Bern is right' }).click();
    await expect(page.getByText('Step 5 of 12')).toBeVisible();
  });
}

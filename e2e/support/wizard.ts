import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * On the wizard's step 4: an address from the search, then every later step answered as a single
 * employed person with a pillar 3a (the rest left to their defaults), up to step 12.
 */
export async function answerStepsFromAddress(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Search for your address' }).fill('Bahnhofstrasse');
  await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option').first().click();
  await expect(page.getByLabel('Street')).toHaveValue('Bahnhofstrasse');
  for (let step = 4; step < 12; step += 1) {
    if (step === 7) await page.getByRole('radio', { name: 'Single' }).check();
    if (step === 10) await page.getByRole('radio', { name: 'Employed', exact: true }).check();
    if (step === 11) await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Step ${step + 1} of 12`)).toBeVisible();
  }
}

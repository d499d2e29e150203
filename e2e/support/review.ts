import type { Page } from '@playwright/test';
import { expect } from './test';

/** Mark as Transmitted → the review page (D19) → the confirmation → Transmit, back on the dashboard (English interface). */
export async function reviewAndTransmit(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Mark as Transmitted', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Review and transmit \d{4}$/ })).toBeVisible();
  await expect(page.getByText('Nothing is missing. You can transmit.')).toBeVisible();
  await page.getByRole('checkbox', { name: /^I confirm that my details and documents are complete and correct/ }).check();
  await page.getByRole('button', { name: 'Transmit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Documents Transmitted' })).toBeVisible();
}

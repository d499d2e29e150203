import type { Page } from '@playwright/test';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

/**
 * While the server is slow to answer (a database that does not answer, up to a minute), the
 * dashboard's loading overlay covers the page, but not the header: a person can still leave.
 */
async function dashboardWithFilesHeld(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/files\?/, async (route) => {
    await held;
    await route.continue().catch(() => {}); // the page may have been left meanwhile
  });
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Please wait, loading your tax year…' })).toBeVisible();
  return release;
}

test('the header stays usable under the dashboard’s loading overlay, on a desktop', async ({ page }) => {
  await signInWithProfile(page, newEmail('overlay-desktop'));
  const release = await dashboardWithFilesHeld(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('First name')).toHaveValue('Anna');
  release();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header’s menu opens and leads away under the dashboard’s loading overlay', async ({ page }) => {
    await signInWithProfile(page, newEmail('overlay-phone'));
    const release = await dashboardWithFilesHeld(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    release();
  });
});

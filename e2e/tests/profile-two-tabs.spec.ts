import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

test('an older tab of the profile never overwrites what another saved: it keeps what was typed, says so, and saves only when asked again', async ({ page, context }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithProfile(page, newEmail('profile-two-tabs'));
  await page.goto('/profile');
  await expect(page.getByLabel('Last name')).toHaveValue('Muster');

  // A second tab of the same browser, on a desktop's width, opens the profile and its person types.
  const older = await context.newPage();
  await older.setViewportSize({ width: 1280, height: 900 });
  await older.goto('/profile');
  await older.getByLabel('Last name').fill('Keller');

  // The first tab saves another phone number.
  await page.getByLabel('Phone number').fill('078 111 22 33');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile updated').first()).toBeVisible();

  // The older tab's Save is refused: it says why and what is stored now, and keeps what was typed.
  await older.getByRole('button', { name: 'Update' }).click();
  await expect(older.getByText(/Your name or phone number was changed in another tab or on another device/).first()).toBeVisible();
  await expect(older.getByText('Saved in another tab or on another device in the meantime: Anna Muster, +41 781112233.', { exact: false })).toBeVisible();
  await expect(older.getByLabel('Last name')).toHaveValue('Keller');
  await older.screenshot({ path: testInfo.outputPath('profile-older-tab-1280.png'), fullPage: true });
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Muster');
  await expect(page.getByLabel('Phone number')).toHaveValue('781112233');

  // Asked again, with the note on screen, it replaces the stored profile with the form's.
  await older.getByRole('button', { name: 'Update' }).click();
  await expect(older.getByText('Profile updated').first()).toBeVisible();
  await expect(older.getByText(/in the meantime/)).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Keller');
  await expect(page.getByLabel('Phone number')).toHaveValue('791234567');
  await page.screenshot({ path: testInfo.outputPath('profile-after-390.png'), fullPage: true });
});

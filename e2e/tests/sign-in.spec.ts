import { expect, test } from '../support/test';
import { newEmail, requestCode, signIn, signInWithProfile } from '../support/sign-in';
import { lastSubject } from '../support/mailbox';

test('a new user signs in with a mailed code, completes the profile, stays signed in after reload, and logs out', async ({
  page,
}) => {
  const email = newEmail('anna');
  await signInWithProfile(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Anna');

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Anna');

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login/);

  // The old session is gone on the server too: a protected page sends us back to /login.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
});

test('a returning user with a complete profile lands on the home page', async ({ page, context }) => {
  const email = newEmail('returning');
  await signInWithProfile(page, email);
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await context.clearCookies();

  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong code shows the error and keeps what was typed', async ({ page }) => {
  await requestCode(page, newEmail('wrong'));
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid or expired verification code' })).toBeVisible();
  await expect(page.getByLabel('Verification code')).toHaveValue('000000');
  await expect(page).toHaveURL(/\/login/);
});

test('the code e-mail comes in the interface language', async ({ page }) => {
  const email = newEmail('deutsch');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Skip intro' }).click();
  await page.getByRole('combobox', { name: /choose language/i }).selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('button', { name: 'Code senden' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Code senden' }).click();
  await expect.poll(() => lastSubject(email), { timeout: 15000 }).toBeTruthy();
  expect(lastSubject(email)).not.toMatch(/verification code/i);
});

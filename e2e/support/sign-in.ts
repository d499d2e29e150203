import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './environment';
import { waitForCode } from './mailbox';
import { adminContext } from './api';
import { confirmAdminInBrowser } from './passkey';

let counter = 0;

/** A fresh address per test, so tests never share an account (and stay under the per-e-mail limit). */
export function newEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now()}.${counter}@example.ch`;
}

/** The intro plays on a browser's first visit only (D16): skip it when it shows, else go on. */
export async function skipIntroIfShown(page: Page): Promise<void> {
  const skip = page.getByRole('button', { name: 'Skip intro' });
  await expect(skip.or(page.getByLabel('E-mail'))).toBeVisible();
  if (await skip.isVisible()) await skip.click();
}

/** Opens /login, skips the intro if it plays and asks for a code; returns the moment the code was requested. */
export async function requestCode(page: Page, email: string): Promise<number> {
  await page.goto('/login');
  await skipIntroIfShown(page);
  await page.getByLabel('E-mail').fill(email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  return since;
}

/** Signs in through the real form with the code read from the SMTP receiver. */
export async function signIn(page: Page, email: string): Promise<void> {
  const since = await requestCode(page, email);
  const code = await waitForCode(email, since);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in a new user and completes the first-time profile. */
export async function signInWithProfile(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile\?firstTime=true/);
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill('Muster');
  await page.getByLabel('Phone number').fill('079 123 45 67');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /save|update|continue/i }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10000 });
}

/** The ADMIN_EMAILS address, signed in through the form and its passkey; its first-time profile is completed if no test did it yet. */
export async function signInAdmin(page: Page): Promise<void> {
  await adminContext(); // the admin's passkey exists from here on
  await signIn(page, E2E_ADMIN_EMAIL);
  await confirmAdminInBrowser(page);
  await expect(page).toHaveURL(/\/($|profile\?firstTime=true)/, { timeout: 10000 });
  if (page.url().includes('firstTime=true')) {
    await page.getByLabel('First name').fill('Eva');
    await page.getByLabel('Last name').fill('Expertin');
    await page.getByLabel('Phone number').fill('079 765 43 21');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /save|update|continue/i }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 10000 });
  }
}

import type { Browser, Page } from '@playwright/test';
import { adminContext, apiAsUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { YEAR } from '../support/documents';
import { E2E_ORIGIN } from '../support/environment';
import { newEmail, signInAdmin, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };
/** Part 2 §9: the Loop takes a step every 2 s. */
const LOOP_INTERVAL_MS = 2_000;

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const card = (page: Page, name: string) => page.getByRole('region', { name });
const toasts = (page: Page) => page.getByRole('region', { name: /\(F8\)$/ });

/** A person with a complete profile in a browser of their own; returns their page and id. */
async function aPerson(browser: Browser, label: string): Promise<{ page: Page; email: string; id: number }> {
  const context = await browser.newContext({ viewport: NARROW, extraHTTPHeaders: { 'X-Forwarded-For': `10.77.${Math.floor(Math.random() * 250)}.9` } });
  const page = await context.newPage();
  const email = newEmail(label);
  await signInWithProfile(page, email);
  const user = (await (await page.request.get('/api/user')).json()) as { id: number };
  return { page, email, id: user.id };
}

test('someone who is not an admin gets Access Denied at /admin and no Admin entry', async ({ page }) => {
  await adminContext(); // the first account is an admin (D4): make sure this one is not the first
  await page.setViewportSize(NARROW);
  await signInWithProfile(page, newEmail('not-admin'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('This area is restricted to administrators only.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tax Status Stepper' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  // The server's word, not the screen's: its admin calls are refused.
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});

test("the admin drives a person's year from 1 to 4 and back, loops twice, and resets the profile", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const person = await aPerson(browser, 'driven');
  // The admin's page on Playwright's clock: time flows as usual, and the test can move it on at once.
  await page.clock.install();
  await page.setViewportSize(WIDE);
  await signInAdmin(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page).toHaveTitle(/Administration/);

  // Whose status: the person, found by e-mail.
  const accounts = card(page, 'Accounts and roles');
  await accounts.getByLabel('Search by e-mail or user ID').fill(person.email);
  await accounts.getByRole('button', { name: 'Search', exact: true }).click();
  await accounts.getByRole('button', { name: `Drive status: ${person.email}` }).click();
  await expect(page.getByText(`Driving ${person.email} (user ${person.id})`)).toBeVisible();
  const stepper = card(page, 'Tax Status Stepper');
  await expect(stepper.getByText('Step 1 of 6: Initial Info Needed')).toBeVisible();

  for (const label of ['Upload Required Documents', 'All Documents Submitted', 'Expert & AI Analysis Ongoing']) {
    await stepper.getByRole('button', { name: 'Next' }).click();
    await expect(stepper.getByText(new RegExp(`: ${label.replace('&', '\\&')}$`))).toBeVisible();
  }
  await expect(toasts(page)).toContainText('Tax status updated to: Expert & AI Analysis Ongoing');
  await expect(card(page, 'Tax Status Progress').locator('[aria-current="step"]')).toContainText('Current');

  // The person sees it on their dashboard: step 4, Transmitted.
  await person.page.reload();
  await expect(person.page.getByRole('list', { name: /Steps of your tax return/ }).locator('[aria-current="step"]')).toContainText('Transmitted');

  for (const label of ['All Documents Submitted', 'Upload Required Documents', 'Initial Info Needed']) {
    await stepper.getByRole('button', { name: 'Previous' }).click();
    await expect(stepper.getByText(new RegExp(`: ${label}$`))).toBeVisible();
  }

  // The Loop: reset, then a step every 2 s; two full cycles, then stopped by a second click.
  await stepper.getByRole('button', { name: 'Start Loop' }).click();
  await expect(toasts(page)).toContainText('Loop Started');
  await expect(stepper.getByRole('button', { name: 'Auto Advance' })).toBeDisabled();
  await expect(stepper.getByText('2 completed cycles')).toBeVisible({ timeout: 40_000 });
  await stepper.getByRole('button', { name: 'Stop Loop' }).click();
  await expect(toasts(page)).toContainText('Loop Stopped');
  await expect(toasts(page)).toContainText('Stopped after 2 completed cycles.');
  // Stopped means no step follows. A step on its way at the click lands first (Next is enabled once
  // no change is pending); then the page's clock jumps past two Loop intervals, which would run a
  // step still scheduled, and its request would be seen before runFor returns. None is sent: the step
  // shown and the status the server holds stay where the Loop stopped.
  await expect(stepper.getByRole('button', { name: 'Next' })).toBeEnabled();
  const shown = stepper.getByText(/^Step \d of 6/);
  const stoppedAt = await shown.textContent();
  const heldStatus = async () =>
    ((await apiAsUser(page, 'GET', `/api/admin/tax-status?userId=${person.id}&taxYear=${YEAR}`)) as { current_status_id: number }).current_status_id;
  const held = await heldStatus();
  expect(stoppedAt).toMatch(new RegExp(`^Step ${held} of 6`));
  const statusChanges: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/user/tax-status') statusChanges.push(request.postData() ?? '');
  });
  await page.clock.runFor(2 * LOOP_INTERVAL_MS + 500);
  expect(statusChanges).toEqual([]);
  await expect(shown).toHaveText(stoppedAt!);
  expect(await heldStatus()).toBe(held);

  await expectNoAxeViolations(page);

  // Reset: the person must complete the first-time profile again.
  const reset = card(page, 'Reset User Profile');
  await reset.getByLabel('User ID').fill('abc');
  await reset.getByRole('button', { name: 'Reset Profile' }).click();
  await expect(toasts(page)).toContainText('Please enter a valid numeric user ID');
  await reset.getByLabel('User ID').fill(String(person.id));
  await reset.getByRole('button', { name: 'Reset Profile' }).click();
  await expect(toasts(page)).toContainText(`User ${person.id} profile has been reset to first-time login status.`);
  await person.page.goto('/');
  await expect(person.page).toHaveURL(/\/profile\?firstTime=true/);

  // On a phone: the panel fits, and passes axe.
  await page.setViewportSize(NARROW);
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoAxeViolations(page);
  await person.page.context().close();
});

test("the admin sets a person's plan (D14): the person's profile shows it Active, and says how to ask for another", async ({ page, browser }) => {
  const person = await aPerson(browser, 'plan');
  await person.page.goto('/profile');
  const plans = person.page.getByRole('group', { name: 'Subscription plan' });
  await expect(plans.locator('label', { hasText: 'Basic' })).toContainText('Active');
  await expect(plans.locator('label', { hasText: 'Premium' })).toContainText('Inactive');

  await page.setViewportSize(WIDE);
  await signInAdmin(page);
  await page.goto('/admin');
  const accounts = card(page, 'Accounts and roles');
  await accounts.getByLabel('Search by e-mail or user ID').fill(person.email);
  await accounts.getByRole('button', { name: 'Search', exact: true }).click();
  const plan = accounts.getByRole('combobox', { name: `Plan: ${person.email}` });
  await expect(plan).toHaveValue('basic');
  await plan.selectOption('premium');
  // Asked first, naming the person and the change.
  const confirm = page.getByRole('dialog', { name: `Change the plan of ${person.email} from Basic to Premium?` });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Change plan' }).click();
  await expect(toasts(page)).toContainText(`${person.email} is now on: Premium`);
  await expect(accounts.getByText(/Plan: Premium/)).toBeVisible();
  await expectNoAxeViolations(page);

  await person.page.reload();
  await expect(plans.locator('label', { hasText: 'Premium' })).toContainText('Active');
  await expect(plans.locator('label', { hasText: 'Basic' })).toContainText('Inactive');
  await expect(plans).toContainText("Plans are set by Taxli's experts.");
  // The person cannot change it: the server refuses, whatever the screen offers.
  const own = await person.page.request.patch(`/api/admin/users/${person.id}/plan`, {
    data: { subscriptionPlan: 'basic' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(own.status()).toBe(403);
  expect(((await own.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  // The way to ask: the dashboard's Send Message box, ready to type in.
  await plans.getByRole('link', { name: 'Send a message' }).click();
  await expect(person.page).toHaveURL(/\/#send-message$/);
  await expect(person.page.getByRole('textbox', { name: 'Your message to our tax experts' })).toBeFocused();
  await person.page.context().close();
});

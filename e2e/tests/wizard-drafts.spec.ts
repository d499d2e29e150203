import type { Page } from '@playwright/test';
import { YEAR } from '../support/documents';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';
import { answerStepsFromAddress } from '../support/wizard';

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function expectStep(page: Page, number: number, title: string): Promise<void> {
  await expect(page.getByText(`Step ${number} of 12`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(title);
}

/** A canton card: the radio itself is visually hidden, its card (the label) is what a pointer clicks. */
const chooseCanton = (page: Page, name: string) =>
  page.locator('label').filter({ has: page.getByRole('radio', { name }) }).click();

/** From the dashboard into the wizard, as a person does, and through steps 1 and 2 to step 3. */
async function wizardToStep3(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Complete your tax profile' }).click();
  await expectStep(page, 1, 'Personal information');
  await page.getByRole('radio', { name: 'Mrs' }).check();
  await page.getByLabel('Religion').selectOption('reformed');
  await page.getByLabel('Job title').fill('Engineer');
  await next(page).click();
  await expectStep(page, 2, 'Canton of residence');
  await chooseCanton(page, 'Zurich ZH');
  await next(page).click();
  await expectStep(page, 3, 'Tax address');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
}

/** What the server holds for the year, read as the person's own API client. */
async function storedDraft(page: Page): Promise<{ step: number; answers: { cantonOfResidence?: string }; personal: { jobName?: string } }> {
  const response = await page.request.get(`/api/tax-profile?taxYear=${YEAR}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

test('leaving the wizard for the dashboard and coming back resumes at the saved step with every answer', async ({ page }) => {
  await signInWithProfile(page, newEmail('wizard-resume'));
  await wizardToStep3(page);
  await next(page).click();
  await expectStep(page, 4, 'Address and housing');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Complete your tax profile' }).click();
  await expectStep(page, 4, 'Address and housing');

  // Every answer is there on the steps before.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 2, 'Canton of residence');
  await expect(page.getByRole('radio', { name: 'Zurich ZH' })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Job title')).toHaveValue('Engineer');
  await expect(page.getByRole('radio', { name: 'Mrs' })).toBeChecked();

  // A reload is a visit too; the server kept step 4 (index 3) all along.
  await page.reload();
  await expectStep(page, 4, 'Address and housing');
  expect(await storedDraft(page)).toMatchObject({ step: 3, answers: { cantonOfResidence: 'zurich' }, personal: { jobName: 'Engineer' } });
});

test("a second tab with an older draft keeps what it changed and takes the newer answers of the first: both are saved, and it says so", async ({ page, context }, testInfo) => {
  await signInWithProfile(page, newEmail('wizard-two-tabs'));
  await wizardToStep3(page);

  const older = await context.newPage();
  await older.setViewportSize({ width: 390, height: 844 });
  await older.goto('/profile?setup=tax');
  await expectStep(older, 3, 'Tax address');

  // The first tab goes back to step 1, changes the job and goes on: its draft is the newer one.
  for (const _ of [1, 2]) await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 1, 'Personal information');
  await page.getByLabel('Job title').fill('Architect');
  await next(page).click();
  await expectStep(page, 2, 'Canton of residence');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // The second tab, still holding the older draft, changes the canton and goes on.
  await older.getByRole('button', { name: 'Back' }).click();
  await expectStep(older, 2, 'Canton of residence');
  await chooseCanton(older, 'Bern BE');
  await next(older).click();
  await expect(older.getByRole('alert')).toContainText('What you changed here is kept and saved with them');
  await expectStep(older, 3, 'Tax address');
  await older.screenshot({ path: testInfo.outputPath('wizard-older-tab-kept-390.png'), fullPage: true });

  // Neither tab's change is lost: the server holds the first tab's job and the second tab's canton.
  await expect.poll(async () => (await storedDraft(page)).answers.cantonOfResidence).toBe('bern');
  expect(await storedDraft(page)).toMatchObject({ step: 2, answers: { cantonOfResidence: 'bern' }, personal: { jobName: 'Architect' } });
  for (const _ of [1, 2]) await older.getByRole('button', { name: 'Back' }).click();
  await expectStep(older, 1, 'Personal information');
  await expect(older.getByLabel('Job title')).toHaveValue('Architect');

  // The first tab, now the older one, changed nothing since: it loads the newer draft as it is.
  await next(page).click();
  await expect(page.getByRole('alert')).toContainText('They are loaded now');
  await page.reload();
  await expectStep(page, 3, 'Tax address');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: 'Bern BE' })).toBeChecked();
});

test('an answer typed on a step, without Next, survives a reload and a closed tab', async ({ page, context }) => {
  await signInWithProfile(page, newEmail('wizard-reload'));
  await page.getByRole('link', { name: 'Complete your tax profile' }).click();
  await expectStep(page, 1, 'Personal information');
  await page.getByLabel('Job title').fill('Engineer');
  await page.reload();
  await expectStep(page, 1, 'Personal information');
  await expect(page.getByLabel('Job title')).toHaveValue('Engineer');

  await page.getByLabel('Job title').fill('Architect');
  await page.close({ runBeforeUnload: true });
  const again = await context.newPage();
  await again.goto('/profile?setup=tax');
  await expectStep(again, 1, 'Personal information');
  await expect(again.getByLabel('Job title')).toHaveValue('Architect');
});

test('an answer typed while a save is still on its way, or after saving failed, survives a reload and is saved', async ({ page }) => {
  await signInWithProfile(page, newEmail('wizard-slow-save'));
  await wizardToStep3(page);
  const storedJob = async () => (await storedDraft(page)).personal.jobName;

  // The network holds every draft save: the Next's save is under way when the job is typed and the page reloads.
  await page.route('**/api/tax-profile/draft**', () => undefined);
  await next(page).click();
  await expectStep(page, 4, 'Address and housing');
  for (const _ of [1, 2, 3]) await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel('Job title').fill('Architect');
  await page.reload();
  await expect(page.getByLabel('Job title')).toHaveValue('Architect');
  expect(await storedJob()).toBe('Engineer');

  // The network back: what the tab kept reaches the server, and a reload shows it.
  await page.unroute('**/api/tax-profile/draft**');
  await page.reload();
  await expect(page.getByLabel('Job title')).toHaveValue('Architect');
  await expect.poll(storedJob).toBe('Architect');

  // Saves the server refuses for a while: what was typed stays in the tab over a reload, and is saved once it can be.
  await page.route('**/api/tax-profile/draft**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"Down for maintenance"}}' }),
  );
  await page.getByLabel('Job title').fill('Painter');
  await next(page).click();
  await expect(page.getByText('Not saved — retrying')).toBeVisible();
  await page.reload();
  await expectStep(page, 2, 'Canton of residence');
  expect(await storedJob()).toBe('Architect');
  await page.unroute('**/api/tax-profile/draft**');
  await expect.poll(storedJob, { timeout: 20_000 }).toBe('Painter');
  await page.reload();
  await expectStep(page, 2, 'Canton of residence');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Job title')).toHaveValue('Painter');
});

test("an answer typed while saving hangs survives a reload after another tab saved other answers: both are kept", async ({ page, context }) => {
  await signInWithProfile(page, newEmail('wizard-hung-save'));
  await wizardToStep3(page);

  // The network holds this tab's draft saves; the job is typed on step 1, not saved.
  await page.route('**/api/tax-profile/draft**', () => undefined);
  for (const _ of [1, 2]) await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel('Job title').fill('Architect');

  // Another tab changes the canton meanwhile, and saves.
  const other = await context.newPage();
  await other.goto('/profile?setup=tax');
  await expectStep(other, 3, 'Tax address');
  await other.getByRole('button', { name: 'Back' }).click();
  await chooseCanton(other, 'Bern BE');
  await next(other).click();
  await expect(other.getByText('Saved', { exact: true })).toBeVisible();
  await other.close();

  // The first tab, reloaded with the network back: its job and the other tab's canton, both saved.
  await page.unroute('**/api/tax-profile/draft**');
  await page.reload();
  await expectStep(page, 1, 'Personal information');
  await expect(page.getByLabel('Job title')).toHaveValue('Architect');
  await expect(page.getByRole('alert')).toContainText('What you changed here is kept and saved with them');
  await expect.poll(async () => (await storedDraft(page)).personal.jobName).toBe('Architect');
  expect(await storedDraft(page)).toMatchObject({ answers: { cantonOfResidence: 'bern' } });
  await next(page).click();
  await expect(page.getByRole('radio', { name: 'Bern BE' })).toBeChecked();
});

test("a name changed on the profile after a draft is the wizard's too: shown there, and an older wizard tab is told, not obeyed", async ({ page, context }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithProfile(page, newEmail('wizard-profile-change'));
  await wizardToStep3(page);

  // A second tab, on a desktop's width, holds the wizard at step 3 with the older name.
  const older = await context.newPage();
  await older.setViewportSize({ width: 1280, height: 900 });
  await older.goto('/profile?setup=tax');
  await expectStep(older, 3, 'Tax address');

  // The first tab leaves the wizard through the app's menu for the profile form and saves another last name.
  const menu = (entry: string) => page.getByRole('button', { name: 'Menu', exact: true }).click().then(() => page.getByRole('menuitem', { name: entry }).click());
  await menu('Profile');
  await page.getByLabel('Last name').fill('Keller');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile updated').first()).toBeVisible();

  // Back in the wizard from the dashboard: step 1 shows the new name, the other answers are kept.
  await menu('Home');
  await page.getByRole('link', { name: 'Complete your tax profile' }).click();
  await expectStep(page, 3, 'Tax address');
  for (const _ of [1, 2]) await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 1, 'Personal information');
  await expect(page.getByLabel('Last name')).toHaveValue('Keller');
  await expect(page.getByLabel('Job title')).toHaveValue('Engineer');
  await page.screenshot({ path: testInfo.outputPath('wizard-after-profile-change-390.png'), fullPage: true });

  // The older tab's Next is refused. It typed nothing (only leaving step 3 set the tax mail to its
  // default), so it loads the newer draft at its step and says so; the stored name stays.
  await next(older).click();
  await expect(older.getByRole('alert')).toContainText('Newer answers were saved in another tab or on another device. They are loaded now');
  await expectStep(older, 3, 'Tax address');
  await older.screenshot({ path: testInfo.outputPath('wizard-older-tab-1280.png'), fullPage: true });
  const stored = await (await page.request.get(`/api/tax-profile?taxYear=${YEAR}`)).json();
  expect(stored.personal).toMatchObject({ lastName: 'Keller', jobName: 'Engineer' });
  expect(stored.step).toBe(2); // Step 3's index: nothing of the older tab was saved.
  for (const _ of [1, 2]) await older.getByRole('button', { name: 'Back' }).click();
  await expectStep(older, 1, 'Personal information');
  await expect(older.getByLabel('Last name')).toHaveValue('Keller');
});

test('a tab that typed while another tab completed the year is told, and its change is added when the year is edited again', async ({ page, context }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithProfile(page, newEmail('wizard-completed-elsewhere'));
  await wizardToStep3(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 1, 'Personal information');

  // Another tab, on a desktop's width, goes on from step 3 and completes the year.
  const other = await context.newPage();
  await other.setViewportSize({ width: 1280, height: 900 });
  await other.goto('/profile?setup=tax');
  await expectStep(other, 3, 'Tax address');
  await next(other).click();
  await expectStep(other, 4, 'Address and housing');
  await answerStepsFromAddress(other);
  await other.getByRole('button', { name: 'Review answers' }).click();
  await other.getByRole('button', { name: 'Complete' }).click();
  await expect(other).toHaveURL(/\/$/, { timeout: 10_000 });

  // The first tab, still on step 1, changes the job and presses Next: refused, it shows the year
  // completed and says that its change waits.
  await page.getByLabel('Job title').fill('Architect');
  await next(page).click();
  await expect(page.getByRole('alert')).toContainText('What you changed here is not in it yet: choose Edit answers to add it');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Your tax profile ${YEAR} is complete`);
  await page.screenshot({ path: testInfo.outputPath('wizard-completed-elsewhere-390.png'), fullPage: true });
  expect((await storedDraft(page)).personal.jobName).toBe('Engineer');

  // The change waits through a reload and a visit to another page.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('What you changed here is not in it yet');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Home' }).click();
  await page.getByRole('link', { name: 'Review your tax profile answers' }).click();
  await expect(page.getByRole('alert')).toContainText('What you changed here is not in it yet');

  // Edit answers adds it over the completed answers and saves it; completing again keeps both.
  await page.getByRole('button', { name: 'Edit answers' }).click();
  await page.getByRole('dialog', { name: 'Edit your completed tax profile?' }).getByRole('button', { name: 'Edit answers' }).click();
  await expect(page.getByRole('alert')).toContainText('What you changed here is kept and saved with them');
  await expect.poll(async () => (await storedDraft(page)).personal.jobName).toBe('Architect');
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  const stored = await (await page.request.get(`/api/tax-profile?taxYear=${YEAR}`)).json();
  expect(stored).toMatchObject({ isComplete: true, personal: { jobName: 'Architect' }, answers: { maritalStatus: 'individual', cantonOfResidence: 'zurich' } });
});

import type { Locator, Page } from '@playwright/test';
import { apiAsUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { YEAR } from '../support/documents';
import { newEmail, signIn, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

const SCREENSHOTS = process.env.WIZARD_SCREENSHOTS;

/** Presses Tab (or Shift+Tab) until `target` has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** The suggestions of the address search (not the language picker's options). */
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');

/** A canton card: the radio itself is visually hidden, its card (the label) is what a pointer clicks. */
const chooseCanton = (page: Page, name: string) =>
  page.locator('label').filter({ has: page.getByRole('radio', { name }) }).click();

const stepHeading = (page: Page) => page.getByRole('heading', { level: 2 });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function expectStep(page: Page, number: number, title: string | RegExp): Promise<void> {
  await expect(page.getByText(`Step ${number} of 12`)).toBeVisible();
  await expect(stepHeading(page)).toHaveText(title);
}

/** Next by keyboard: Tab to it, Enter. */
async function keyboardNext(page: Page): Promise<void> {
  await tabTo(page, next(page));
  await page.keyboard.press('Enter');
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('a new person completes the tax profile with the keyboard only and lands on the dashboard at status 2', async ({ page }) => {
  await signInWithProfile(page, newEmail('wizard-keyboard'));
  const entry = page.getByRole('link', { name: 'Complete your tax profile' });
  await tabTo(page, entry);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\?setup=tax$/);
  await expect(page.getByRole('heading', { level: 1, name: `Tax profile ${YEAR}` })).toBeVisible();

  // 1 Personal information: name and phone come from the first-time profile.
  await expectStep(page, 1, 'Personal information');
  await expect(page.getByLabel('First name')).toHaveValue('Anna');
  await tabTo(page, page.getByRole('radio', { name: 'Mr', exact: true }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Mrs' })).toBeChecked();
  await tabTo(page, page.getByLabel('Religion'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Religion')).toHaveValue('roman_catholic');
  await tabTo(page, page.getByLabel('Job title'));
  await page.keyboard.type('Engineer');
  // Enter in a field goes on, as in any form.
  await page.keyboard.press('Enter');

  // 2 Canton: into the group with Tab, the last canton (Zurich) with an arrow key, Enter goes on.
  await expectStep(page, 2, 'Canton of residence');
  await expect(stepHeading(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Aargau AG' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Zurich ZH' })).toBeChecked();
  await keyboardNext(page);

  // 3 Tax address (D19): tax mail goes to the residence address unless another is chosen.
  await expectStep(page, 3, 'Tax address');
  await expect(page.getByRole('radio', { name: /To my residence address/ })).toBeChecked();
  await keyboardNext(page);

  // 4 Address: the suggestion fills the fields.
  await expectStep(page, 4, 'Address and housing');
  await tabTo(page, page.getByRole('combobox', { name: 'Search for your address' }));
  await page.keyboard.type('Bahnhofstrasse');
  await expect(suggestions(page)).toHaveCount(1);
  await expect(suggestions(page)).toHaveText('Bahnhofstrasse 12a, 8001 Zürich');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Address selected', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Street')).toHaveValue('Bahnhofstrasse');
  await expect(page.getByLabel('House number')).toHaveValue('12a');
  await expect(page.getByLabel('Zip code')).toHaveValue('8001');
  await expect(page.getByLabel('City')).toHaveValue('Zürich');
  await expect(page.getByLabel('Municipality (Gemeinde)')).toHaveValue('Zürich');
  await tabTo(page, page.getByRole('radio', { name: 'I own my home' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'I rent' })).toBeChecked();
  await keyboardNext(page);

  // 5 Moved: yes.
  await expectStep(page, 5, 'Moving');
  await tabTo(page, page.getByRole('switch', { name: `I moved during ${YEAR}` }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: `I moved during ${YEAR}` })).toHaveAttribute('aria-checked', 'true');
  await keyboardNext(page);

  // 6 Firefighter duty: left off.
  await expectStep(page, 6, `Firefighter duty ${YEAR}`);
  await keyboardNext(page);

  // 7 Marital status.
  await expectStep(page, 7, `Marital status as of 31 Dec ${YEAR}`);
  await tabTo(page, page.getByRole('radio', { name: 'Single' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Single' })).toBeChecked();
  await keyboardNext(page);

  // 8 Real estate: left unanswered (no).
  await expectStep(page, 8, 'Real estate ownership');
  await keyboardNext(page);

  // 9 Children: two.
  await expectStep(page, 9, 'Children');
  await tabTo(page, page.getByRole('switch', { name: `I had children in my care in ${YEAR}` }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Add a child' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Age of child 2'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await expect(page.getByLabel('Age of child 2')).toHaveValue('4');
  await keyboardNext(page);

  // 10 Advanced: shares, employed.
  await expectStep(page, 10, 'Advanced tax information');
  await tabTo(page, page.getByRole('switch', { name: `I owned shares or other securities in ${YEAR}` }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('radio', { name: 'Employed', exact: true }));
  await page.keyboard.press('Space');
  await keyboardNext(page);

  // 11 Pillar 3a: yes.
  await expectStep(page, 11, `Pillar 3a contributed in ${YEAR}`);
  await tabTo(page, page.getByRole('radio', { name: 'Yes' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await keyboardNext(page);

  // 12 Employment (already employed from step 10) and Complete.
  await expectStep(page, 12, 'Employment and retirement');
  await expect(page.getByRole('radio', { name: 'Employed', exact: true })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Review answers' }));
  await page.keyboard.press('Enter');
  // The summary of every answer (issue 28), then Complete.
  await expect(stepHeading(page)).toHaveText('Check your answers');
  await tabTo(page, page.getByRole('button', { name: 'Complete' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tax profile complete', { exact: true })).toBeVisible();

  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Required documents' })).toBeVisible();
  const currentStep = page.getByRole('list', { name: `Steps of your tax return for ${YEAR}` }).locator('[aria-current="step"]');
  await expect(currentStep).toContainText('Tax Profile');
  await expect(page.getByRole('link', { name: 'Complete your tax profile' })).toHaveCount(0);
});

/** Walks steps 1–5 with the mouse and leaves on step 6 once the draft is saved. */
async function walkToStepSix(page: Page): Promise<void> {
  await page.goto('/profile?setup=tax');
  await expectStep(page, 1, 'Personal information');
  await page.getByRole('radio', { name: 'Mrs' }).check();
  await page.getByLabel('Religion').selectOption('reformed');
  await page.getByLabel('Job title').fill('Teacher');
  await next(page).click();
  await chooseCanton(page, 'Bern BE');
  await next(page).click();
  await next(page).click();
  await page.getByLabel('Street').fill('Kramgasse');
  await page.getByLabel('House number').fill('49');
  await page.getByLabel('Zip code').fill('3011');
  await page.getByLabel('City').fill('Bern');
  await page.getByLabel('Municipality (Gemeinde)').fill('Bern');
  await next(page).click();
  await page.getByRole('switch', { name: `I moved during ${YEAR}` }).click();
  await next(page).click();
  await expectStep(page, 6, `Firefighter duty ${YEAR}`);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
}

test('a person who leaves at step 6 finds step 6 and every answer again after signing in on another browser', async ({ page, browser }) => {
  const email = newEmail('wizard-resume');
  await signInWithProfile(page, email);
  await walkToStepSix(page);
  await page.context().close();

  const other = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.77.1.2' } });
  const second = await other.newPage();
  await signIn(second, email);
  await expect(second).toHaveURL(/\/$/);
  await second.goto('/profile?setup=tax');
  await expectStep(second, 6, `Firefighter duty ${YEAR}`);
  await second.getByRole('button', { name: 'Back' }).click();
  await expectStep(second, 5, 'Moving');
  await expect(second.getByRole('switch', { name: `I moved during ${YEAR}` })).toHaveAttribute('aria-checked', 'true');
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(second.getByLabel('Street')).toHaveValue('Kramgasse');
  await expect(second.getByLabel('Zip code')).toHaveValue('3011');
  await second.getByRole('button', { name: 'Back' }).click();
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(second.getByRole('radio', { name: 'Bern BE' })).toBeChecked();
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(second.getByLabel('Job title')).toHaveValue('Teacher');
  await expect(second.getByLabel('Religion')).toHaveValue('reformed');
  await other.close();
});

test('every wizard step is free of axe violations and fits 390 px without sideways scrolling', async ({ page }) => {
  // An axe check of every step: on a busy machine that alone has come close to a minute.
  test.setTimeout(120_000);
  await signInWithProfile(page, newEmail('wizard-axe'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile?setup=tax');
  const fill: Record<number, () => Promise<void>> = {
    1: async () => {
      await page.getByRole('radio', { name: 'Mr', exact: true }).check();
      await page.getByLabel('Religion').selectOption('other_none');
      await page.getByLabel('Job title').fill('Carpenter');
      // A message showing is part of what axe checks.
      await page.getByLabel('Job title').fill('');
      // Next is aria-disabled (still focusable and clickable, so that it can say what is missing).
      await next(page).click({ force: true });
      // Said at the field and in the summary beside Next (issue 28).
      await expect(page.getByLabel('Job title')).toHaveAccessibleDescription('Job title is required');
      await expect(page.getByRole('button', { name: 'Job title is required' })).toBeVisible();
      await page.getByLabel('Job title').fill('Carpenter');
    },
    2: () => chooseCanton(page, 'Grisons GR'),
    4: async () => {
      await page.getByRole('combobox', { name: 'Search for your address' }).fill('Seestrasse');
      await expect(suggestions(page)).toHaveCount(1);
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await suggestions(page).click();
    },
    7: () => page.getByRole('radio', { name: 'Divorced' }).check(),
    8: async () => {
      await page.getByRole('switch', { name: 'I own real estate' }).click();
      await page.getByLabel('Country of the property').fill('Switzerland');
      await page.getByRole('radio', { name: 'I live in it' }).check();
    },
    9: async () => {
      await page.getByRole('switch', { name: `I had children in my care in ${YEAR}` }).click();
      await page.getByRole('button', { name: 'Add a child' }).click();
    },
    10: async () => {
      await page.getByRole('switch', { name: `I paid alimony in ${YEAR}` }).click();
      await page.getByLabel('Amount per month (whole CHF)').fill('900');
      await page.getByLabel('Duration (months)').fill('36');
    },
    11: () => page.getByRole('radio', { name: 'No' }).check(),
    12: () => page.getByRole('radio', { name: 'Retired' }).check(),
  };
  for (let step = 1; step <= 12; step += 1) {
    await expect(page.getByText(`Step ${step} of 12`)).toBeVisible();
    await fill[step]?.();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/wizard-390-step-${step}.png`, fullPage: true });
    if (step < 12) await next(page).click();
    if (step === 4) {
      // The stand-in geocoder's address is in Zurich, the canton chosen is Grisons: asked (issue 28).
      const question = page.getByRole('dialog', { name: 'Is your tax canton right?' });
      await expect(question).toBeVisible();
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await question.getByRole('button', { name: 'Yes, Grisons is right' }).click();
    }
  }
  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/wizard-1280-step-12.png`, fullPage: true });
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByText('Step 10 of 12')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/wizard-1280-step-10.png`, fullPage: true });
    await next(page).click();
    await next(page).click();
  }
  await page.getByRole('button', { name: 'Review answers' }).click();
  // The summary's axe and 390 px checks are in wizard-revisit.spec.ts (this test is long already).
  await expect(stepHeading(page)).toHaveText('Check your answers');
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
});

test('the address demo finds an address, is free of axe violations and saves it as the tax address', async ({ page }) => {
  await signInWithProfile(page, newEmail('address-demo'));
  // The bell offers it only once the tax profile is complete (ADR 14); the page is reached by its address.
  await page.goto('/address-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Address lookup' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('combobox', { name: 'Search for your address' }).fill('Limmatquai');
  await suggestions(page).filter({ hasText: 'Limmatquai 12a, 8001 Zürich' }).click();
  await expect(page.getByLabel('Street')).toHaveValue('Limmatquai');
  await expect(page.getByText('Limmatquai 12a, 8001 Zürich').last()).toBeVisible();
  await expectNoAxeViolations(page);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/address-demo-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address Saved', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  const user = (await apiAsUser(page, 'GET', '/api/user')) as { taxAddress: { street: string; zipCode: string; city: string } | null };
  expect(user.taxAddress).toMatchObject({ street: 'Limmatquai', zipCode: '8001', city: 'Zürich' });
});

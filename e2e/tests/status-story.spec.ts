import type { Locator, Page } from '@playwright/test';
import { adminSetsStatus, apiAsUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { YEAR } from '../support/documents';
import { waitForCode } from '../support/mailbox';
import { newEmail, requestCode, signIn, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

/**
 * Issue 17: the status tells one story at each status, messages show once and never cover the main
 * button, toasts stay on their page, focus lands on the new page's heading, the bell follows a save.
 */

interface Chapter {
  status: string;
  /** The year's Advanced Tax Information section marked complete. */
  ready?: boolean;
  step: string;
  description: string;
  next: string;
  action: string;
  leadsTo: RegExp | 'category dialog' | 'Mark as Transmitted' | 'Your tax return';
}

const STORY: Chapter[] = [
  {
    status: 'profile_incomplete',
    step: 'Initial',
    description: 'Start by completing your tax profile information.',
    next: 'Complete your tax profile.',
    action: 'Go to the tax profile',
    leadsTo: /\/profile\?setup=tax$/,
  },
  {
    status: 'documents_pending',
    step: 'Tax Profile',
    description: 'Your tax profile is complete; the required tax documents come next.',
    next: 'Upload the required tax documents.',
    action: 'Upload documents',
    leadsTo: 'category dialog',
  },
  {
    status: 'documents_submitted',
    step: 'Documents',
    description: 'Your documents have been received.',
    next: 'Finish the Advanced Tax Information section.',
    action: 'Go to Advanced Tax Information',
    leadsTo: /\/advanced-tax-info$/,
  },
  {
    status: 'documents_submitted',
    ready: true,
    step: 'Documents',
    description: 'Your documents have been received.',
    next: 'Transmit your documents to the tax experts.',
    action: 'Continue to transmission',
    leadsTo: 'Mark as Transmitted',
  },
  // D18: from transmission on the texts say what the expert does and what waits for the person.
  {
    status: 'processing',
    step: 'Transmitted',
    description: 'Transmitted — an expert is preparing your return.',
    next: 'An expert is preparing your return; there is nothing you need to do unless they ask for a document. File History shows what you sent.',
    action: 'Open File History',
    leadsTo: /\/file-history$/,
  },
  {
    status: 'review_required',
    step: 'Reviewed',
    description: 'Your prepared return is ready for your review.',
    next: 'Your prepared return is ready: read it, then approve it or ask for changes.',
    action: 'Review your return',
    leadsTo: 'Your tax return',
  },
  {
    status: 'completed',
    step: 'Completed',
    description: 'Completed — you approved your tax return.',
    next: 'Congratulations! You approved your tax return. Your expert files it with the canton; your files stay in File History.',
    action: 'Open File History',
    leadsTo: /\/file-history$/,
  },
];

const toasts = (page: Page) => page.getByRole('region', { name: /\(F8\)$/ }).getByRole('listitem');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Fails when the two boxes share a single pixel. */
async function expectApart(toast: Locator, button: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  await expect(button).toBeVisible();
  const a = (await toast.boundingBox())!;
  const b = (await button.boundingBox())!;
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `toast ${JSON.stringify(a)} covers the button ${JSON.stringify(b)}`).toBe(false);
}

/** To another page by the header: inline on a wide screen, through the menu on a phone. */
async function openFromHeader(page: Page, name: string): Promise<void> {
  const inline = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
  if (await inline.isVisible()) return inline.click();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('each status: the current step, the description and the next-step box agree, and its button leads there', async ({ page }) => {
      test.setTimeout(120_000);
      await signInWithProfile(page, newEmail(`story-${viewport.width}`));
      for (const chapter of STORY) {
        if (chapter.status !== 'profile_incomplete') await adminSetsStatus(page, YEAR, chapter.status);
        if (chapter.ready) await apiAsUser(page, 'PUT', '/api/advanced-tax-info/completion', { taxYear: YEAR, completed: true });
        await page.goto('/');
        const steps = page.getByRole('list', { name: `Steps of your tax return for ${YEAR}` });
        // The current step: its number, or a check mark once its part is done (issue 28).
        await expect(steps.locator('[aria-current="step"]')).toHaveText(new RegExp(`^\\d?${chapter.step}( \\(done\\))?$`));
        await expect(page.getByText(chapter.description, { exact: true })).toBeVisible();
        const box = page.getByRole('group', { name: 'Next step' });
        await expect(box.getByText(chapter.next, { exact: true })).toBeVisible();
        if (chapter.status === 'profile_incomplete' || chapter.status === 'documents_pending') await expectNoAxeViolations(page);

        const { leadsTo } = chapter;
        if (leadsTo instanceof RegExp) {
          await box.getByRole('link', { name: chapter.action, exact: true }).click();
          await expect(page).toHaveURL(leadsTo);
          await expect(heading(page)).toBeFocused();
          continue;
        }
        await box.getByRole('button', { name: chapter.action, exact: true }).click();
        if (leadsTo === 'category dialog') {
          await expect(page.getByRole('dialog', { name: 'Select Document Category' })).toBeVisible();
          await page.keyboard.press('Escape');
        } else if (leadsTo === 'Mark as Transmitted') {
          await expect(page.getByRole('link', { name: leadsTo, exact: true })).toBeFocused();
          await expect(page.getByRole('link', { name: leadsTo, exact: true })).toBeInViewport();
        } else {
          await expect(page.getByRole('region', { name: leadsTo, exact: true })).toBeFocused();
          await expect(page.getByRole('region', { name: leadsTo, exact: true })).toBeInViewport();
        }
      }
    });

    test('focus lands on the heading after sign-in, the profile save and navigation; the bell follows the save at once', async ({ page }) => {
      await signIn(page, newEmail(`focus-${viewport.width}`));
      await expect(page).toHaveURL(/\/profile\?firstTime=true$/);
      await expect(heading(page)).toBeFocused();
      // A new account: no name, no phone, no tax address, no tax profile; the bell says only the next step.
      const bell = page.getByRole('button', { name: /^Notifications: \d+ open$/ });
      await expect(bell).toHaveAccessibleName('Notifications: 1 open');

      await page.getByLabel('First name').fill('Anna');
      await page.getByLabel('Last name').fill('Muster');
      await page.getByLabel('Phone number').fill('079 123 45 67');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(heading(page)).toHaveText('Welcome, Anna');
      await expect(heading(page)).toBeFocused();
      // Name and phone are in: the next step's notice replaces theirs now, not at the bell's next poll 30 s later.
      await expect(bell).toHaveAccessibleName('Notifications: 1 open');
      await bell.click();
      const panel = page.locator(`[id="${await bell.getAttribute('aria-controls')}"]`);
      await expect(panel.getByText(/^Complete your tax profile/)).toBeVisible();
      await expect(panel.getByText('Add your name')).toHaveCount(0);
      await page.keyboard.press('Escape');

      await openFromHeader(page, 'File History');
      await expect(page).toHaveURL(/\/file-history$/);
      await expect(heading(page)).toBeFocused();
      await openFromHeader(page, 'Profile');
      await expect(heading(page)).toBeFocused();
      await expectNoAxeViolations(page);
    });

    test("a toast never covers the page's main button and does not follow to the next page", async ({ page }) => {
      const email = newEmail(`toast-${viewport.width}`);
      const since = await requestCode(page, email);
      const verify = page.getByRole('button', { name: 'Verify' });
      await expectApart(toasts(page).filter({ hasText: 'Code initiated' }), verify);

      await page.getByLabel('Verification code').fill('000000');
      await verify.click();
      await expectApart(toasts(page).filter({ hasText: 'Verification failed' }), verify);
      await expectNoAxeViolations(page);

      await page.getByLabel('Verification code').fill(await waitForCode(email, since));
      await verify.click();
      await expect(page).toHaveURL(/\/profile\?firstTime=true$/);
      // The sign-in's toasts stayed on the sign-in page.
      await expect(toasts(page)).toHaveCount(0);

      await page.getByLabel('First name').fill('Anna');
      await page.getByLabel('Last name').fill('Muster');
      await page.getByLabel('Phone number').fill('079 123 45 67');
      // A reload loses nothing typed (kept for the browser tab until saved).
      await page.reload();
      await expect(page.getByLabel('First name')).toHaveValue('Anna');
      await expect(page.getByLabel('Phone number')).toHaveValue('0791234567');
      await page.getByRole('checkbox').check();
      const save = page.getByRole('button', { name: 'Save and continue' });
      await save.click();
      await expectApart(toasts(page).filter({ hasText: 'Profile completed' }), save);
      await expect(page).toHaveURL(/\/$/);

      await page.getByRole('textbox', { name: 'Your message to our tax experts' }).fill('Der Lohnausweis folgt nächste Woche.');
      const send = page.getByRole('button', { name: 'Send', exact: true });
      await send.click();
      await expectApart(toasts(page).filter({ hasText: 'Message Sent' }), send);

      await openFromHeader(page, 'Profile');
      await page.getByLabel('First name').fill('Annina');
      const update = page.getByRole('button', { name: 'Update' });
      await update.click();
      await expectApart(toasts(page).filter({ hasText: 'Profile updated' }), update);
      await expectNoAxeViolations(page);

      await openFromHeader(page, 'Home');
      await expect(heading(page)).toHaveText('Welcome, Annina');
      await expect(toasts(page)).toHaveCount(0);
    });
  });
}

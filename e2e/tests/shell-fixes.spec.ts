import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { readyForDocuments, uploadFiles } from '../support/documents';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

const PHONE = { width: 390, height: 844 };
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);

/** True when the whole box is inside the window (nothing of it cut off above, below or beside). */
async function fullyInWindow(page: Page, box: Locator): Promise<boolean> {
  const rect = (await box.boundingBox())!;
  const window = page.viewportSize()!;
  return rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= window.width && rect.y + rect.height <= window.height;
}

test.describe('on a phone with a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: PHONE });

  test('the first tap on ☰ after a page load opens the menu and it stays open; it sits in the navigation landmark', async ({ page }) => {
    await signInWithProfile(page, newEmail('menu-tap'));
    for (const path of ['/', '/file-history']) {
      // A fresh load each time: the button is the stand-in until it is first pressed.
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Menu', exact: true }).tap();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      // Still open once the tap's late mouse events and focus changes are over.
      await page.waitForTimeout(500);
      await expect(menu).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.getByRole('menuitem', { name: 'Home' }).tap();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the Move dialog is whole on screen and dims the file list it opens from, its heading unclipped', async ({ page }) => {
    await readyForDocuments(page, 'move-phone');
    const names = ['Kontoauszug-mit-einem-sehr-langen-Dateinamen-2025.pdf', 'Zinsausweis.pdf', 'Depotauszug.pdf', 'Sparkonto.pdf', 'Privatkonto.pdf'];
    await uploadFiles(page, 'Bank Documents', names.map((name) => ({ name, content: pdf(name) })));
    await page.getByRole('button', { name: /Your Files/ }).click();
    const list = page.getByRole('dialog', { name: /^Your files for/ });
    const listBox = (await list.boundingBox())!;
    await list.getByRole('button', { name: /^Move Kontoauszug/ }).click();
    const move = page.getByRole('dialog', { name: /^Move Kontoauszug/ });
    await expect(move).toBeVisible();
    expect(await fullyInWindow(page, move)).toBe(true);
    const moveBox = (await move.boundingBox())!;
    // The heading is not covered: the topmost element at its centre is the heading itself.
    const topmost = (x: number, y: number) =>
      page.evaluate(({ x, y }) => {
        const element = document.elementFromPoint(x, y);
        return { heading: element?.closest('h2')?.textContent ?? null, inDialog: element?.closest('[role=dialog]')?.getAttribute('aria-labelledby') ?? null };
      }, { x, y });
    const headingBox = (await move.getByRole('heading').boundingBox())!;
    expect((await topmost(headingBox.x + headingBox.width / 2, headingBox.y + headingBox.height / 2)).heading).toMatch(/^Move Kontoauszug/);
    // Above the Move dialog the file list is there, but under the Move dialog's dimming, not beside it.
    expect(listBox.y).toBeLessThan(moveBox.y);
    expect((await topmost(listBox.x + listBox.width / 2, listBox.y + 5)).inDialog).toBeNull();
    // Only the Move dialog is open to assistive technology and the keys.
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await move.getByLabel('Category').selectOption({ label: 'Insurance Certificates' });
    await move.getByRole('button', { name: 'Move file' }).tap();
    await expect(page.getByText('File moved to Insurance Certificates').first()).toBeVisible();
  });
});

test('a failed upload says so with Retry and Dismiss, its list is reachable by keyboard and passes axe (390 px)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await readyForDocuments(page, 'failed-row');
  await page.route('**/api/files/upload', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Upload files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Document Category' });
  // Continue without a category: said at the list, and the dialog stays.
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a document category');
  await dialog.getByRole('radio', { name: 'Bank Documents' }).check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await (await chooser).setFiles({ name: 'UBS.pdf', mimeType: 'application/pdf', buffer: pdf('ubs') });
  const rows = page.getByRole('region', { name: 'Uploads' });
  await expect(rows.getByText(/^failed – /)).toBeVisible();
  await expect(rows).not.toContainText('%');
  await expect(rows.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoAxeViolations(page);
  await rows.focus();
  await expect(rows).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rows.getByRole('button', { name: 'Retry' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rows.getByRole('button', { name: 'Dismiss UBS.pdf' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { apiAsUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { YEAR } from '../support/documents';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';
import { wizardFinalSubmit } from '../../apps/server/src/test/tax-profile-fixture';

/** Nothing wider than the viewport: no horizontal scrolling. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

// The name's line also carries a hidden state (" – missing"): the item is found by its text.
const item = (page: Page, name: string) => page.getByRole('region', { name: 'Required documents' }).getByRole('listitem').filter({ hasText: name });

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the personal checklist at ${width} px: reasons, "not applicable" with its reason, undo (D19)`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await signInWithProfile(page, newEmail(`checklist-${width}`));
    // The wizard's final submit: married, employed, one child of 7, investments, Pillar 3a.
    await apiAsUser(page, 'PUT', '/api/user/profile', wizardFinalSubmit(YEAR));
    await page.goto('/');

    const checklist = page.getByRole('region', { name: 'Required documents' });
    await expect(checklist.getByText('0% complete')).toBeVisible();
    await expect(item(page, 'Spouse: salary statement').getByText('Because you told us you are married.')).toBeVisible();
    await expect(item(page, 'Children: birth certificate').getByText('Because you told us you have one child.')).toBeVisible();
    await expect(item(page, 'Pillar 3a certificate').getByText('Because you told us you pay into Pillar 3a.')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // The dialog: a reason is required, said at the field.
    await page.getByRole('button', { name: 'Mark Spouse: bank documents as not applicable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Spouse: bank documents: not applicable' });
    await dialog.getByRole('button', { name: 'Mark as not applicable' }).click();
    const reason = dialog.getByRole('textbox', { name: 'Why does this not apply to you?' });
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Please fill in this field.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`dialog-${width}.png`) });

    await reason.fill('We have one joint account.');
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Mark as not applicable' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(item(page, 'Spouse: bank documents').getByText('Not applicable: We have one joint account.')).toBeVisible();
    await expect(checklist.getByText('8% complete')).toBeVisible();
    const undo = page.getByRole('button', { name: 'Undo "not applicable" for Spouse: bank documents' });
    await expect(undo).toBeFocused();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`marked-${width}.png`), fullPage: true });

    // Reloaded, the mark is still there; the keyboard undoes it.
    await page.reload();
    await expect(item(page, 'Spouse: bank documents').getByText('Not applicable: We have one joint account.')).toBeVisible();
    // Once the page's reads have all come in (a refetch may draw the list anew and drop the focus).
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Undo "not applicable" for Spouse: bank documents' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Mark Spouse: bank documents as not applicable' })).toBeFocused();
    await expect(checklist.getByText('0% complete')).toBeVisible();
  });
}

import { expectNoAxeViolations } from '../support/axe';
import { adminSetsStatus, apiAsUser } from '../support/api';
import { uploadFiles, YEAR } from '../support/documents';
import { waitForCode } from '../support/mailbox';
import { newEmail, signIn, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);

type Listed = { id: number; name: string; blobUrl: string };

for (const width of [390, 1280]) {
  test(`a person deletes their account with a mailed code and can start afresh (${width} px)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 844 });
    const email = newEmail(`erase-${width}`);
    await signInWithProfile(page, email);
    await adminSetsStatus(page, YEAR, 'documents_pending');
    await page.reload();
    await uploadFiles(page, 'Bank Documents', [{ name: 'Kontoauszug.pdf', content: pdf('konto') }]);
    const [file] = (await apiAsUser(page, 'GET', `/api/files?taxYear=${YEAR}`)) as Listed[];

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Delete my account' });
    await expect(section.getByText('Nothing of your data stays.')).toBeVisible();
    const since = Date.now() - 1000;
    await section.getByRole('button', { name: 'Send me a confirmation code' }).click();
    await expect(section.getByText(`We sent a confirmation code to ${email}.`, { exact: false })).toBeVisible();
    await section.getByLabel('Confirmation code').fill(await waitForCode(email, since));
    await section.getByRole('checkbox', { name: /cannot be undone/ }).check();
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`delete-account-${width}.png`), fullPage: true });
    // The page does not scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await section.getByRole('button', { name: 'Delete my account now' }).click();

    // The login page says it is done; the document's link opens nothing any more.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect((await page.request.get(file!.blobUrl)).status()).toBe(401);

    // The same address signs in to a new, empty account.
    await signIn(page, email);
    await expect(page).toHaveURL(/\/profile\?firstTime=true/);
    expect(await apiAsUser(page, 'GET', `/api/files?taxYear=${YEAR}`)).toEqual([]);
  });
}

test('a deletion code typed survives leaving through the menu, a reload and a second tab', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithProfile(page, newEmail('walk'));
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete my account' });
  await section.getByRole('button', { name: 'Send me a confirmation code' }).click();
  await section.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(section.getByLabel('Confirmation code')).toHaveValue('123456');
  await page.reload();
  await expect(section.getByLabel('Confirmation code')).toHaveValue('123456');
  const second = await page.context().newPage();
  await second.setViewportSize({ width: 1280, height: 900 });
  await second.goto('/profile');
  await expect(second.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my data' })).toBeVisible();
  // A wrong code: a clear message, the code stays.
  await section.getByRole('checkbox', { name: /cannot be undone/ }).check();
  await section.getByRole('button', { name: 'Delete my account now' }).click();
  await expect(section.getByRole('alert')).toContainText('tries left');
  await expect(section.getByLabel('Confirmation code')).toHaveValue('123456');
});

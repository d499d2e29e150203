import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { readyForDocuments, uploadFiles } from '../support/documents';
import { newEmail, signIn, signInWithProfile } from '../support/sign-in';

test.describe('every page is free of axe-core violations', () => {
  test('login: intro, e-mail step and code step', async ({ page }) => {
    await page.goto('/login');
    await expectNoAxeViolations(page);
    // The intro ends by itself after a few seconds: on a busy machine the check above can outlast it.
    const skip = page.getByRole('button', { name: 'Skip intro' });
    if (await skip.isVisible()) await skip.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('E-mail').fill(newEmail('axe'));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const path of ['/cookies', '/data-protection', '/terms-and-conditions', '/no-such-page']) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('first-time profile, home and edit profile', async ({ page }) => {
    await signIn(page, newEmail('axe-profile'));
    await expect(page).toHaveURL(/\/profile\?firstTime=true/);
    await expect(page.getByLabel('First name')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('home and edit profile of a signed-in user', async ({ page }) => {
    await signInWithProfile(page, newEmail('axe-home'));
    await expectNoAxeViolations(page);
    await page.goto('/profile');
    await expect(page.getByLabel('First name')).toHaveValue('Anna');
    await expectNoAxeViolations(page);
  });
});

test('the not-found page answers unknown paths', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  // D19: it says where to go (signed out: the sign-in page), not how the router works.
  await expect(page.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  await expect(page.getByText(/router/i)).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Taxli' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('legal pages are public and honour returnTo', async ({ page }) => {
  await page.goto('/data-protection-policy?returnTo=/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/data-protection-policy/);
});

test('a protected page sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
});

test('the language switch changes the texts and is remembered', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Skip intro' }).click();
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await page.getByRole('combobox', { name: /choose language/i }).selectOption({ label: 'Français' });
  await expect(page.getByRole('button', { name: 'Send code' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a keyboard user keeps their place when switching the tax year (the page is inert while it loads)', async ({ page }) => {
  await signInWithProfile(page, newEmail('axe-year'));
  const loading = page.getByText('Please wait, loading your tax year…');
  // The dashboard first: right after the URL changes it may not be drawn yet, so "no overlay" would
  // pass before its first overlay and the button would be focused while inert (the focus is refused).
  await expect(page.getByRole('heading', { name: /^Tax Status for/ })).toBeVisible();
  await expect(loading).toHaveCount(0);
  const years = page.getByRole('group', { name: 'Tax year' });
  const previousYear = years.getByRole('button').nth(1);
  // Focused once the page takes focus: an inert page (under an overlay) refuses it.
  await expect(async () => {
    await previousYear.focus();
    await expect(previousYear).toBeFocused({ timeout: 200 });
  }).toPass();
  await page.keyboard.press('Enter');
  await expect(previousYear).toHaveAttribute('aria-pressed', 'true');
  await expect(loading).toHaveCount(0);
  await expect(previousYear).toBeFocused();
});

test.describe('on a phone (390 px wide)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dashboard and File History fit the screen without sideways scrolling (WCAG reflow)', async ({ page }) => {
    await signInWithProfile(page, newEmail('phone'));
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect(page.getByText('Please wait, loading your tax year…')).toHaveCount(0);
    expect(await overflow()).toBe(0);
    await page.goto('/file-history');
    await expect(page.getByRole('heading', { name: 'File History', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Category')).toBeVisible();
    expect(await overflow()).toBe(0);
  });

  test('the six status steps keep their words inside their boxes in German on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInWithProfile(page, newEmail('phone-de'));
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'de')); // the app's saved language
    await page.reload();
    const steps = page.getByRole('list', { name: /Schritte Ihrer Steuererklärung/ }).getByRole('listitem');
    await expect(steps).toHaveCount(6);
    const spill = await steps.evaluateAll((items) => items.filter((li) => li.scrollWidth > li.clientWidth).map((li) => li.textContent));
    expect(spill).toEqual([]);
  });

  test('a long file name wraps in its version dialog instead of running off the screen', async ({ page }) => {
    await readyForDocuments(page, 'phone-name');
    const name = 'Lohnausweis_2025_Arbeitgeber_Muster_AG_Zuerich_Kopie_unterschrieben.pdf';
    await uploadFiles(page, 'Salary Statement', [{ name, content: Buffer.from('%PDF-1.4 Lohnausweis') }]);
    await page.getByRole('button', { name: /Your Files/ }).click();
    await page.getByRole('button', { name: `Version history of ${name}` }).click();
    const title = page.getByRole('dialog', { name: `Versions of ${name}` }).getByRole('heading');
    const fits = await title.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
  });
});

import { expect, test } from '../support/test';
import { newEmail, requestCode, signIn, signInWithProfile } from '../support/sign-in';
import { lastSubject } from '../support/mailbox';
import { expectNoAxeViolations } from '../support/axe';

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

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`a wrong code is said in the toast and at the field with the tries left, and what was typed stays (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await requestCode(page, newEmail(`wrong-${viewport.width}`));
    const field = page.getByLabel('Verification code');
    await field.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    const toasts = page.getByRole('region', { name: /\(F8\)$/ });
    await expect(toasts.getByRole('listitem').filter({ hasText: 'Invalid or expired verification code' })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Invalid or expired verification code.*4 tries left, then you need a new code\./);
    await expect(field).toHaveValue('000000');
    await expect(page).toHaveURL(/\/login/);
    await expectNoAxeViolations(page);
    // It stays until the code changes.
    await field.fill('00000');
    await expect(field).not.toHaveAttribute('aria-invalid');
  });
}

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

test('the intro plays on the first visit only, and the logo plays it again (D16); the tab says where one is', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Taxli');
  await page.getByRole('button', { name: 'Skip intro' }).click();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip intro' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Play the intro again' }).click();
  await expect(page.getByRole('button', { name: 'Skip intro' })).toBeVisible();
  await page.goto('/terms-and-conditions');
  await expect(page).toHaveTitle('Terms and Conditions · Taxli');
});

test('the server sends robots.txt, favicon.ico and the pre-compressed scripts', async ({ page, request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('User-agent: *');
  const favicon = await request.get('/favicon.ico');
  expect(favicon.headers()['content-type']).toMatch(/icon/);

  const scripts: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/.*\.js$/.test(response.url())) scripts.push(`${response.headers()['content-encoding'] ?? 'none'} ${response.url()}`);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /Skip intro|Send code/ }).first()).toBeVisible();
  // The entry script is far above 1 KB and Chromium accepts brotli: it comes as the build's .br copy.
  // The last module script the page names is the entry (the bundler's small runtime comes first).
  const entry = await page.locator('script[type="module"]').last().getAttribute('src');
  expect(entry).toMatch(/^\/assets\/.+\.js$/);
  expect(scripts.filter((s) => s.endsWith(entry ?? '-'))).toEqual([expect.stringMatching(/^br /)]);
});

test('the logo shows before the code has loaded, and React replaces it', async ({ browser, page }) => {
  // Without JavaScript the page still paints the boot splash: what a slow phone shows at first.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/login');
  await expect(bare.getByRole('img', { name: 'Taxli' })).toBeVisible();
  await noScript.close();

  await page.goto('/login');
  await expect(page.getByRole('button', { name: /Skip intro|Send code/ }).first()).toBeVisible();
  await expect(page.locator('.boot-splash')).toHaveCount(0);
});

test('the sign-in page and the dashboard break no rule of the content security policy', async ({ page }) => {
  const violations: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await cdp.send('Audits.enable');
  await signInWithProfile(page, newEmail('csp'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Anna');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
});

test('a message typed when the session runs out is there again once the same person signs in, and never for another account', async ({ page, context }) => {
  const email = newEmail('expiry');
  await signInWithProfile(page, email);
  const box = page.getByRole('textbox', { name: 'Your message to our tax experts' });
  await box.fill('Der Lohnausweis folgt nächste Woche.');

  // The session ends on the server's side; Send finds out.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Session Expired')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(box).toHaveValue('Der Lohnausweis folgt nächste Woche.');

  // The session ends again, and someone else signs in on this tab: the text is not theirs.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithProfile(page, newEmail('expiry-other'));
  await expect(box).toHaveValue('');
});

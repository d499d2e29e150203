import type { Page } from '@playwright/test';
import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

/** The script files a full load of `path` asks for, by name without their hash, until `shown` is visible. */
async function scriptsOf(page: Page, path: string, shown: () => Promise<void>): Promise<string[]> {
  const names: string[] = [];
  const record = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''));
  };
  page.on('request', record);
  await page.goto(path);
  await shown();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return names;
}

// docs/performance.md: the dashboard's own code comes in its own files (apps/web/first-pages-chunks.ts),
// which a phone opening another signed-in page first (here Advanced Tax Information) does not load.
test('a signed-in page opened first loads none of the dashboard’s own code; the dashboard does', async ({ page }) => {
  await signInWithProfile(page, newEmail('page-chunks'));
  const dashboardOwn = ['dashboard', 'home-page', 'review-inbox'];

  const advanced = await scriptsOf(page, '/advanced-tax-info', () => expect(page.getByRole('tablist')).toBeVisible());
  expect(advanced).toContain('advanced-tax-info-page');
  expect(advanced).toContain('signed-in');
  // Its data was asked at start from the small file made for that (app/session/page-data.ts).
  expect(advanced).toContain('page-data');
  expect(advanced.filter((name) => dashboardOwn.includes(name))).toEqual([]);

  const dashboard = await scriptsOf(page, '/', () => expect(page.getByRole('heading', { name: /Tax status/i })).toBeVisible());
  expect(dashboard).toEqual(expect.arrayContaining([...dashboardOwn, 'signed-in']));
});

import { newEmail, signInWithProfile } from '../support/sign-in';
import { expect, test } from '../support/test';

test('Taxli is installable: a manifest with its icons, and a service worker from the site root that keeps no cache', async ({ page }) => {
  await signInWithProfile(page, newEmail('install'));

  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '', caches: await caches.keys() };
  });
  expect(new URL(worker.scope).pathname).toBe('/');
  expect(new URL(worker.script).pathname).toBe('/sw.js');
  // Documents and personal data are never copied into the browser's cache storage.
  expect(worker.caches).toEqual([]);

  const manifestPath = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestPath ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Taxli', start_url: '/', display: 'standalone' });
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const answer = await page.request.get(icon.src);
    expect(answer.ok(), icon.src).toBe(true);
    expect(answer.headers()['content-type']).toContain(icon.type);
  }

  // Headless Chromium offers no installation: after the 1 s check the dashboard says so.
  await page.getByRole('button', { name: 'Install app' }).click();
  await expect(page.getByText('Installation not available', { exact: true })).toBeVisible();
});

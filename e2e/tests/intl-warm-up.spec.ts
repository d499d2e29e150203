import { readyForDocuments } from '../support/documents';
import { expect, test } from '../support/test';

// docs/performance.md, "Number formats off the main thread": a signed-in page starts a worker that
// prepares number and date formats, so the dashboard's first file size does not hold a phone's main
// thread. The page must allow it (Content-Security-Policy, worker-src), it must end by itself, and
// the sizes must read as before.
test('a signed-in start prepares number formats in a worker the page allows, which ends by itself; the storage line reads in sizes', async ({ page }) => {
  let started = 0;
  let ended = 0;
  page.on('worker', (worker) => {
    if (!/\/assets\/intl-warm-up\.worker-[\w-]+\.js$/.test(worker.url())) return;
    started++;
    worker.once('close', () => ended++);
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));

  await readyForDocuments(page, 'intl-warm-up');
  await expect(page.getByText(/^0\sB of \d+\s(MB|GB) used$/)).toBeVisible();

  // Signing in, the first-time profile and the reload are three signed-in starts; each page load
  // starts one worker.
  await expect.poll(() => started).toBeGreaterThanOrEqual(1);
  await expect.poll(() => ended).toBe(started);
  expect(problems).toEqual([]);
});

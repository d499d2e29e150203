// Measures the JavaScript that /login loads first: opens /login in Debian's Chromium against the
// built server, records every script response until the network is idle, and sums their gzip sizes.
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';

export async function measureLoginBundle(origin) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script') return;
      try {
        scripts.set(response.url(), await response.body());
      } catch {
        // a response without a body (e.g. redirect) does not count
      }
    });
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    const files = [...scripts].map(([url, body]) => ({
      file: new URL(url).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    }));
    return { files, totalGzip: files.reduce((sum, f) => sum + f.gzip, 0), totalRaw: files.reduce((s, f) => s + f.raw, 0) };
  } finally {
    await browser.close();
  }
}

/** Serves the built app (API + web) on a free loopback port and measures its /login. */
export async function measureLoginBundleOfBuiltApp() {
  const { buildBenchApp } = await import('./bench-app.mjs');
  const { app, close } = await buildBenchApp({ withWeb: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await measureLoginBundle(`http://localhost:${app.server.address().port}`);
  } finally {
    await close();
  }
}

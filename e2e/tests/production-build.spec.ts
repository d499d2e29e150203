import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// Issue 16, item 7: the production build ships no source maps, so the served scripts point nowhere
// and the original sources (with their comments) are not one request away. No browser needed.
const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const builtFiles = () => readdirSync(dist, { recursive: true, encoding: 'utf8' });

test('the built web app holds no .map file and no sourceMappingURL comment in any script or style', () => {
  const files = builtFiles();
  expect(files.filter((name) => name.endsWith('.js')).length).toBeGreaterThan(0);
  expect(files.filter((name) => /\.map(\.br|\.gz)?$/.test(name))).toEqual([]);
  const pointing = files.filter((name) => /\.(js|mjs|css)$/.test(name) && readFileSync(join(dist, name), 'utf8').includes('sourceMappingURL'));
  expect(pointing).toEqual([]);
});

test('the scripts the server serves for the start page name no source map, and asking for one is a 404', async ({ request }) => {
  const html = await (await request.get('/login')).text();
  const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const path of scripts) {
    const answer = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['sourcemap']).toBeUndefined();
    expect(answer.headers()['x-sourcemap']).toBeUndefined();
    expect(await answer.text()).not.toContain('sourceMappingURL');
    expect((await request.get(`${path}.map`)).status()).toBe(404);
  }
});

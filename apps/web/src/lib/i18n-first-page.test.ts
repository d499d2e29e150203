import i18next from 'i18next';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from './i18n';

// Its own file: i18next must not have started yet, as when the router asks for the first page.
afterEach(() => vi.unstubAllGlobals());

it('loads the texts a page asks for before i18next starts together with the shell’s, before the first paint', async () => {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(await readFile(join(process.cwd(), url)), { headers: { 'content-type': 'application/json' } });
  });
  let pageTextsLoaded = false;
  const pageTexts = loadNamespaces(['dashboard', 'categories']).then(() => (pageTextsLoaded = true));
  expect(fetched).toEqual([]);

  await initI18n(window.localStorage);
  await pageTexts;
  expect(pageTextsLoaded).toBe(true);
  expect(i18next.hasResourceBundle('en', 'dashboard')).toBe(true);
  expect(i18next.hasResourceBundle('en', 'categories')).toBe(true);
  expect(fetched.map((url) => url.split('/').slice(-2).join('/')).sort()).toEqual(['en/categories.json', 'en/common.json', 'en/dashboard.json', 'en/errors.json']);
});

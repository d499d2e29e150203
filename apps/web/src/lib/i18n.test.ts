import i18next from 'i18next';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, LANGUAGE_STORAGE_KEY, startupLanguage } from './i18n';

// Tests run from the repository root (vitest.config.ts), where the locale URLs point.
const repoRoot = process.cwd();

/** Serves the locale files as the built app's server would, and records what was asked for. */
function serveLocaleFiles(): string[] {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(await readFile(join(repoRoot, url)), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return fetched;
}

describe('language rules (part 1 §4)', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
    vi.unstubAllGlobals();
  });

  it('clears every i18next* key and every key containing "lang" on start, and keeps the others', () => {
    const storage = window.localStorage;
    storage.setItem('i18nextLng', 'fr');
    storage.setItem('i18next_cache', 'x');
    storage.setItem('preferredLanguage', 'de');
    storage.setItem('ui-lang', 'it');
    storage.setItem('taxli.lastEmail', 'anna@example.ch');

    expect(startupLanguage(storage)).toBe('fr');
    expect(storage.getItem('i18next_cache')).toBeNull();
    expect(storage.getItem('preferredLanguage')).toBeNull();
    expect(storage.getItem('ui-lang')).toBeNull();
    expect(storage.getItem('taxli.lastEmail')).toBe('anna@example.ch');
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it.each([null, 'zh', 'es', 'klingon'])('falls back to English and stores it when the saved language is %j', (saved) => {
    const storage = window.localStorage;
    if (saved) storage.setItem(LANGUAGE_STORAGE_KEY, saved);
    expect(startupLanguage(storage)).toBe('en');
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('reapplies an active saved language at start, loading only its texts', async () => {
    const fetched = serveLocaleFiles();
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'gsw');
    await initI18n(window.localStorage);
    expect(fetched.every((url) => url.includes('/gsw/') || url.includes('/en/'))).toBe(true);
    expect(fetched.some((url) => url.endsWith('/gsw/profile.json'))).toBe(false);
    expect(i18next.language).toBe('gsw');
    expect(document.documentElement.lang).toBe('de-CH');
    expect(i18next.t('common:actions.logout')).toBe('Abmälde');
    expect(i18next.hasResourceBundle('fr', 'common')).toBe(false);
  });

  it('changes only to active languages, loads their texts and remembers the choice', async () => {
    serveLocaleFiles();
    await initI18n(window.localStorage);
    expect(changeLanguage('ja')).toBe(false);
    expect(changeLanguage('it')).toBe(true);
    await vi.waitFor(() => expect(i18next.language).toBe('it'));
    expect(i18next.hasResourceBundle('it', 'common')).toBe(true);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('it');
    expect(document.documentElement.lang).toBe('it');
  });
});

import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, LANGUAGE_STORAGE_KEY, startupLanguage } from './i18n';

describe('language rules (part 1 §4)', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
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
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'gsw');
    await initI18n(window.localStorage);
    expect(i18next.language).toBe('gsw');
    expect(document.documentElement.lang).toBe('de-CH');
    expect(i18next.t('common:actions.logout')).toBe('Abmälde');
    expect(i18next.hasResourceBundle('fr', 'common')).toBe(false);
  });

  it('changes only to active languages, loads their texts and remembers the choice', async () => {
    await initI18n(window.localStorage);
    expect(changeLanguage('ja')).toBe(false);
    expect(changeLanguage('it')).toBe(true);
    await vi.waitFor(() => expect(i18next.language).toBe('it'));
    expect(i18next.hasResourceBundle('it', 'login')).toBe(true);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('it');
    expect(document.documentElement.lang).toBe('it');
  });
});

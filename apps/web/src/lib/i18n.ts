import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Namespace, resources as AllResources } from '@taxli/i18n';
import { lazyLocales } from './locale-loader';
import { DEFAULT_LANGUAGE, isActiveLanguage, type ActiveLanguage } from '@taxli/domain';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * Language rules (part 1 §4 Other): no automatic detection. On start, every stored key that starts
 * with "i18next" or contains "lang" is cleared; the saved language is reapplied if it is active,
 * otherwise English is set and stored.
 */
export function startupLanguage(storage: Storage): ActiveLanguage {
  const saved = storage.getItem(LANGUAGE_STORAGE_KEY);
  for (const key of Object.keys(storage)) {
    if (key.startsWith('i18next') || key.toLowerCase().includes('lang')) storage.removeItem(key);
  }
  const language = isActiveLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  storage.setItem(LANGUAGE_STORAGE_KEY, language);
  return language;
}

/**
 * Texts every page may need, loaded before the first paint. A page's own namespaces load with its
 * code (see app/router.tsx), so the login page does not fetch the dashboard's texts.
 */
const SHELL_NAMESPACES: Namespace[] = ['common', 'errors'];

/**
 * Namespaces asked for before i18next starts. main.tsx creates the router, which starts loading the
 * first page (its code and its texts), before it starts i18next, which would drop the request; they
 * are kept here and fetched with the shell's, in parallel, by initI18n.
 */
const askedBeforeStart = new Set<Namespace>();
let markStarted: () => void = () => {};
const started = new Promise<void>((resolve) => (markStarted = resolve));

/** Loads namespaces of the current language (no-op when they are there, e.g. in tests). */
export function loadNamespaces(namespaces: Namespace[]): Promise<void> {
  if (!i18next.isInitializing && !i18next.isInitialized) {
    for (const namespace of namespaces) askedBeforeStart.add(namespace);
    return started;
  }
  return i18next.loadNamespaces(namespaces);
}

/**
 * Starts i18next in the saved language. The app loads that language's texts lazily (resolves once
 * they are there); tests pass every language's `resources` and start synchronously.
 */
export function initI18n(
  storage: Storage = window.localStorage,
  resources?: typeof AllResources,
): Promise<unknown> {
  const lng = startupLanguage(storage);
  if (!resources) i18next.use(lazyLocales);
  const ready = i18next.use(initReactI18next).init({
    ...(resources ? { resources } : { ns: [...SHELL_NAMESPACES, ...askedBeforeStart] }),
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng === 'gsw' ? 'de-CH' : lng;
  void ready.then(markStarted);
  return ready;
}

/** Only active languages can be chosen; an inactive code is ignored. */
export function changeLanguage(code: string, storage: Storage = window.localStorage): boolean {
  if (!isActiveLanguage(code)) return false;
  storage.setItem(LANGUAGE_STORAGE_KEY, code);
  void i18next.changeLanguage(code);
  document.documentElement.lang = code === 'gsw' ? 'de-CH' : code;
  return true;
}

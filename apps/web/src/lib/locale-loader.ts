import resourcesToBackend from 'i18next-resources-to-backend';

// One chunk per language and namespace: the browser fetches only the language in use, so the
// login page's first JavaScript does not carry four languages nobody reads (150 KB budget).
const localeFiles = import.meta.glob<Record<string, unknown>>('../../../../packages/i18n/src/locales/*/*.json', {
  import: 'default',
});

export const lazyLocales = resourcesToBackend(async (language: string, namespace: string) => {
  const load = localeFiles[`../../../../packages/i18n/src/locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No texts for ${language}/${namespace}`);
  return load();
});

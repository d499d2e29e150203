import resourcesToBackend from 'i18next-resources-to-backend';

// Every locale file is emitted as a hashed JSON asset; the browser fetches only the namespaces of
// the language in use, as data rather than JavaScript (cheaper to parse, and outside the login
// page's 150 KB JavaScript budget). Hashed names let the server cache them for good.
// Keys relative to the locales folder ('./de/admin.json'): shorter in the first page's script.
// Not the e-mails' texts: only the server sends mail.
const localeUrls = import.meta.glob<string>(['./*/*.json', '!./*/mail.json'], {
  base: '../../../../packages/i18n/src/locales',
  query: '?url',
  import: 'default',
  eager: true,
});

export function localeUrl(language: string, namespace: string): string | undefined {
  return localeUrls[`./${language}/${namespace}.json`];
}

export const lazyLocales = resourcesToBackend(async (language: string, namespace: string) => {
  const url = localeUrl(language, namespace);
  if (!url) throw new Error(`No texts for ${language}/${namespace}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Texts for ${language}/${namespace} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
});

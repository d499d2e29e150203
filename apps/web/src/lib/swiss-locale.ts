/**
 * The locale for dates and numbers: the interface language as spoken in Switzerland, so an English
 * interface writes 23.11.2026 as the Swiss do, not 11/23/2026; Swiss German uses de-CH.
 */
export function swissLocale(language: string): string {
  return language === 'gsw' ? 'de-CH' : `${language}-CH`;
}

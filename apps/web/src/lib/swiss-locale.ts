/**
 * The locale for dates and numbers: the interface language as spoken in Switzerland, so an English
 * interface writes 23.11.2026 as the Swiss do, not 11/23/2026; Swiss German uses de-CH.
 */
export function swissLocale(language: string): string {
  return language === 'gsw' ? 'de-CH' : `${language}-CH`;
}

const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * A day written out ("25. November 2026", "25 novembre 2026") in the interface language as in
 * Switzerland. One format per language, kept: building one costs a phone tens of milliseconds.
 */
export function formatLongDate(date: Date, language: string): string {
  const locale = swissLocale(language);
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
    longDates.set(locale, format);
  }
  return format.format(date);
}

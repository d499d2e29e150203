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

const numericFormats = new Map<string, Intl.DateTimeFormat>();

function numericFormat(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${swissLocale(language)}|${withTime}`;
  let format = numericFormats.get(key);
  if (!format) {
    const day = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    format = new Intl.DateTimeFormat(swissLocale(language), withTime ? { ...day, hour: '2-digit', minute: '2-digit' } : day);
    numericFormats.set(key, format);
  }
  return format;
}

/** A moment as the Swiss write it in a list: "23.11.2026" (day only) or "23.11.2026, 08:05", in local time. */
export function formatSwissDate(iso: string, language: string, { withTime = false } = {}): string {
  return numericFormat(language, withTime).format(new Date(iso));
}

/** A calendar day stored as YYYY-MM-DD ("2026-11-23" → "23.11.2026"), read as that day wherever the browser is. */
export function formatSwissDay(isoDay: string, language: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  if (!year || !month || !day) return isoDay;
  return numericFormat(language, false).format(new Date(year, month - 1, day));
}

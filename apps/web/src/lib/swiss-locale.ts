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

const cache = new Map<string, Intl.DateTimeFormat>();
function cachedFormat(locale: string, kind: 'day' | 'moment'): Intl.DateTimeFormat {
  const key = `${locale}/${kind}`;
  let format = cache.get(key);
  if (!format) {
    format =
      kind === 'day'
        ? new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
        : new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    cache.set(key, format);
  }
  return format;
}

/**
 * A day written as the Swiss do, 12.03.2026, in every interface language. A calendar day the server
 * sends as YYYY-MM-DD (a filing date) is that very day where the person is (`new Date('2026-03-12')`
 * would be midnight UTC, the day before west of Greenwich); a moment (ISO with a time) is the day
 * it fell on in the person's time zone.
 */
export function formatSwissDay(value: string, language: string): string {
  const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = calendarDay ? new Date(Number(calendarDay[1]), Number(calendarDay[2]) - 1, Number(calendarDay[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : cachedFormat(swissLocale(language), 'day').format(date);
}

/** A moment (a message's time) as 12.03.2026, 14:05, in the person's time zone. */
export function formatSwissMoment(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : cachedFormat(swissLocale(language), 'moment').format(date);
}

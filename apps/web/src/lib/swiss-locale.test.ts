import { expect, it } from 'vitest';
import { formatLongDate, formatSwissDay, formatSwissMoment } from './swiss-locale';

it('writes a day out in each interface language as in Switzerland (Swiss German as de-CH)', () => {
  const day = new Date(2026, 0, 1);
  expect(['en', 'de', 'fr', 'it', 'gsw'].map((language) => formatLongDate(day, language))).toEqual([
    '1 January 2026',
    '1. Januar 2026',
    '1 janvier 2026',
    '1 gennaio 2026',
    '1. Januar 2026',
  ]);
});

it('writes a filing date (YYYY-MM-DD) as 12.03.2026 in every interface language, on that very day', () => {
  expect(['en', 'de', 'fr', 'it', 'gsw'].map((language) => formatSwissDay('2026-03-12', language))).toEqual(Array(5).fill('12.03.2026'));
  expect(formatSwissDay('not a day', 'en')).toBe('not a day');
});

it('writes a moment with its time, in the Swiss way', () => {
  const moment = new Date(2026, 2, 12, 14, 5).toISOString();
  expect(formatSwissMoment(moment, 'de')).toBe('12.03.2026, 14:05');
  expect(formatSwissMoment(moment, 'fr')).toMatch(/^12\.03\.2026.*14:05$/);
});

it('writes the day a moment fell on where the person is', () => {
  expect(formatSwissDay(new Date(2026, 2, 12, 23, 30).toISOString(), 'it')).toBe('12.03.2026');
});

import { expect, it } from 'vitest';
import { formatLongDate, formatSwissDate, formatSwissDay } from './swiss-locale';

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

it('writes a day in a list as the Swiss do, 23.11.2026, in every interface language (not 11/23/2026)', () => {
  const languages = ['en', 'de', 'fr', 'it', 'gsw'];
  expect(languages.map((language) => formatSwissDay('2026-11-23', language))).toEqual(Array(5).fill('23.11.2026'));
  const moment = new Date(2026, 10, 23, 8, 5).toISOString();
  expect(formatSwissDate(moment, 'de')).toBe('23.11.2026');
  expect(formatSwissDate(moment, 'de', { withTime: true })).toBe('23.11.2026, 08:05');
});

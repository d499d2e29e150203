import { expect, it } from 'vitest';
import { formatLongDate } from './swiss-locale';

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

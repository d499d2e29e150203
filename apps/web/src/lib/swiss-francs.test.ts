import { describe, expect, it } from 'vitest';
import { formatSwissFrancs } from './swiss-francs';

/** How Intl writes an amount a Number holds exactly: the separators differ between ICU versions, so they are not spelt out here. */
const intl = (locale: string, value: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' }).format(value);

describe('formatSwissFrancs', () => {
  it.each([
    ['en', 'en-CH', '68000.00', 68000],
    ['de', 'de-CH', '68000.00', 68000],
    ['gsw', 'de-CH', '1234567.5', 1234567.5],
    ['it', 'it-CH', '0.05', 0.05],
    ['fr', 'fr-CH', '68000.00', 68000],
    ['en', 'en-CH', '-1500.25', -1500.25],
  ])('(%s) writes %s as Intl writes Swiss francs in %s', (language, locale, amount, value) => {
    expect(formatSwissFrancs(amount, language)).toBe(intl(locale, value));
  });

  it('puts the currency where the language puts it', () => {
    expect(formatSwissFrancs('68000.00', 'de')).toMatch(/^CHF\s68\D000\.00$/);
    expect(formatSwissFrancs('68000.00', 'fr')).toMatch(/^68\D000[.,]00\sCHF$/);
  });

  it('keeps every digit of an amount a float would change', () => {
    // 2^53 + 1 francs and a fraction of three digits: a Number would round both.
    const written = formatSwissFrancs('9007199254740993.125', 'en');
    expect(written.replace(/\D/g, '')).toBe('9007199254740993125');
    expect(written).toMatch(/^CHF\s/);
  });

  it('writes a whole amount with two decimals and minus zero without its minus', () => {
    expect(formatSwissFrancs('250', 'en')).toBe(intl('en-CH', 250));
    expect(formatSwissFrancs('-0.50', 'en')).toBe(intl('en-CH', -0.5));
    expect(formatSwissFrancs('-0.00', 'en')).toBe(intl('en-CH', 0));
  });

  it('shows text that is no amount as it came', () => {
    expect(formatSwissFrancs('n/a', 'en')).toBe('n/a');
    expect(formatSwissFrancs('1e5', 'de')).toBe('1e5');
    expect(formatSwissFrancs('', 'de')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { isDecimalAmount, sumAmounts } from './decimal-amount.js';

describe('sumAmounts', () => {
  it('adds francs and centimes exactly where floats would not', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['68000.00', '12345.65', '0.05'])).toBe('80345.70');
  });

  it('keeps the most precise term’s decimals and at least two', () => {
    expect(sumAmounts(['1', '2.5'])).toBe('3.50');
    expect(sumAmounts(['1.125', '2'])).toBe('3.125');
  });

  it('handles negative amounts and an empty list', () => {
    expect(sumAmounts(['-10.00', '3.25'])).toBe('-6.75');
    expect(sumAmounts(['-0.05'])).toBe('-0.05');
    expect(sumAmounts([])).toBe('0.00');
  });

  it('is exact beyond what a double holds', () => {
    expect(sumAmounts(['9007199254740993.01', '1.00'])).toBe('9007199254740994.01');
  });

  it('refuses what is not an amount', () => {
    expect(() => sumAmounts(['12,50'])).toThrow();
    expect(isDecimalAmount('1e5')).toBe(false);
    expect(isDecimalAmount(' 42.10 ')).toBe(true);
  });

  it('reads every lexical form of xs:decimal (".5", "5.", "+7") and refuses a lone point', () => {
    expect(sumAmounts(['.5', '5.', '0005.50'])).toBe('11.00');
    expect(sumAmounts(['+7', '-7'], { minimumDecimals: 0 })).toBe('0');
    expect(() => sumAmounts(['.'])).toThrow();
    expect(isDecimalAmount('.')).toBe(false);
  });

  it('keeps a document’s own precision when asked for no minimum', () => {
    expect(sumAmounts(['7', '8'], { minimumDecimals: 0 })).toBe('15');
    expect(sumAmounts(['366', '0.05', '1.125'], { minimumDecimals: 0 })).toBe('367.175');
    expect(sumAmounts([], { minimumDecimals: 0 })).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import { sumDecimals } from './decimal-sum.js';

describe('sumDecimals', () => {
  it('adds amounts exactly where floats would not (0.1 + 0.2)', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['13.45', '14.52'])).toBe('27.97');
  });

  it('keeps the scale of the most precise amount', () => {
    expect(sumDecimals(['366', '0.05', '1.125'])).toBe('367.175');
    expect(sumDecimals(['0.00', '0.00'])).toBe('0.00');
  });

  it('adds negative amounts and signs the result', () => {
    expect(sumDecimals(['-12.50', '2.25'])).toBe('-10.25');
    expect(sumDecimals(['-0.05', '0.01'])).toBe('-0.04');
    expect(sumDecimals(['+7', '-7'])).toBe('0');
  });

  it('reads every lexical form of xs:decimal (".5", "5.")', () => {
    expect(sumDecimals(['.5', '5.', '0005.50'])).toBe('11.00');
  });

  it('adds amounts beyond a float’s exact range', () => {
    expect(sumDecimals(['90071992547409.93', '0.01'])).toBe('90071992547409.94');
  });

  it('sums nothing to zero', () => {
    expect(sumDecimals([])).toBe('0');
  });

  it('refuses what is not a decimal', () => {
    expect(() => sumDecimals(['1e3'])).toThrow();
    expect(() => sumDecimals(['.'])).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { sumDecimals } from './decimal-sum.js';

describe('sumDecimals', () => {
  it('adds amounts exactly, in the most precise amount\'s decimals', () => {
    expect(sumDecimals(['1200.00', '3240.50'])).toBe('4440.50');
    expect(sumDecimals(['1.5', '2'])).toBe('3.5');
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(sumDecimals(['90071992547409.93', '0.01'])).toBe('90071992547409.94');
    expect(sumDecimals(['-5.25', '2.00'])).toBe('-3.25');
    expect(sumDecimals(['7', '8'])).toBe('15');
  });

  it('returns one amount as written, and nothing for no amounts', () => {
    expect(sumDecimals(['00120.5'])).toBe('00120.5');
    expect(sumDecimals([])).toBeUndefined();
  });
});

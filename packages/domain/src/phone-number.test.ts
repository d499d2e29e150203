import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneE164 } from './phone-number.js';

describe('one stored form of a phone number (issue 28)', () => {
  it('stores a Swiss number however it was typed as the national number: +41 and it make the E.164 number', () => {
    for (const typed of ['0791234567', '079 123 45 67', '+41 79 123 45 67', '0041 79 123 45 67', '41791234567', '791234567', '+41 (0)79 123 45 67']) {
      expect(normalisePhone('+41', typed)).toBe('791234567');
      expect(phoneE164('+41', typed)).toBe('+41791234567');
    }
  });

  it('keeps a Lucerne number that starts with 41 (9 digits, no country code in it)', () => {
    expect(normalisePhone('+41', '041 123 45 67')).toBe('411234567');
    expect(normalisePhone('+41', '411234567')).toBe('411234567');
    expect(phoneE164('+41', '041 123 45 67')).toBe('+41411234567');
  });

  it('drops the trunk 0 where the country dials one, keeps Italy’s 0', () => {
    expect(phoneE164('+49', '030 1234567')).toBe('+49301234567');
    expect(phoneE164('+33', '06 12 34 56 78')).toBe('+33612345678');
    expect(phoneE164('+43', '0664 1234567')).toBe('+436641234567');
    expect(phoneE164('+39', '06 1234 5678')).toBe('+390612345678');
    expect(phoneE164('+39', '+39 06 1234 5678')).toBe('+390612345678');
    expect(phoneE164('+423', '00423 231 23 45')).toBe('+4232312345');
  });

  it('is idempotent, and an empty number stays empty', () => {
    for (const typed of ['0791234567', '0041 79 123 45 67', '030 1234567']) {
      const once = normalisePhone('+41', typed);
      expect(normalisePhone('+41', once)).toBe(once);
    }
    expect(normalisePhone('+41', '')).toBe('');
    expect(phoneE164('+41', '  ')).toBe('');
  });
});

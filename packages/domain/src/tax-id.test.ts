import { describe, expect, it } from 'vitest';
import { CANTON_CODES, findCanton, type CantonCode } from './cantons.js';
import { formatTaxIdInput, isValidTaxId, taxIdFormat } from './tax-id.js';

/** One valid and one invalid value per canton (part 2 §5's table, written out by hand). */
const EXAMPLES: Record<CantonCode, { valid: string; invalid: string }> = {
  AG: { valid: '1234.5678.90', invalid: '123.456.789' },
  AI: { valid: '123.456.78', invalid: '123.456.789' },
  AR: { valid: '123.456.78', invalid: '123-456-78' },
  BL: { valid: '123.456.78', invalid: '12345678' },
  BS: { valid: '123.456.78', invalid: '123.456.7a' },
  GL: { valid: '123.456.78', invalid: '1234.5678.90' },
  NW: { valid: '123.456.78', invalid: '123.456.7' },
  OW: { valid: '123.456.78', invalid: '123.45.678' },
  SH: { valid: '123.456.78', invalid: '123.456.78.9' },
  SZ: { valid: '123.456.78', invalid: '123 456 78' },
  UR: { valid: '123.456.78', invalid: '123.456.789' },
  ZG: { valid: '123.456.78', invalid: '.123.456.78' },
  BE: { valid: '123.456.789', invalid: '123.456.78' },
  GE: { valid: '123.456.789', invalid: '123-456-789' },
  GR: { valid: '123.456.789', invalid: '123456789' },
  LU: { valid: '123.456.789', invalid: '123.456.7890' },
  SG: { valid: '123.456.789', invalid: '1234.5678.90' },
  SO: { valid: '123.456.789', invalid: '123.456.78x' },
  TG: { valid: '123.456.789', invalid: '123..456.789' },
  TI: { valid: '123.456.789', invalid: '123.456.789.' },
  ZH: { valid: '123.456.789', invalid: '123,456,789' },
  FR: { valid: '123-456-789', invalid: '123.456.789' },
  NE: { valid: '123-456-789', invalid: '123-456-78' },
  VD: { valid: '123-456-789', invalid: '123456789' },
  VS: { valid: '123-456-789', invalid: '123-456-7890' },
  JU: { valid: '123-456-78', invalid: '123.456.78' },
};

describe('tax ID (TIN) per canton', () => {
  it.each(CANTON_CODES.map((code) => [code] as const))('%s accepts its own shape and refuses another', (code) => {
    expect(isValidTaxId(code, EXAMPLES[code].valid)).toBe(true);
    expect(isValidTaxId(code, EXAMPLES[code].invalid)).toBe(false);
  });

  it('refuses blank values and unknown cantons, and ignores surrounding spaces', () => {
    expect(isValidTaxId('ZH', '')).toBe(false);
    expect(isValidTaxId('ZH', '   ')).toBe(false);
    expect(isValidTaxId('XX', '123.456.789')).toBe(false);
    expect(isValidTaxId('ZH', ' 123.456.789 ')).toBe(true);
  });

  it('names the shape for messages', () => {
    expect(taxIdFormat('AG')).toBe('XXXX.XXXX.XX');
    expect(taxIdFormat('JU')).toBe('XXX-XXX-XX');
    expect(taxIdFormat('ZG')).toBe('XXX.XXX.XX');
    expect(taxIdFormat('XX')).toBeUndefined();
  });

  it("offers a placeholder in the canton's shape", () => {
    expect(findCanton('ZH')?.tin.placeholder).toBe('123.456.789');
    expect(findCanton('AG')?.tin.placeholder).toBe('1234.5678.90');
    expect(findCanton('JU')?.tin.placeholder).toBe('123-456-78');
    for (const code of CANTON_CODES) expect(isValidTaxId(code, findCanton(code)!.tin.placeholder)).toBe(true);
  });

  it('formats while the user types', () => {
    expect(formatTaxIdInput('ZH', '')).toBe('');
    expect(formatTaxIdInput('ZH', '12')).toBe('12');
    expect(formatTaxIdInput('ZH', '123')).toBe('123');
    expect(formatTaxIdInput('ZH', '1234')).toBe('123.4');
    expect(formatTaxIdInput('ZH', '123456')).toBe('123.456');
    expect(formatTaxIdInput('ZH', '1234567890123')).toBe('123.456.789');
    expect(formatTaxIdInput('AG', '1234567890')).toBe('1234.5678.90');
    expect(formatTaxIdInput('VD', '123 45a6-7')).toBe('123-456-7');
    expect(formatTaxIdInput('JU', '123.456.789')).toBe('123-456-78');
    expect(formatTaxIdInput('XX', '12.3')).toBe('123');
  });

  it('formats any digits into a value the canton accepts once all digits are there', () => {
    for (const code of CANTON_CODES) {
      expect(isValidTaxId(code, formatTaxIdInput(code, '98765432109876'))).toBe(true);
      expect(isValidTaxId(code, formatTaxIdInput(code, '9876543'))).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAhvInput, isValidAhvNumber, maskAhvNumber, maskAhvNumbersIn, normalizeAhvNumber } from './ahv.js';

/** The EAN-13 check digit computed the other way round: weight 3 on the rightmost data digit. */
function checkDigitFromTheRight(twelve: string): string {
  const sum = [...twelve].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

function dotted(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 7)}.${digits.slice(7, 11)}.${digits.slice(11)}`;
}

const validDigits = fc
  .stringMatching(/^\d{9}$/)
  .map((nine) => `756${nine}`)
  .map((twelve) => twelve + checkDigitFromTheRight(twelve));

describe('AHV number (D12)', () => {
  it('accepts real-form numbers with and without dots', () => {
    // The example number of the Federal Social Insurance Office.
    expect(isValidAhvNumber('756.9217.0769.85')).toBe(true);
    expect(isValidAhvNumber('7569217076985')).toBe(true);
    expect(isValidAhvNumber(' 756.9217.0769.85 ')).toBe(true);
    const twelve = '756123456789';
    expect(isValidAhvNumber(dotted(twelve + checkDigitFromTheRight(twelve)))).toBe(true);
  });

  it('refuses a wrong check digit, prefix, length or dot placement', () => {
    expect(isValidAhvNumber('756.9217.0769.84')).toBe(false);
    const twelve = '757123456789';
    expect(isValidAhvNumber(twelve + checkDigitFromTheRight(twelve))).toBe(false);
    expect(isValidAhvNumber('756.9217.0769.8')).toBe(false);
    expect(isValidAhvNumber('756.9217.0769.855')).toBe(false);
    expect(isValidAhvNumber('75692170769855')).toBe(false);
    expect(isValidAhvNumber('7569.217.0769.85')).toBe(false);
    expect(isValidAhvNumber('756 9217 0769 85')).toBe(false);
    expect(isValidAhvNumber('')).toBe(false);
  });

  it('accepts every number with the right check digit', () => {
    fc.assert(fc.property(validDigits, (digits) => isValidAhvNumber(digits) && isValidAhvNumber(dotted(digits))));
  });

  it('refuses a valid number with any one digit changed', () => {
    fc.assert(
      fc.property(validDigits, fc.nat(12), fc.integer({ min: 1, max: 9 }), (digits, at, delta) => {
        const changed = String((Number(digits[at]) + delta) % 10);
        const mutated = digits.slice(0, at) + changed + digits.slice(at + 1);
        expect(isValidAhvNumber(mutated)).toBe(false);
        expect(isValidAhvNumber(dotted(mutated))).toBe(false);
      }),
    );
  });

  it('formats while typing', () => {
    expect(formatAhvInput('')).toBe('');
    expect(formatAhvInput('756')).toBe('756');
    expect(formatAhvInput('7569')).toBe('756.9');
    expect(formatAhvInput('75692170')).toBe('756.9217.0');
    expect(formatAhvInput('756 9217 0769 85 12')).toBe('756.9217.0769.85');
  });

  it('normalises valid numbers to the dotted form and refuses the rest', () => {
    expect(normalizeAhvNumber('7569217076985')).toBe('756.9217.0769.85');
    expect(normalizeAhvNumber('756.9217.0769.85')).toBe('756.9217.0769.85');
    expect(normalizeAhvNumber('7569217076984')).toBeNull();
  });

  it('masks all but the prefix and the last two digits', () => {
    expect(maskAhvNumber('756.9217.0769.85')).toBe('756.****.****.85');
    expect(maskAhvNumber('7569217076985')).toBe('756.****.****.85');
    expect(maskAhvNumber('756.9217.0769')).toBe('***.****.****.**');
    expect(maskAhvNumber('')).toBe('***.****.****.**');
  });

  it('masks every AHV number in free text, however it is written, and leaves other digits alone', () => {
    expect(maskAhvNumbersIn('Lohnausweis 756.9217.0769.85.pdf')).toBe('Lohnausweis 756.****.****.85.pdf');
    expect(maskAhvNumbersIn('AHV 7569217076985 und 756 1234 5678 97_Rente-756-1111-2222-33.pdf')).toBe(
      'AHV 756.****.****.85 und 756.****.****.97_Rente-756.****.****.33.pdf',
    );
    // Not an AHV number: too few or too many digits, another prefix, dates and invoice numbers.
    for (const text of ['756.1234.5678.9.pdf', '17569217076985.pdf', '756921707698501.pdf', 'Rechnung 2025-03-31 Nr. 123456.pdf', '755.9217.0769.85']) {
      expect(maskAhvNumbersIn(text)).toBe(text);
    }
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), fc.constantFrom('', '.', ' ', '-', '_'), (digits, separator) => {
        const written = `756${separator}${digits.slice(0, 4)}${separator}${digits.slice(4, 8)}${separator}${digits.slice(8)}`;
        const masked = maskAhvNumbersIn(`Ausweis ${written}.pdf`);
        expect(masked).toBe(`Ausweis 756.****.****.${digits.slice(8)}.pdf`);
      }),
    );
  });
});

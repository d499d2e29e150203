import { describe, expect, it } from 'vitest';
import { salarySymbolBytes } from '../test-documents/salary-certificate.js';
import { assembleSalaryZip, parseSalarySymbol } from './salary-certificate-symbols.js';

const symbol = (bytes: Uint8Array, page = 1) => ({ bytes, page });

describe('salary certificate symbols', () => {
  it('reads the control header as a real certificate barcode writes it', () => {
    // The first 14 bytes of a published Form 11 barcode: id, 'z', size 0x000256, first, version 3, 01, 01.
    const header = Uint8Array.of(0xb4, 0x63, 0xfd, 0xb8, 0x7a, 0x00, 0x02, 0x56, 0x01, 0x03, 0x00, 0x01, 0x00, 0x01);
    const parsed = parseSalarySymbol(symbol(Uint8Array.from([...header, 0x50, 0x4b, 0x03, 0x04])));

    expect(parsed).toMatchObject({ id: 'b463fdb8', number: 1, count: 1 });
    expect(Array.from(parsed?.payload ?? [])).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('joins the slices in symbol-number order, whatever order they were read in, and ignores another certificate', () => {
    const zip = Uint8Array.from({ length: 100 }, (_, i) => i);
    const own = salarySymbolBytes(zip, { bytesPerSymbol: 30 });
    const [another] = salarySymbolBytes(Uint8Array.of(9, 9, 9), { id: Uint8Array.of(1, 2, 3, 4) });
    const read = [own[2], another, own[0], own[3], own[1]].map((bytes) => symbol(bytes ?? new Uint8Array()));

    expect(Array.from(assembleSalaryZip(read) ?? [])).toEqual(Array.from(zip));
  });

  it('knows symbols without the header, and Macro PDF417 symbols, as not a certificate', () => {
    const [certificate] = salarySymbolBytes(Uint8Array.of(1, 2, 3));

    expect(assembleSalaryZip([symbol(new TextEncoder().encode('just some text in a barcode'))])).toBeNull();
    expect(assembleSalaryZip([{ ...symbol(certificate ?? new Uint8Array()), macro: { segmentIndex: 0, fileId: '001' } }])).toBeNull();
  });

  it('calls a set with a symbol missing incomplete', () => {
    const symbols = salarySymbolBytes(Uint8Array.from({ length: 90 }, (_, i) => i), { bytesPerSymbol: 30 });

    expect(() => assembleSalaryZip([symbols[0], symbols[2]].map((bytes) => symbol(bytes ?? new Uint8Array())))).toThrow(
      expect.objectContaining({ code: 'SEGMENTS_INCOMPLETE' }),
    );
  });
});

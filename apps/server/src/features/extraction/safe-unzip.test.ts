import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZipEntry } from './safe-unzip.js';

const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : bytes);

describe('readZipEntry', () => {
  it('returns the named entry, deflated or stored, and null when there is none', () => {
    const zip = zipSync({ other: new TextEncoder().encode('x'), txab: [new TextEncoder().encode('<T/>'.repeat(50)), { level: 9 }] });
    const stored = zipSync({ txab: [new TextEncoder().encode('<T/>'), { level: 0 }] });

    expect(text(readZipEntry(zip, 'txab', 1000))).toBe('<T/>'.repeat(50));
    expect(text(readZipEntry(stored, 'txab', 1000))).toBe('<T/>');
    expect(readZipEntry(zip, 'missing', 1000)).toBeNull();
  });

  it('stops at the output limit whatever the ZIP declares', () => {
    const bomb = zipSync({ txab: [new Uint8Array(5_000_000), { level: 9 }] });
    // The declared size (local header at 22, central directory entry at 24) claims a tiny entry.
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    view.setUint32(22, 10, true);
    const central = lying.length - 22 - (46 + 4);
    view.setUint32(central + 24, 10, true);

    expect(bomb.length).toBeLessThan(10_000);
    expect(() => readZipEntry(bomb, 'txab', 1_000_000)).toThrow(expect.objectContaining({ code: 'OUTPUT_TOO_LARGE' }));
    expect(() => readZipEntry(lying, 'txab', 1_000_000)).toThrow(expect.objectContaining({ code: 'OUTPUT_TOO_LARGE' }));
    expect(() => readZipEntry(zipSync({ txab: [new Uint8Array(2000), { level: 0 }] }), 'txab', 1000)).toThrow(expect.objectContaining({ code: 'OUTPUT_TOO_LARGE' }));
  });

  it('calls bytes that are no ZIP, or a cut-off one, not the standard payload', () => {
    const zip = zipSync({ txab: [new TextEncoder().encode('<T/>'.repeat(500)), { level: 9 }] });

    expect(() => readZipEntry(new TextEncoder().encode('not a zip at all, just words'), 'txab', 1000)).toThrow(expect.objectContaining({ code: 'NOT_STANDARD_PAYLOAD' }));
    expect(() => readZipEntry(zip.subarray(0, 40), 'txab', 1000)).toThrow(expect.objectContaining({ code: 'NOT_STANDARD_PAYLOAD' }));
  });
});

import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;
const TB = 1024 * GB;
/** What the reader sees; the no-break space between number and unit read as a space. */
const shown = (bytes: number, language = 'en', rounding: 'nearest' | 'up' = 'nearest') => formatFileSize(bytes, language, rounding).replace(/\u00a0/g, ' ');

describe('file sizes', () => {
  it('reads small files in whole bytes and kilobytes', () => {
    expect(shown(0)).toBe('0 B');
    expect(shown(1)).toBe('1 B');
    expect(shown(512)).toBe('512 B');
    expect(shown(KB)).toBe('1 KB');
    expect(shown(3 * KB)).toBe('3 KB');
    expect(shown(12 * KB + 300)).toBe('12 KB');
    expect(shown(500 * KB)).toBe('500 KB');
  });

  it('reads large files with one decimal, none when it is zero', () => {
    expect(shown(MB)).toBe('1 MB');
    expect(shown(Math.round(28.6 * MB))).toBe('28.6 MB');
    expect(shown(50 * MB)).toBe('50 MB');
    expect(shown(Math.round(1.25 * GB))).toBe('1.3 GB');
    expect(shown(3 * TB)).toBe('3 TB');
  });

  it('never shows 1024 of a unit: a size that rounds up to it is the next unit', () => {
    expect(shown(KB - 1)).toBe(`${new Intl.NumberFormat('en-CH').format(1023)} B`);
    expect(shown(MB - 1)).toBe('1 MB');
    expect(shown(MB - 400)).toBe('1 MB'); // 1023.6 KB
    expect(shown(MB - KB)).toBe(`${new Intl.NumberFormat('en-CH').format(1023)} KB`);
    expect(shown(GB - 1)).toBe('1 GB');
    expect(shown(TB - 1)).toBe('1 TB');
    for (let bytes = KB - 2; bytes < 4 * TB; bytes = Math.floor(bytes * 1.37) + 1) {
      expect(shown(bytes), `${bytes} bytes`).not.toMatch(/^1.?024 /);
    }
  });

  it('stays in terabytes above them', () => {
    expect(shown(2048 * TB)).toBe(`${new Intl.NumberFormat('en-CH').format(2048)} TB`);
  });

  it('writes numbers as the interface language does in Switzerland', () => {
    const size = Math.round(28.6 * MB);
    expect(shown(size, 'de')).toBe('28.6 MB');
    expect(shown(size, 'gsw')).toBe('28.6 MB');
    expect(shown(size, 'it')).toBe('28.6 MB');
    expect(shown(size, 'fr')).toBe('28,6 MB');
  });

  it('rounds up a size refused as over a limit, so that it never reads as the limit itself', () => {
    const justOver = 50 * KB * KB + 1;
    expect(shown(justOver)).toBe('50 MB');
    expect(shown(justOver, 'en', 'up')).toBe('50.1 MB');
    expect(shown(justOver, 'fr', 'up')).toBe('50,1 MB');
    expect(shown(73.2 * KB * KB, 'en', 'up')).toBe('73.2 MB');
  });

  it('keeps the number and its unit together on a narrow screen', () => {
    expect(formatFileSize(12 * KB, 'en')).toBe('12\u00a0KB');
  });

  it('reads a missing or impossible size as nothing rather than failing', () => {
    expect(shown(Number.NaN)).toBe('0 B');
    expect(shown(-5)).toBe('0 B');
  });
});

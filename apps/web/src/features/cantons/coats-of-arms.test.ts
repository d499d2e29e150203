// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The 26 cantons; each has a project-made shield at public/cantons/<code>.svg (DECISIONS D10). */
const codes = [
  'ag', 'ai', 'ar', 'be', 'bl', 'bs', 'fr', 'ge', 'gl', 'gr', 'lu', 'ne', 'nw',
  'ow', 'sg', 'sh', 'so', 'sz', 'tg', 'ti', 'ur', 'vd', 'vs', 'zg', 'zh', 'ju',
];

const folder = join(import.meta.dirname, '../../../public/cantons');

describe('cantonal coats of arms', () => {
  it('lists 26 distinct cantons', () => {
    expect(new Set(codes).size).toBe(26);
  });

  it.each(codes)('%s.svg is a small, self-contained SVG with a title', (code) => {
    // readFileSync throws when the file is missing, which fails the test.
    const bytes = readFileSync(join(folder, `${code}.svg`));
    expect(bytes.length).toBeLessThan(4096);

    const text = bytes.toString('utf8');
    const document = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.localName).toBe('svg');
    expect(document.documentElement.getAttribute('role')).toBe('img');
    expect(document.documentElement.getAttribute('viewBox')).toBe('0 0 100 120');
    expect(document.querySelector('title')?.textContent).toMatch(/^Coat of arms of \S/);

    expect(text).not.toMatch(/<script/i);
    expect(text).not.toMatch(/href="http/i);
    expect(text).not.toMatch(/<image/i);
    expect(text).not.toMatch(/<text/i);
  });
});

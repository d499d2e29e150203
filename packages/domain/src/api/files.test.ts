import { describe, expect, it } from 'vitest';
import { fileNameProblem, moveFileBody, versionContentUrl } from './files.js';

describe('file names', () => {
  it.each(['Lohnausweis 2025.pdf', 'Kontoauszug_UBS (1).PDF', 'relevé.jpg', '.hidden', 'a'.repeat(255)])(
    'accepts %j',
    (name) => expect(fileNameProblem(name)).toBeUndefined(),
  );
  it.each([
    ['', 'empty'],
    ['../etc/passwd', 'slash'],
    ['C:\\Users\\anna\\x.pdf', 'backslash'],
    ['evil\u0000.pdf', 'control'],
    ['line\nbreak.pdf', 'control'],
    ['next\u0085line.pdf', 'control'],
    ['inv\u202efdp.exe', 'direction'],
    ['a\u2067b.pdf', 'direction'],
    ['..', 'dots'],
    ['a'.repeat(256), 'longer'],
  ])('refuses %j (%s)', (name, word) => {
    expect(fileNameProblem(name)).toMatch(new RegExp(word, 'i'));
  });
});

it('serves versions behind an app URL', () => {
  expect(versionContentUrl(12, 3)).toBe('/api/files/12/versions/3/content');
});

describe('moving a file', () => {
  it('accepts a known category id (DECISIONS D3)', () => {
    expect(moveFileBody.parse({ categoryId: 21 })).toEqual({ categoryId: 21 });
  });
  it.each([[{ categoryId: 6 }], [{ categoryId: '5' }], [{ categoryId: 1.5 }], [{}], [{ categoryId: 5, taxYear: 2025 }], [null]])('refuses %j', (body) => {
    expect(moveFileBody.safeParse(body).success).toBe(false);
  });
});

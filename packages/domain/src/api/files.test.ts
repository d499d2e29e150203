import { describe, expect, it } from 'vitest';
import { fileNameProblem, versionContentUrl } from './files.js';

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

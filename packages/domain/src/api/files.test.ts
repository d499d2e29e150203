import { describe, expect, it } from 'vitest';
import { fileNameProblem, MAX_UPLOAD_BYTES, moveFileBody, uploadSizeProblem } from './files.js';
import { versionContentUrl } from '../routes/files.routes.js';

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

describe('file sizes refused before sending', () => {
  it('refuses an empty file and one over 50 MB, and takes everything between', () => {
    expect(uploadSizeProblem(0)).toBe('EMPTY_FILE');
    expect(uploadSizeProblem(1)).toBeUndefined();
    expect(uploadSizeProblem(MAX_UPLOAD_BYTES)).toBeUndefined();
    expect(uploadSizeProblem(MAX_UPLOAD_BYTES + 1)).toBe('FILE_TOO_LARGE');
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

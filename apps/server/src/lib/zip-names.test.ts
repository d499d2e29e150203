import { describe, expect, it } from 'vitest';
import { categoryFolder, MAX_NAME_CHARACTERS, safeName, uniqueNamesIn, withSuffix } from './zip-names.js';

// Names a person gave their files, as they land on the expert's disk (issue 27).

describe('safeName', () => {
  it('keeps an ordinary name, accents and all', () => {
    expect(safeName('Lohnausweis 2025 – Zürich.pdf', 'x')).toBe('Lohnausweis 2025 – Zürich.pdf');
  });

  it('never lets a name be a path: separators, drive colons and parent segments go', () => {
    expect(safeName('../../etc/passwd', 'x')).toBe('_.._etc_passwd');
    expect(safeName('..\\..\\Windows\\win.ini', 'x')).toBe('_.._Windows_win.ini');
    expect(safeName('C:\\Users\\a.pdf', 'x')).toBe('C__Users_a.pdf');
    expect(safeName('..', 'fallback')).toBe('fallback');
    expect(safeName('/', 'fallback')).toBe('fallback');
    for (const name of ['../../etc/passwd', '..\\x', 'a/b', '/abs.pdf']) {
      const safe = safeName(name, 'x');
      expect(safe).not.toMatch(/[/\\]/);
      expect(safe.split('/')).not.toContain('..');
    }
  });

  it('replaces control characters and the characters Windows refuses, and drops disguising direction marks', () => {
    expect(safeName('a\u0000b\nc\u007fd\u0085e.pdf', 'x')).toBe('a_b_c_d_e.pdf');
    expect(safeName('what? "this" <is> a|b*.pdf', 'x')).toBe('what_ _this_ _is_ a_b_.pdf');
    expect(safeName('invoice\u202Efdp.exe', 'x')).toBe('invoice_fdp.exe');
  });

  it("drops what Windows would drop or hide, and renames its device names", () => {
    expect(safeName('.hidden.pdf', 'x')).toBe('hidden.pdf');
    expect(safeName('report.pdf. . ', 'x')).toBe('report.pdf');
    expect(safeName('CON', 'x')).toBe('_CON');
    expect(safeName('lpt1.txt', 'x')).toBe('_lpt1.txt');
    expect(safeName('console.txt', 'x')).toBe('console.txt');
  });

  it('bounds the length, keeping the extension and whole characters', () => {
    const long = `${'ä'.repeat(300)}.pdf`;
    const safe = safeName(long, 'x');
    expect([...safe]).toHaveLength(MAX_NAME_CHARACTERS);
    expect(safe.endsWith('ä.pdf')).toBe(true);
    const emoji = safeName(`${'📄'.repeat(200)}.pdf`, 'x');
    expect([...emoji]).toHaveLength(MAX_NAME_CHARACTERS);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no surrogate half
  });
});

describe('categoryFolder', () => {
  it('is the two-digit id and the English name, made safe', () => {
    expect(categoryFolder(5)).toBe('05 Salary Statement');
    expect(categoryFolder(21)).toBe('21 Transport');
    expect(categoryFolder(26)).toBe('26 Spouse - bank documents');
    expect(categoryFolder(39)).toBe('39 Power of attorney (signed)');
    expect(categoryFolder(99)).toBe('99 Other documents');
  });
});

describe('unique names in a folder', () => {
  it('numbers a name taken before, ignoring case as Windows and macOS do', () => {
    const unique = uniqueNamesIn();
    expect(unique('a.pdf')).toBe('a.pdf');
    expect(unique('A.PDF')).toBe('A (2).PDF');
    expect(unique('a.pdf')).toBe('a (3).pdf');
    expect(unique('b.pdf')).toBe('b.pdf');
  });

  it('keeps a numbered name within the length bound', () => {
    const unique = uniqueNamesIn();
    const name = safeName(`${'x'.repeat(300)}.pdf`, 'x');
    unique(name);
    const second = unique(name);
    expect([...second]).toHaveLength(MAX_NAME_CHARACTERS);
    expect(second.endsWith(' (2).pdf')).toBe(true);
  });

  it("puts a version's suffix before the extension", () => {
    expect(withSuffix('Kontoauszug.pdf', ' (v2)')).toBe('Kontoauszug (v2).pdf');
    expect(withSuffix('README', ' (v3)')).toBe('README (v3)');
  });
});

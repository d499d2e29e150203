import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes what needs it, doubles quotes, ends lines with CRLF and starts with a byte order mark', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], [1, null], ['line\nbreak', true]])).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n1,\r\n"line\nbreak",true\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula, not numbers', () => {
    expect(toCsv(['v'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)'], [-3]])).toBe('\uFEFFv\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-2\r\n\'@SUM(A1)\r\n-3\r\n');
  });
});

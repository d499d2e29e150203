/** A cell a spreadsheet would run as a formula (CWE-1236): it gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV (CRLF line ends, quotes doubled) of a header and its rows, with a byte order mark so
 * that a spreadsheet opens it as UTF-8; text that would start a formula is neutralised.
 */
export function toCsv(header: string[], rows: (string | number | boolean | null)[][]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

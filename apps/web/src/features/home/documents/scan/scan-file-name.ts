/**
 * The scan's file name: its category in the person's language and the day, e.g.
 * `Salary-Statement_2026-11-27.pdf`. Umlauts are written out as German does (ü → ue), other accents
 * are dropped, and anything but letters and digits becomes a hyphen, so the name survives every file
 * system, mail program and the server's name check.
 */
const WRITTEN_OUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

export function scanFileName(categoryName: string, date: Date): string {
  const safe = categoryName
    .normalize('NFC')
    .replace(/[äöüÄÖÜß]/g, (letter) => WRITTEN_OUT[letter]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${safe || 'Scan'}_${localIsoDate(date)}.pdf`;
}

/** The person's calendar day (not UTC's, which is yesterday for a Swiss scan made before 01:00). */
function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

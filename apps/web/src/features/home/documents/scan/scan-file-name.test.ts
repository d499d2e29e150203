import { describe, expect, it } from 'vitest';
import { scanFileName } from './scan-file-name';

describe('scan file name', () => {
  const day = new Date(2026, 10, 27, 14, 5);

  it('is the category, made safe for any file system, and the ISO day', () => {
    expect(scanFileName('Salary Statement', day)).toBe('Salary-Statement_2026-11-27.pdf');
    expect(scanFileName('Spouse: salary statement', day)).toBe('Spouse-salary-statement_2026-11-27.pdf');
    expect(scanFileName('Certificat de salaire / prévoyance', day)).toBe('Certificat-de-salaire-prevoyance_2026-11-27.pdf');
  });

  it('writes German umlauts out and drops other accents', () => {
    expect(scanFileName('Belege für Abzüge', day)).toBe('Belege-fuer-Abzuege_2026-11-27.pdf');
    expect(scanFileName('Äussere Grösse', day)).toBe('Aeussere-Groesse_2026-11-27.pdf');
    expect(scanFileName('Spese di formazione continua è più', day)).toBe('Spese-di-formazione-continua-e-piu_2026-11-27.pdf');
  });

  it('takes the person’s own day, also just after midnight', () => {
    expect(scanFileName('Transport', new Date(2026, 0, 1, 0, 10))).toBe('Transport_2026-01-01.pdf');
  });

  it('has a name even when the category has no letter or digit', () => {
    expect(scanFileName('—', day)).toBe('Scan_2026-11-27.pdf');
  });
});

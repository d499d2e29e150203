import { describe, expect, it } from 'vitest';
import { ADVANCED_UPLOAD_EXTENSIONS, DASHBOARD_UPLOAD_EXTENSIONS, expectedDocumentKind, uploadTypeProblem } from './upload-types.js';

describe('upload types (DECISIONS D7)', () => {
  it('goes by the last extension, in any case', () => {
    expect(expectedDocumentKind('dashboard', 'Lohnausweis.PDF')).toBe('pdf');
    expect(expectedDocumentKind('dashboard', 'scan.2025.HeIc')).toBe('heif');
    expect(uploadTypeProblem('dashboard', 'lohnausweis.pdf.exe')).toBe('UNSUPPORTED_FILE_TYPE');
    expect(uploadTypeProblem('dashboard', 'lohnausweis')).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('knows no name of an object property as an extension', () => {
    for (const name of ['x.constructor', 'x.__proto__', 'x.toString', 'x.hasOwnProperty']) {
      expect(expectedDocumentKind('dashboard', name)).toBeUndefined();
    }
  });

  it("keeps Advanced Tax Information's list to part 2 §5's seven, all of them on the dashboard's too", () => {
    expect(ADVANCED_UPLOAD_EXTENSIONS).toEqual(['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx', '.txt']);
    for (const extension of ADVANCED_UPLOAD_EXTENSIONS) {
      expect(expectedDocumentKind('advanced', `x${extension}`)).toBe(expectedDocumentKind('dashboard', `x${extension}`));
    }
    expect(uploadTypeProblem('advanced', 'tabelle.xlsx')).toBe('UNSUPPORTED_FILE_TYPE');
    expect(DASHBOARD_UPLOAD_EXTENSIONS).toContain('.xlsx');
  });
});

import { describe, expect, it } from 'vitest';
import { archivedVersions, type DocumentVersion } from './documents-zip.js';

// What the year's archive holds and under which names (issue 27 item 4).

let nextId = 1;
function version(documentId: number, categoryId: number, originalName: string, number: number): DocumentVersion {
  const versionId = nextId++;
  return {
    versionId,
    documentId,
    ownerId: 7,
    taxYear: 2025,
    categoryId,
    originalName,
    version: number,
    sizeBytes: 100,
    contentType: 'application/pdf',
    sha256: String(versionId).padStart(64, '0'),
    storageKey: `key-${versionId}`,
    wrappedKey: 'wrapped',
    createdAt: new Date('2026-03-01T10:00:00Z'),
  };
}

describe('archivedVersions', () => {
  it('holds the latest version of every document and every older version the latest transmission froze', () => {
    const bank1 = version(1, 1, 'Kontoauszug.pdf', 1);
    const bank2 = version(1, 1, 'Kontoauszug.pdf', 2);
    const bank3 = version(1, 1, 'Kontoauszug.pdf', 3); // uploaded after the transmission
    const salary = version(2, 5, 'Lohnausweis.pdf', 1);
    const added = version(3, 22, 'Säule 3a.pdf', 1); // a document added after the transmission
    const frozen = new Set([bank2.versionId, salary.versionId]);
    const paths = archivedVersions([bank1, bank2, bank3, salary, added], frozen).map((a) => [a.version.versionId, a.path]);
    expect(paths).toEqual([
      [bank3.versionId, '01 Bank Documents/Kontoauszug.pdf'],
      [bank2.versionId, '01 Bank Documents/Kontoauszug (v2).pdf'],
      [salary.versionId, '05 Salary Statement/Lohnausweis.pdf'],
      [added.versionId, '22 Pillar 3a certificate/Säule 3a.pdf'],
    ]);
  });

  it('makes names unique within a folder; the latest versions keep theirs', () => {
    const older = version(1, 1, 'a.pdf', 1);
    const latest = version(1, 1, 'a.pdf', 2);
    const lookalike = version(2, 1, 'a (v1).pdf', 1);
    const sameAfterCleaning = version(3, 1, 'a:b.pdf', 1);
    const other = version(4, 1, 'a_b.pdf', 1);
    const paths = archivedVersions([older, latest, lookalike, sameAfterCleaning, other], new Set([older.versionId])).map((a) => a.path);
    expect(paths).toEqual([
      '01 Bank Documents/a (v1).pdf',
      '01 Bank Documents/a_b.pdf',
      '01 Bank Documents/a_b (2).pdf',
      '01 Bank Documents/a.pdf',
      '01 Bank Documents/a (v1) (2).pdf',
    ]);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
  });

  it('gives a name that nothing is left of a fallback with its document id', () => {
    const [archived] = archivedVersions([version(12, 5, '...', 1)], new Set());
    expect(archived!.path).toBe('05 Salary Statement/document-12');
  });
});

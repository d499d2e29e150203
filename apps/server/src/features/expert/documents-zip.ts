import type { Readable } from 'node:stream';
import { categoryFolder, safeName, uniqueNamesIn, withSuffix } from '../../lib/zip-names.js';
import { zipStream, type ZipOptions } from '../../lib/zip-writer.js';

/** One stored version of a person's document, as the files service reads it for the experts. */
export interface DocumentVersion {
  /** The version row's id: what a transmission freezes and the single download names. */
  versionId: number;
  documentId: number;
  ownerId: number;
  taxYear: number;
  categoryId: number;
  originalName: string;
  version: number;
  sizeBytes: number;
  contentType: string;
  sha256: string;
  storageKey: string;
  wrappedKey: string;
  createdAt: Date;
}

/** A version chosen for the archive and where it goes in it. */
export interface ArchivedVersion {
  version: DocumentVersion;
  /** 'NN Category/name.ext', safe and unique. */
  path: string;
}

/**
 * What the year's archive holds (issue 27): the latest version of every document, plus every older
 * version the latest transmission froze (the expert must see what was sent even when the person
 * uploaded a newer version since). A folder per category; the latest version keeps the file's
 * name, an older one is 'name (vN).ext'; every name safe, and unique within its folder. The latest
 * versions are named first, so they keep their names when an older one would collide.
 */
export function archivedVersions(versions: DocumentVersion[], frozenVersionIds: ReadonlySet<number>): ArchivedVersion[] {
  const latestOf = new Map<number, number>();
  for (const { documentId, version } of versions) latestOf.set(documentId, Math.max(version, latestOf.get(documentId) ?? 0));
  const isLatest = (v: DocumentVersion) => latestOf.get(v.documentId) === v.version;
  const chosen = versions.filter((v) => isLatest(v) || frozenVersionIds.has(v.versionId));
  const ordered = [...chosen].sort(
    (a, b) =>
      a.categoryId - b.categoryId ||
      Number(isLatest(b)) - Number(isLatest(a)) ||
      a.originalName.localeCompare(b.originalName, 'en') ||
      a.documentId - b.documentId ||
      b.version - a.version,
  );
  const namersOf = new Map<number, (name: string) => string>();
  return ordered.map((version) => {
    let unique = namersOf.get(version.categoryId);
    if (!unique) namersOf.set(version.categoryId, (unique = uniqueNamesIn()));
    const name = safeName(version.originalName, `document-${version.documentId}`);
    const shown = isLatest(version) ? name : withSuffix(name, ` (v${version.version})`);
    return { version, path: `${categoryFolder(version.categoryId)}/${unique(shown)}` };
  });
}

/**
 * The archive of `archived`, streamed: each version decrypted by `open` only when the archive
 * reaches it. `onSourceFailure` hears a version that could not be read (its blob missing, a frame
 * failing its check): the archive is then cut there, and the reader sees an incomplete download.
 */
export function documentsZip(
  archived: ArchivedVersion[],
  open: (version: DocumentVersion) => Promise<Readable>,
  onSourceFailure: (error: unknown, version: DocumentVersion) => void,
  options: ZipOptions = {},
): { stream: Readable; length: number } {
  return zipStream(
    archived.map(({ version, path }) => ({
      path,
      size: version.sizeBytes,
      modifiedAt: version.createdAt,
      async open() {
        const body = await open(version).catch((error: unknown) => {
          onSourceFailure(error, version);
          throw error;
        });
        body.once('error', (error) => onSourceFailure(error, version));
        return body;
      },
    })),
    options,
  );
}

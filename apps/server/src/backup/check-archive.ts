import type { Readable } from 'node:stream';
import {
  BLOB_PREFIX,
  FAILED_ENTRY,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  SEQUENCES_ENTRY,
  TABLE_PART_PATTERN,
  failedSchema,
  manifestSchema,
  type Manifest,
} from './archive-format.js';
import { archiveEntries, type ArchiveEntry } from './tar-entries.js';
import { BackupError } from './write-backup.js';

/** The archive's first entry, checked: a Taxli backup of a format this version reads. */
export function parseManifest(entry: ArchiveEntry): Manifest {
  if (entry.name === FAILED_ENTRY) throw failure(entry);
  if (entry.name !== MANIFEST_ENTRY) throw new Error('This is not a Taxli backup: it does not start with manifest.json.');
  let json: unknown;
  try {
    json = JSON.parse(entry.data.toString('utf8'));
  } catch {
    throw new Error('This backup is damaged: its manifest.json is not JSON.');
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new Error(`This backup has format ${version}, made by a newer Taxli; this one reads format ${FORMAT_VERSION}.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new Error('This is not a Taxli backup, or a damaged one: its manifest.json does not describe one.');
  return parsed.data;
}

/** The reason the server wrote in place of the rest of an archive it could not finish. */
export function failure(entry: ArchiveEntry): BackupError {
  const parsed = failedSchema.safeParse(JSON.parse(entry.data.toString('utf8')));
  return parsed.success ? new BackupError(parsed.data.code, parsed.data.message) : new BackupError('FAILED', 'The server could not finish the backup.');
}

/** Lines in a table part: one per row, each ending in a newline. */
export function rowCount(data: Buffer): number {
  let count = 0;
  for (let i = data.indexOf(10); i >= 0; i = data.indexOf(10, i + 1)) count++;
  return count;
}

/**
 * Reads an archive through and checks that it is whole: the manifest first, then every table with
 * as many rows and as many blobs as the manifest counts. A cut or damaged file throws.
 */
export async function checkArchive(source: Readable): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const rows = new Map<string, number>();
  let blobs = 0;
  let sequences = false;
  for await (const entry of archiveEntries(source)) {
    if (!manifest) {
      manifest = parseManifest(entry);
      continue;
    }
    const table = TABLE_PART_PATTERN.exec(entry.name)?.[1];
    if (entry.name === FAILED_ENTRY) throw failure(entry);
    else if (table) rows.set(table, (rows.get(table) ?? 0) + rowCount(entry.data));
    else if (entry.name === SEQUENCES_ENTRY) sequences = true;
    else if (entry.name.startsWith(BLOB_PREFIX)) blobs++;
    else throw new Error(`The backup holds an unknown entry: ${entry.name}`);
  }
  if (!manifest) throw new Error('The backup is empty.');
  const short = manifest.tables.filter((t) => (rows.get(t.name) ?? 0) !== t.rows).map((t) => t.name);
  if (short.length > 0 || !sequences || blobs !== manifest.blobs.count) {
    throw new Error(`The backup is incomplete${short.length > 0 ? ` (tables ${short.join(', ')})` : ''}: ${blobs} of ${manifest.blobs.count} documents' blobs.`);
  }
  return manifest;
}

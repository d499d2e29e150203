import { createHmac } from 'node:crypto';
import { z } from 'zod';

/**
 * A backup is a gzip-compressed tar archive, its entries in this order:
 *
 * - `manifest.json`: what the archive holds (below), first so a restore can refuse before it
 *   touches anything;
 * - `database/<table>/<part>.jsonl` per table, tables in foreign-key order: one JSON array per row,
 *   each column as PostgreSQL's own text form (null for NULL), so every type comes back exactly;
 * - `database/sequences.json`: every sequence's position;
 * - `blobs/<storage key>`: each document's encrypted blob as the store holds it;
 * - `backup-failed.json` instead of the rest when the server had to stop an archive it had begun
 *   (`{ code, message }`); such an archive is never kept.
 */
export const FORMAT = 'taxli-backup';
export const FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const SEQUENCES_ENTRY = 'database/sequences.json';
export const FAILED_ENTRY = 'backup-failed.json';
export const BLOB_PREFIX = 'blobs/';
export const tablePartEntry = (table: string, part: number): string => `database/${table}/${String(part).padStart(5, '0')}.jsonl`;
export const TABLE_PART_PATTERN = /^database\/([a-z_][a-z0-9_]*)\/\d{5}\.jsonl$/;

/** Said in every manifest, for whoever opens an archive by hand. */
export const NOT_INCLUDED_NOTE =
  'This archive holds the database and the encrypted documents, not the keys. MASTER_KEY (or DATA_DIR/master.key) ' +
  'is not in it: without that key the documents, AHV numbers, tax IDs and messages in it cannot be read, so keep ' +
  'the key apart from the archive. SESSION_SECRET (or DATA_DIR/session-secret) is not in it either. S3 credentials, ' +
  'SMTP settings and every other setting stay with the server.';

const column = z.object({ name: z.string(), type: z.string() });
const table = z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), columns: z.array(column), rows: z.number().int().min(0) });

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  appCommit: z.string().nullable(),
  createdAt: z.string(),
  /** Where the data came from (pglite or pg); a restore may go to either. */
  sourceDatabase: z.enum(['pglite', 'pg']),
  /** The committed migrations the data was written under, oldest first; `latest` is the last of them. */
  migration: z.object({ latest: z.string(), applied: z.array(z.string()) }),
  /** In the order a restore inserts them (a table after those its foreign keys point to). */
  tables: z.array(table),
  blobs: z.object({ count: z.number().int().min(0) }),
  /**
   * Fingerprints (HMAC-SHA256 of a fixed text keyed by the secret), never the secrets: a restore
   * compares them with its own secrets' without learning anything about either.
   */
  fingerprints: z.object({ masterKey: z.string(), sessionSecret: z.string() }),
  notIncluded: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type TableManifest = z.infer<typeof table>;

export const failedSchema = z.object({ code: z.string(), message: z.string() });

export function fingerprint(secret: Buffer | string): string {
  return createHmac('sha256', secret).update('taxli backup fingerprint v1').digest('hex');
}

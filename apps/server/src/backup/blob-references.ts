import { getTableName } from 'drizzle-orm';
import { documentVersions } from '../db/schema.js';

/**
 * The table whose rows name blobs: `storageKey` is the key in the blob store, `wrappedKey` the
 * blob's data key sealed by MASTER_KEY. A backup copies the blobs its rows name and a restore checks
 * that it received exactly those. Named through the schema, so a rename is a type error here.
 */
export const BLOB_ROWS = {
  table: getTableName(documentVersions),
  storageKey: documentVersions.storageKey.name,
  wrappedKey: documentVersions.wrappedKey.name,
};

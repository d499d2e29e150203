import { join } from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

/** S3-compatible storage when S3_BUCKET is set, otherwise DATA_DIR/blobs. */
export async function createBlobStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<BlobStore> {
  if (config.s3) return createS3BlobStore(config.s3);
  return createLocalBlobStore(localBlobDirectory(config.dataDir));
}

/** The local store's folder (DATA_DIR/blobs) when no S3 bucket is set. */
export function localBlobDirectory(dataDir: string): string {
  return join(dataDir, 'blobs');
}

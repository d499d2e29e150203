import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Tests pass them; production uses the usual AWS_* variables and instance roles. */
  credentials?: S3ClientConfig['credentials'];
  /** Tests shorten them; production keeps STORAGE_TIMEOUTS. */
  timeouts?: StorageTimeouts;
}

export interface StorageTimeouts {
  /** How long a connection to the endpoint may take to open. */
  connectMs: number;
  /** How long a request's socket may stay silent, sending or receiving, before the request fails. */
  idleMs: number;
}

/**
 * The AWS client sets no time-out of its own: an endpoint that accepts and then says nothing would
 * hold an upload's request, a download and the line of background reads forever. A limit on
 * silence, not on the whole request, so a 50 MB document on a slow link still goes through.
 */
export const STORAGE_TIMEOUTS: StorageTimeouts = { connectMs: 5_000, idleMs: 30_000 };

/** How long the health check waits for the bucket to answer. */
const CHECK_TIMEOUT_MS = 5000;

/**
 * The health check's probe objects live under this prefix. A blob key is base64url, which has no
 * '/', so no blob is ever named like one; `list` leaves them out, so the blob sweep never sees them.
 */
export const HEALTH_PROBE_PREFIX = 'health-probe/';

/**
 * Blobs as objects in an S3-compatible bucket. A multipart upload becomes visible under its key
 * only when it completes, so a failed or interrupted upload leaves no object behind (the upload is
 * aborted). Parts are 5 MiB, two in flight: a 50 MB document never sits in memory whole.
 */
export function createS3BlobStore(settings: S3Settings): BlobStore {
  const timeouts = settings.timeouts ?? STORAGE_TIMEOUTS;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
    async put(key, body) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: 'application/octet-stream' },
        partSize: 5 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key?.startsWith(HEALTH_PROBE_PREFIX)) continue;
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
        }
      }
    },
    // An interrupted multipart upload is no object and is not listed; the bucket's lifecycle rule
    // (AbortIncompleteMultipartUpload) removes its parts. What is left are health probes a crash
    // kept from being deleted.
    async removeIncompleteWrites(before) {
      let removed = 0;
      for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket, Prefix: HEALTH_PROBE_PREFIX })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < before) {
            await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
            removed++;
          }
        }
      }
      return removed;
    },
    async check() {
      // A small object put and deleted, as an upload's would be: a bucket may answer HeadBucket
      // while these credentials may not write to it.
      const abortSignal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
      const Key = `${HEALTH_PROBE_PREFIX}${randomBytes(12).toString('hex')}`;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: 'taxli health probe' }), { abortSignal });
      await client.send(new DeleteObjectCommand({ Bucket, Key }), { abortSignal });
    },
    // A bucket tells no free space.
    freeSpace: async () => undefined,
  };
}

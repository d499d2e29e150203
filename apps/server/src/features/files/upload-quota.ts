import type { StorageUsage } from '@taxli/domain';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { StorageLimits } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { FreeDiskSpace } from '../../storage/free-disk-space.js';
import type { StorageUsageRepository } from './storage-usage.repository.js';

const HOUR_MS = 3_600_000;
const MB = 1024 * 1024;
const GB = 1024 * MB;

/** "2 GB", "500 MB": the limits as a server message names them. */
function describeBytes(bytes: number): string {
  return bytes >= GB ? `${Number((bytes / GB).toFixed(1))} GB` : `${Math.round(bytes / MB)} MB`;
}

export interface UploadQuotaDeps {
  usage: StorageUsageRepository;
  limits: StorageLimits;
  clock: Clock;
  /** The blob directory's free disk (undefined for S3: no floor). */
  freeDiskSpace: FreeDiskSpace;
}

/**
 * A refusal in the middle of the body: the rest of it is not read, so the connection is closed
 * after the answer (as a first file over 50 MB is answered 413).
 */
const midBody = (error: AppError) => new AppError(error.statusCode, error.code, error.message, error.field, { ...error.headers, connection: 'close' });

/** What this upload may still add before one of the limits refuses it. */
interface ByteLimit {
  bytesLeft: number;
  refusal: () => AppError;
}

/**
 * What one upload request may add, counted as its files pass. Made by `UploadQuota.open`, which
 * has already refused an upload that may add nothing; this refuses the one whose bytes run past the
 * smallest allowance (the stream fails, so its partial blob is removed and no row written).
 */
export class UploadAllowance {
  private files = 0;
  private bytes = 0;
  /** The refusal once a limit is passed; the upload answers it instead of a broken-body error. */
  refused: AppError | undefined;

  constructor(
    private readonly limits: ByteLimit[],
    private readonly filesLeft: number,
    private readonly filesRefusal: () => AppError,
  ) {}

  /** A file is about to be stored: refused (429) when the hour's files are used up. */
  beginFile(): void {
    this.files++;
    if (this.files > this.filesLeft) throw (this.refused = midBody(this.filesRefusal()));
  }

  /** The file's bytes, counted as they pass; the stream fails once they go past what is left. */
  count(source: Readable): Readable {
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.bytes += chunk.length;
        const passed = this.limits.filter((limit) => this.bytes > limit.bytesLeft).sort((a, b) => a.bytesLeft - b.bytesLeft)[0];
        if (passed) {
          this.refused = midBody(passed.refusal());
          done(this.refused);
        } else done(null, chunk);
      },
    });
    // pipeline: an error of the body reaches the counter's reader, and a failed reader ends the body.
    return pipeline(source, counter, () => undefined);
  }
}

/**
 * The storage limits of an upload (issue 26): the account's quota (507 QUOTA_EXCEEDED), its hourly
 * upload rate (429 UPLOAD_RATE_LIMITED with Retry-After) and the server's free-disk floor (507
 * DISK_SPACE_LOW). Usage and rate are read from the stored versions' rows in one query, so they
 * hold across instances; each check is made before any byte of the upload is stored.
 */
export function createUploadQuota({ usage, limits, clock, freeDiskSpace }: UploadQuotaDeps) {
  const quotaExceeded = () =>
    new AppError(
      507,
      'QUOTA_EXCEEDED',
      `This upload would take the account past its storage quota of ${describeBytes(limits.quotaBytes)}: delete documents it no longer needs, then try again`,
      'files',
    );
  const diskSpaceLow = () =>
    new AppError(507, 'DISK_SPACE_LOW', 'The server is short of disk space and takes no uploads now: please try again later', 'files');

  return {
    async usage(userId: number): Promise<StorageUsage> {
      const { storedBytes } = await usage.usageSince(userId, clock()); // only the stored bytes are asked for
      return { usedBytes: storedBytes, quotaBytes: limits.quotaBytes };
    },

    /** Refuses an upload that may add nothing; otherwise what it may add. */
    async open(userId: number): Promise<UploadAllowance> {
      const now = clock().getTime();
      const [free, used] = await Promise.all([freeDiskSpace(), usage.usageSince(userId, new Date(now - HOUR_MS))]);
      const floor = limits.minFreeBytes > 0 && free !== undefined ? free - limits.minFreeBytes : undefined;
      if (floor !== undefined && floor <= 0) throw diskSpaceLow();
      if (used.storedBytes >= limits.quotaBytes) throw quotaExceeded();

      // As the other hourly limits: until the oldest upload of the hour leaves it (a whole hour when
      // there is none, as when one request alone carries more than an hour allows).
      const retryAfter = used.oldestAddedAt ? Math.max(1, Math.ceil((used.oldestAddedAt.getTime() + HOUR_MS - now) / 1000)) : HOUR_MS / 1000;
      const rateLimited = () =>
        new AppError(
          429,
          'UPLOAD_RATE_LIMITED',
          `This account may upload at most ${describeBytes(limits.bytesPerHour)} or ${limits.filesPerHour} files an hour: please try again later`,
          'files',
          { 'Retry-After': String(retryAfter) },
        );
      if (used.addedFiles >= limits.filesPerHour || used.addedBytes >= limits.bytesPerHour) throw rateLimited();

      const byteLimits: ByteLimit[] = [
        { bytesLeft: limits.quotaBytes - used.storedBytes, refusal: quotaExceeded },
        { bytesLeft: limits.bytesPerHour - used.addedBytes, refusal: rateLimited },
      ];
      if (floor !== undefined) byteLimits.push({ bytesLeft: floor, refusal: diskSpaceLow });
      return new UploadAllowance(byteLimits, limits.filesPerHour - used.addedFiles, rateLimited);
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;

import type { StorageUsage } from '@taxli/domain';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { StorageLimits } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { FreeDiskSpace } from '../../storage/free-disk-space.js';
import type { AddedVersion, StorageUsageRepository } from './storage-usage.repository.js';

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
  refusal: (added: { files: number; bytes: number }) => AppError;
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
    private readonly filesRefusal: ByteLimit['refusal'],
  ) {}

  /** A file is about to be stored: refused (429) when the hour's files are used up. */
  beginFile(): void {
    this.files++;
    if (this.files > this.filesLeft) throw (this.refused = midBody(this.filesRefusal({ files: this.files, bytes: this.bytes })));
  }

  /** The file's bytes, counted as they pass; the stream fails once they go past what is left. */
  count(source: Readable): Readable {
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.bytes += chunk.length;
        const passed = this.limits.filter((limit) => this.bytes > limit.bytesLeft).sort((a, b) => a.bytesLeft - b.bytesLeft)[0];
        if (passed) {
          this.refused = midBody(passed.refusal({ files: this.files, bytes: this.bytes }));
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
 * DISK_SPACE_LOW). Usage and rate are read from the stored versions' rows, so they hold across
 * instances; each check is made before any byte of the upload is stored.
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

  /** Seconds until rows of the last hour have aged out far enough for `room` more (an hour when it never fits). */
  function secondsUntilRoom(recent: AddedVersion[], now: number, room: { files: number; bytes: number }): number {
    let files = recent.length;
    let bytes = recent.reduce((total, row) => total + row.sizeBytes, 0);
    const fits = () => files + room.files <= limits.filesPerHour && bytes + room.bytes <= limits.bytesPerHour;
    for (const row of recent) {
      files -= 1;
      bytes -= row.sizeBytes;
      if (fits()) return Math.max(1, Math.ceil((row.createdAt.getTime() + HOUR_MS - now) / 1000));
    }
    return HOUR_MS / 1000;
  }

  return {
    async usage(userId: number): Promise<StorageUsage> {
      return { usedBytes: await usage.storedBytes(userId), quotaBytes: limits.quotaBytes };
    },

    /** Refuses an upload that may add nothing; otherwise what it may add. */
    async open(userId: number): Promise<UploadAllowance> {
      const now = clock().getTime();
      const [free, used, recent] = await Promise.all([
        freeDiskSpace(),
        usage.storedBytes(userId),
        usage.addedSince(userId, new Date(now - HOUR_MS)),
      ]);
      const floor = limits.minFreeBytes > 0 && free !== undefined ? free - limits.minFreeBytes : undefined;
      if (floor !== undefined && floor <= 0) throw diskSpaceLow();
      if (used >= limits.quotaBytes) throw quotaExceeded();

      const rateLimited = (added: { files: number; bytes: number }) =>
        new AppError(
          429,
          'UPLOAD_RATE_LIMITED',
          `This account may upload at most ${describeBytes(limits.bytesPerHour)} or ${limits.filesPerHour} files an hour: please try again later`,
          'files',
          { 'Retry-After': String(secondsUntilRoom(recent, now, added)) },
        );
      const addedFiles = recent.length;
      const addedBytes = recent.reduce((total, row) => total + row.sizeBytes, 0);
      if (addedFiles >= limits.filesPerHour || addedBytes >= limits.bytesPerHour) throw rateLimited({ files: 1, bytes: 1 });

      const byteLimits: ByteLimit[] = [
        { bytesLeft: limits.quotaBytes - used, refusal: quotaExceeded },
        { bytesLeft: limits.bytesPerHour - addedBytes, refusal: rateLimited },
      ];
      if (floor !== undefined) byteLimits.push({ bytesLeft: floor, refusal: diskSpaceLow });
      return new UploadAllowance(byteLimits, limits.filesPerHour - addedFiles, rateLimited);
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;

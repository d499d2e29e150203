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
 * What the running uploads of one account have counted in this process. An upload's limits start
 * from the stored rows it reads as it opens, which do not hold what another upload of the account
 * is storing meanwhile (up to MAX_CONCURRENT_UPLOADS run at once), nor what one that ends after
 * the read writes; so each upload also counts every byte and file the account's uploads count from
 * the moment it began to open, and what those running then had counted. Forgotten once none runs:
 * the next upload's read of the rows holds them all.
 */
class AccountUploads {
  bytes = 0;
  files = 0;
  readonly running = new Set<UploadShare>();
}

/** One upload's part in its account's counts, from the moment it begins to open until it ends. */
class UploadShare {
  private bytes = 0;
  private files = 0;
  /** The account's counts then, less what the uploads running then had counted (they count for this one). */
  private readonly bytesBefore: number;
  private readonly filesBefore: number;

  constructor(
    private readonly account: AccountUploads,
    private readonly onLeave: () => void,
  ) {
    let runningBytes = 0;
    let runningFiles = 0;
    for (const other of account.running) {
      runningBytes += other.bytes;
      runningFiles += other.files;
    }
    this.bytesBefore = account.bytes - runningBytes;
    this.filesBefore = account.files - runningFiles;
    account.running.add(this);
  }

  /** Counts this upload's bytes or file; answers what the account's uploads added for this one to count. */
  addBytes(bytes: number): number {
    this.bytes += bytes;
    this.account.bytes += bytes;
    return this.account.bytes - this.bytesBefore;
  }

  addFile(): number {
    this.files++;
    this.account.files++;
    return this.account.files - this.filesBefore;
  }

  /** The upload has ended; what it did not keep (refused, failed) no longer counts for the others. */
  leave(kept: boolean): void {
    if (!this.account.running.delete(this)) return;
    if (!kept) {
      this.account.bytes -= this.bytes;
      this.account.files -= this.files;
    }
    this.onLeave();
  }
}

/**
 * What one upload request may add, counted as its files pass. Made by `UploadQuota.open`, which
 * has already refused an upload that may add nothing; this refuses the one whose bytes, with those
 * the account's other uploads stored since it opened, run past the smallest allowance (the stream
 * fails, so its partial blob is removed and no row written). Closed when the upload has ended.
 */
export class UploadAllowance {
  /** The refusal once a limit is passed; the upload answers it instead of a broken-body error. */
  refused: AppError | undefined;

  constructor(
    private readonly share: UploadShare,
    private readonly limits: ByteLimit[],
    private readonly filesLeft: number,
    private readonly filesRefusal: () => AppError,
  ) {}

  /** A file is about to be stored: refused (429) when the hour's files are used up. */
  beginFile(): void {
    if (this.share.addFile() > this.filesLeft) throw (this.refused = midBody(this.filesRefusal()));
  }

  /** The file's bytes, counted as they pass; the stream fails once they go past what is left. */
  count(source: Readable): Readable {
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        const added = this.share.addBytes(chunk.length);
        const passed = this.limits.filter((limit) => added > limit.bytesLeft).sort((a, b) => a.bytesLeft - b.bytesLeft)[0];
        if (passed) {
          this.refused = midBody(passed.refusal());
          done(this.refused);
        } else done(null, chunk);
      },
    });
    // pipeline: an error of the body reaches the counter's reader, and a failed reader ends the body.
    return pipeline(source, counter, () => undefined);
  }

  /**
   * The upload has ended: `kept` when it answered with its files (their rows written), not when it
   * was refused or failed, which stores none of them.
   */
  close(kept: boolean): void {
    this.share.leave(kept);
  }
}

/**
 * The storage limits of an upload (issue 26): the account's quota (507 QUOTA_EXCEEDED), its hourly
 * upload rate (429 UPLOAD_RATE_LIMITED with Retry-After) and the server's free-disk floor (507
 * DISK_SPACE_LOW). Usage and rate are read from the stored versions' rows in one query, so they
 * hold across instances; each check is made before any byte of the upload is stored.
 */
export function createUploadQuota({ usage, limits, clock, freeDiskSpace }: UploadQuotaDeps) {
  const accounts = new Map<number, AccountUploads>();
  const quotaExceeded = () =>
    new AppError(
      507,
      'QUOTA_EXCEEDED',
      `This upload would take the account past its storage quota of ${describeBytes(limits.quotaBytes)}: delete documents it no longer needs, then try again`,
      'files',
    );
  const diskSpaceLow = () =>
    new AppError(507, 'DISK_SPACE_LOW', 'The server is short of disk space and takes no uploads now: please try again later', 'files');

  /** The limits' allowance for this upload from the stored rows, or the refusal of one that may add nothing. */
  async function allowanceOf(share: UploadShare, userId: number): Promise<UploadAllowance> {
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
    return new UploadAllowance(share, byteLimits, limits.filesPerHour - used.addedFiles, rateLimited);
  }

  return {
    async usage(userId: number): Promise<StorageUsage> {
      const { storedBytes } = await usage.usageSince(userId, clock()); // only the stored bytes are asked for
      return { usedBytes: storedBytes, quotaBytes: limits.quotaBytes };
    },

    /** Refuses an upload that may add nothing; otherwise what it may add. */
    async open(userId: number): Promise<UploadAllowance> {
      // Joined before the rows are read: an upload that ends meanwhile is in the rows, or counted
      // here, or both (which only refuses sooner).
      const account = accounts.get(userId) ?? new AccountUploads();
      accounts.set(userId, account);
      const share = new UploadShare(account, () => {
        if (account.running.size === 0 && accounts.get(userId) === account) accounts.delete(userId);
      });
      try {
        return await allowanceOf(share, userId);
      } catch (error) {
        share.leave(false);
        throw error;
      }
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;

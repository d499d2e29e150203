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
 * The uploads of one account in this process that its next uploads must count. An upload's limits
 * start from the stored rows it reads as it opens, which hold neither what the account's other
 * uploads are storing meanwhile (up to MAX_CONCURRENT_UPLOADS run at once) nor what one that ends
 * after the read wrote. Uploads are served in the order they began to open: each counts what the
 * earlier ones still running may store (the size their request declared, or what they counted so
 * far when it is larger or not declared), and what those that ended since it began to open kept.
 * An upload that declared no size cannot count on the later ones counting it, so it counts them
 * too. Forgotten once none runs: the next upload's read of the rows holds them all.
 */
class AccountUploads {
  /** Running uploads, and uploads that ended with their files while one that began before runs. */
  readonly members = new Set<UploadShare>();
  private events = 0;

  next(): number {
    return ++this.events;
  }

  running(): UploadShare[] {
    return [...this.members].filter((member) => member.endedAt === undefined);
  }
}

/** One upload's part in its account's counts, from the moment it begins to open until it ends. */
class UploadShare {
  bytes = 0;
  files = 0;
  readonly joinedAt: number;
  /** When it ended with its files (their rows written); undefined while it runs. */
  endedAt: number | undefined;

  constructor(
    private readonly account: AccountUploads,
    /** The request's declared size (its Content-Length): what its files may bring at most. */
    private readonly declaredBytes: number | undefined,
    private readonly onLeave: () => void,
  ) {
    this.joinedAt = account.next();
    account.members.add(this);
  }

  /**
   * What another upload must count of this one: an earlier one's declared size while it runs, what
   * it kept once it ended after the other began; a later one's bytes only when the other declared
   * no size (a later one counts the other's declared size itself). Files, which no request
   * declares, count both ways.
   */
  private claimOn(other: UploadShare): { bytes: number; files: number } {
    if (this.endedAt !== undefined && this.endedAt < other.joinedAt) return { bytes: 0, files: 0 };
    const earlier = this.joinedAt < other.joinedAt;
    if (!earlier && other.declaredBytes !== undefined) return { bytes: 0, files: this.files };
    const running = this.endedAt === undefined;
    return { bytes: earlier && running ? Math.max(this.declaredBytes ?? 0, this.bytes) : this.bytes, files: this.files };
  }

  /** What this upload and the others it counts have added since it began to open. */
  added(): { bytes: number; files: number } {
    let bytes = this.bytes;
    let files = this.files;
    for (const member of this.account.members) {
      if (member === this) continue;
      const claim = member.claimOn(this);
      bytes += claim.bytes;
      files += claim.files;
    }
    return { bytes, files };
  }

  /** The upload has ended: `kept` when its files were stored; one refused or failed stored nothing. */
  leave(kept: boolean): void {
    if (!this.account.members.has(this) || this.endedAt !== undefined) return;
    if (kept) this.endedAt = this.account.next();
    else this.account.members.delete(this);
    // An ended upload is counted only by those that began before it ended.
    const running = this.account.running();
    const oldest = Math.min(...running.map((member) => member.joinedAt));
    for (const member of this.account.members) {
      if (member.endedAt !== undefined && member.endedAt < oldest) this.account.members.delete(member);
    }
    if (running.length === 0) this.onLeave();
  }
}

/**
 * What one upload request may add, counted as its files pass. Made by `UploadQuota.open`, which
 * has already refused an upload that may add nothing; this refuses the one whose bytes, with what
 * it counts of the account's other uploads (AccountUploads), run past the smallest allowance (the
 * stream fails, so its partial blob is removed and no row written). Closed when the upload has ended.
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
    this.share.files++;
    if (this.share.added().files > this.filesLeft) throw (this.refused = midBody(this.filesRefusal()));
  }

  /** The file's bytes, counted as they pass; the stream fails once they go past what is left. */
  count(source: Readable): Readable {
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.share.bytes += chunk.length;
        const added = this.share.added().bytes;
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

    /**
     * Refuses an upload that may add nothing; otherwise what it may add. `declaredBytes`: the
     * request's Content-Length, which its files cannot pass (an upload that declares none is counted
     * as it streams).
     */
    async open(userId: number, declaredBytes?: number): Promise<UploadAllowance> {
      // Joined before the rows are read: an upload that ends meanwhile is in the rows, or counted
      // here, or both (which only refuses sooner).
      const account = accounts.get(userId) ?? new AccountUploads();
      accounts.set(userId, account);
      const share = new UploadShare(account, declaredBytes, () => {
        if (accounts.get(userId) === account) accounts.delete(userId);
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
